import { type ImportProblem, importTexts } from '@dairy/contract';

/**
 * Rows that repeat a customer (docs/rules.md section 23): the same name and phone, or the same name,
 * colony and route, as an existing customer or an earlier row of the file. Names compare ignoring
 * case and every space, phones by their digits. One pass of hash maps over the dairy's customers
 * and the file, whatever their sizes: no query or scan per row.
 */

/** Who a row or a customer is. `colonyCode` is the colony's stored code, when the row names one that exists. */
export interface Identity {
  name: string;
  phone: string;
  colonyCode?: string;
  route?: number;
}

export interface KnownCustomer extends Identity {
  colonyCode: string;
  route: number;
}

const nameKey = (name: string) => name.replace(/\s+/g, '').toLowerCase();
const phoneDigits = (phone: string) => phone.replace(/\D+/g, '');

/** The keys under which two identities are the same customer: none for a row without a name. */
function keysOf({ name, phone, colonyCode, route }: Identity): string[] {
  const who = nameKey(name);
  if (who === '') return [];
  const keys: string[] = [];
  const digits = phoneDigits(phone);
  // Two customers without a phone are not the same by their phones.
  if (digits !== '') keys.push(`phone\u0000${who}\u0000${digits}`);
  if (colonyCode !== undefined && route !== undefined) keys.push(`route\u0000${who}\u0000${colonyCode}\u0000${route}`);
  return keys;
}

/**
 * A Name problem for each row (`rows[i]` is row i + 1, undefined when its name is wrong) that is an
 * existing customer, the oldest of `customers` (listed oldest first) it matches, or else the same
 * as an earlier row, the first one.
 */
export function duplicateProblems(
  rows: readonly (Identity | undefined)[],
  customers: readonly KnownCustomer[],
): ImportProblem[] {
  const known = new Map<string, number>();
  customers.forEach((c, index) => {
    for (const key of keysOf(c)) if (!known.has(key)) known.set(key, index);
  });
  const firstRow = new Map<string, number>();
  const problems: ImportProblem[] = [];
  rows.forEach((identity, index) => {
    const row = index + 1;
    const keys = identity ? keysOf(identity) : [];
    const existing = Math.min(...keys.map((k) => known.get(k) ?? Number.POSITIVE_INFINITY));
    const earlier = Math.min(...keys.map((k) => firstRow.get(k) ?? Number.POSITIVE_INFINITY));
    for (const key of keys) if (!firstRow.has(key)) firstRow.set(key, row);
    const customer = customers[existing];
    if (customer) {
      const message = importTexts.alreadyCustomer(customer.name, customer.colonyCode, customer.route);
      problems.push({ row, column: 'Name', message });
    } else if (earlier < row) problems.push({ row, column: 'Name', message: importTexts.sameAsRow(earlier) });
  });
  return problems;
}
