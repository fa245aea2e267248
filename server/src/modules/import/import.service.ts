import {
  canonicalDays,
  colonyTexts,
  combinationTexts,
  consumptionTexts,
  countValue,
  DAY_NAMES,
  IMPORT_COLUMNS,
  type ImportColumn,
  type ImportCustomersResponse,
  type ImportProblem,
  type ImportRow,
  importedCustomer,
  importTexts,
  isBlank,
  type Language,
  ONE_UNIT,
  type Paise,
  quantityInput,
  REQUIRED_IMPORT_COLUMNS,
} from '@dairy/contract';
import type { Db } from '../../db/client';
import { withFreshStatistics } from '../../db/statistics';
import { badRequest } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { type ColonyRow, findColony } from '../colony/colony.repo';
import { allCombinations } from '../combination/combination.repo';
import { insertConsumptions } from '../consumption/consumption.repo';
import { insertCustomers } from '../customer/customer.repo';
import { findProductRow, isUsable, type ProductRow, productRowsOfCode } from '../product/product.repo';
import { duplicateProblems, type Identity } from './duplicates';
import { knownCustomers, waitForOtherImports } from './import.repo';

/**
 * Importing customers (docs/rules.md section 16): every row is checked by the rules of Add Customer
 * (the contract's `importedCustomer`) and Add Consumption (an existing, usable product row), none
 * may repeat a customer (section 23), and either every row is written, in one database
 * transaction, or none.
 */

/** The Add Customer field each column feeds. */
const CUSTOMER_FIELDS = {
  name: 'Name',
  contactNumber: 'Phone',
  address: 'Address',
  colony: 'Colony Code',
  route: 'Route',
  due: 'Opening Balance',
  language: 'Language',
} as const satisfies Record<string, ImportColumn>;

interface CheckedRow {
  row: number;
  /** Who the row is, when its name is right; its colony is set once found. */
  identity?: Identity;
  /** Undefined when a customer field has a problem. */
  customer?: {
    customerName: string;
    contactNumber: string;
    address: string;
    route: number;
    openingBalance: Paise;
    language: Language;
  };
  /** The colony code as written, when there is one to look up. */
  colony?: string;
  product?: { code: string; days: string };
  /** Hundredths (docs/rules.md section 12); the consumption's default when left out. */
  quantity?: number;
}

/** The required columns no row has (a file without them is refused as a whole). */
export function missingColumns(rows: readonly ImportRow[]): string[] {
  const present = new Set(rows.flatMap((r) => Object.keys(r)));
  return REQUIRED_IMPORT_COLUMNS.filter((c) => !present.has(c));
}

/** "monday,  Friday" → "Monday, Friday" (canonical order); undefined when a name is not a day. */
function daysOf(text: string): string | undefined {
  const names = text
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d !== '');
  const days = names.map((d) => DAY_NAMES.find((day) => day.toLowerCase() === d.toLowerCase()));
  return days.length > 0 && days.every((d) => d !== undefined) ? canonicalDays(days as string[]) : undefined;
}

/** One row's checks that need no database; its problems go to `problems`. */
function checkRow(values: ImportRow, row: number, problems: ImportProblem[]): CheckedRow {
  const text = (column: ImportColumn) => values[column] ?? '';
  const problem = (column: ImportColumn, message: string) => problems.push({ row, column, message });
  const openingBalance = text('Opening Balance');
  const customer = importedCustomer.safeParse({
    name: text('Name'),
    contactNumber: text('Phone'),
    address: text('Address'),
    colony: text('Colony Code'),
    route: text('Route'),
    due: isBlank(openingBalance) ? undefined : openingBalance,
    language: text('Language'),
  });
  const wrong = new Set<string>();
  for (const issue of customer.success ? [] : customer.error.issues) {
    const column = CUSTOMER_FIELDS[issue.path[0] as keyof typeof CUSTOMER_FIELDS];
    if (!column || wrong.has(column)) continue;
    wrong.add(column);
    problem(column, issue.message);
  }
  const code = text('Product Code').trim();
  const daysText = text('Days').trim();
  const quantityText = text('Quantity').trim();
  const days = daysText ? daysOf(daysText) : undefined;
  if (daysText && !days) problem('Days', combinationTexts.unknownDay);
  if (code && !daysText) problem('Days', importTexts.productWithoutDays);
  if (daysText && !code) problem('Product Code', importTexts.daysWithoutProduct);
  let quantity: number | undefined;
  if (quantityText) {
    const parsed = quantityInput.safeParse(quantityText);
    if (!parsed.success) problem('Quantity', parsed.error.issues[0]!.message);
    else if (!code) problem('Quantity', importTexts.quantityWithoutProduct);
    else quantity = parsed.data;
  }
  const colony = text('Colony Code').trim();
  const route = importedCustomer.shape.route.safeParse(text('Route'));
  const checked: CheckedRow = {
    row,
    identity: wrong.has('Name')
      ? undefined
      : { name: text('Name'), phone: text('Phone'), route: route.success ? route.data : undefined },
    colony: wrong.has('Colony Code') ? undefined : colony,
    product: code && days ? { code, days } : undefined,
    quantity,
  };
  if (customer.success) {
    const { name, contactNumber, address, route, due = 0, language = 'en' } = customer.data;
    checked.customer = { customerName: name, contactNumber, address, route, openingBalance: due, language };
  }
  return checked;
}

interface ResolvedRow {
  customer: NonNullable<CheckedRow['customer']>;
  colonyCode: string;
  productId?: number;
  quantity?: number;
}

/**
 * The rows' checks against the database: their colony, combination and product row exist and
 * may be used. Answers the rows ready to write (all of them when `problems` stays empty).
 */
async function resolveRows(db: Db, rows: CheckedRow[], problems: ImportProblem[]): Promise<ResolvedRow[]> {
  const colonies = new Map<string, ColonyRow | undefined>();
  const combinations = new Map((await allCombinations(db)).map((c) => [c.combinationDays, c.combinationId]));
  const productRows = new Map<string, ProductRow | undefined>();
  const codeExists = new Map<string, boolean>();
  const resolved: ResolvedRow[] = [];
  for (const r of rows) {
    const problem = (column: ImportColumn, message: string) => problems.push({ row: r.row, column, message });
    let colony: ColonyRow | undefined;
    if (r.colony) {
      if (!colonies.has(r.colony)) colonies.set(r.colony, await findColony(db, r.colony));
      colony = colonies.get(r.colony);
      if (colony && r.identity) r.identity.colonyCode = colony.colonyCode;
      if (!colony) problem('Colony Code', importTexts.colonyMissing(r.colony));
      else if (colony.disable === 1) problem('Colony Code', colonyTexts.disabled);
    }
    let productId: number | undefined;
    if (r.product) {
      const { code, days } = r.product;
      const combinationId = combinations.get(days);
      if (!codeExists.has(code)) codeExists.set(code, (await productRowsOfCode(db, code)).length > 0);
      if (!codeExists.get(code)) problem('Product Code', importTexts.productMissing(code));
      else if (combinationId === undefined) problem('Days', importTexts.daysMissing(days));
      else {
        const key = `${combinationId} ${code}`;
        if (!productRows.has(key)) productRows.set(key, await findProductRow(db, code, combinationId));
        const row = productRows.get(key);
        if (!row) problem('Days', importTexts.productNotOnDays(code, days));
        else if (!isUsable(row)) problem('Product Code', consumptionTexts.productRowUnavailable);
        else productId = row.productId;
      }
    }
    if (r.customer && colony && colony.disable === 0)
      resolved.push({ customer: r.customer, colonyCode: colony.colonyCode, productId, quantity: r.quantity });
  }
  return resolved;
}

/** Every problem of every row, by row then in the template's column order. */
async function checkRows(db: Db, rows: readonly ImportRow[]) {
  const problems: ImportProblem[] = [];
  const checked = rows.map((values, i) => checkRow(values, i + 1, problems));
  const resolved = await resolveRows(db, checked, problems);
  problems.push(
    ...duplicateProblems(
      checked.map((r) => r.identity),
      await knownCustomers(db),
    ),
  );
  const column = (p: ImportProblem) => IMPORT_COLUMNS.indexOf(p.column as ImportColumn);
  problems.sort((a, b) => a.row - b.row || column(a) - column(b));
  return { problems, resolved };
}

/**
 * Checks the rows and, unless `dryRun`, imports them all when none has a problem. A refusal
 * answers the problems and writes nothing.
 */
export async function importCustomers(
  db: Db,
  rows: readonly ImportRow[],
  dryRun: boolean,
): Promise<ImportCustomersResponse> {
  const missing = missingColumns(rows);
  if (missing.length > 0) throw badRequest(importTexts.missingColumns(missing));
  if (dryRun) {
    const { problems } = await checkRows(db, rows);
    return { valid: problems.length === 0, errors: problems, created: 0 };
  }
  return withFreshStatistics(db).transaction(async (tx) => {
    await waitForOtherImports(tx);
    const { problems, resolved } = await checkRows(tx, rows);
    if (problems.length > 0) return { valid: false, errors: problems, created: 0 };
    const ids = await insertCustomers(
      tx,
      resolved.map((r) => ({ ...r.customer, colonyCode: r.colonyCode })),
    );
    await insertConsumptions(
      tx,
      resolved.flatMap((r, i) =>
        r.productId === undefined
          ? []
          : [
              {
                customerId: ids[i]!,
                productId: r.productId,
                quantity: r.quantity ?? ONE_UNIT,
                isActive: 1,
                disable: 0,
              },
            ],
      ),
    );
    const colonies = [...new Set(resolved.map((r) => r.colonyCode))].sort();
    await recordAudit(tx, {
      action: 'customer.import',
      entity: 'customer',
      phrase: {
        key: 'customerImport',
        values: { count: countValue(ids.length, 'customer'), colonies: colonies.join(', ') },
      },
      after: { created: ids.length, colonies, firstCustomerId: ids[0] ?? null },
    });
    return { valid: true, errors: [], created: ids.length };
  });
}
