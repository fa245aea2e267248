import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { colony, customer, payment, transaction } from '../../server/src/db/schema';
import { EVERY_DAY, makeColony, makeCombination, makeCustomer, makeProduct } from '../dairy';
import { artifactsFolder, signedInForFile } from '../harness';

const ARTIFACTS = artifactsFolder('export');

/** More deliveries than one export call (1000) brings, and far more than a page (100) shows. */
const DELIVERIES = 1050;
/** More customers than a page of All Customers (200). */
const CUSTOMERS = 230;
/** More bills than a page of Payment Information (20). */
const BILLS = 27;
const FORMULA = '=HYPERLINK("x")';
const PRODUCTS = ['Cow Milk', 'Buffalo Milk', 'Toned Milk', 'Curd', 'Ghee'];
const DAY = '2026-11-22';

/**
 * Green Park: 230 customers (one named like a formula), each with deliveries on 22 November, and
 * 27 billed for November; Quiet Town has a customer and a delivery of its own the same day, and
 * Green Park deliveries the day before: neither may appear in Green Park's 22 November.
 */
const s = signedInForFile(async (db) => {
  await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park', charges: 2000 });
  await makeColony(db, { colonyCode: 'QT', colonyName: 'Quiet Town' });
  await db.insert(colony).values(
    Array.from({ length: 205 }, (_, i) => ({
      colonyCode: `V${String(i).padStart(3, '0')}`,
      colonyName: i % 2 ? `Vihar ${i}` : `Nagar ${i}`,
      charges: i,
    })),
  );
  const daily = await makeCombination(db, EVERY_DAY);
  const products = await Promise.all(
    PRODUCTS.map((name, i) =>
      makeProduct(db, { productCode: `M${i}`, productName: name, price: 5550, combinationId: daily.combinationId }),
    ),
  );
  const people = await db
    .insert(customer)
    .values(
      Array.from({ length: CUSTOMERS }, (_, i) => ({
        colonyCode: 'GP',
        customerName: i === 7 ? FORMULA : `Customer ${String(i).padStart(3, '0')}`,
        contactNumber: `98100${String(i).padStart(5, '0')}`,
        address: `House ${i}`,
        route: (i % 9) + 1,
        due: i * 101,
      })),
    )
    .returning();
  const stranger = await makeCustomer(db, { colonyCode: 'QT', customerName: 'Stranger' });
  // A customer has one delivery of a product a day: the 1,050 are 230 customers' of five products.
  const delivery = (customerId: number, i: number, date: string) => ({
    customerId,
    productId: products[Math.floor(i / CUSTOMERS)]!.productId,
    combinationId: daily.combinationId,
    transactionDate: date,
    price: 5550 + i,
    quantity: 100 + (i % 4) * 50,
    attendance: 1 as const,
  });
  await db
    .insert(transaction)
    .values(Array.from({ length: DELIVERIES }, (_, i) => delivery(people[i % CUSTOMERS]!.customerId, i, DAY)));
  await db
    .insert(transaction)
    .values([delivery(stranger.customerId, 0, DAY), delivery(people[0]!.customerId, 0, '2026-11-21')]);
  await db.insert(payment).values(
    people.slice(0, BILLS).map((p, i) => ({
      customerId: p.customerId,
      paymentYear: 2026,
      paymentMonth: 11,
      charges: 2000,
      totalPrice: 100000 + i,
      previousDue: -5000,
    })),
  );
});

/** Opens Export, chooses the format and saves the file under test-artifacts. */
async function download(format: 'CSV' | 'XLSX') {
  await s.page.getByRole('button', { name: 'Export', exact: true }).click();
  const [file] = await Promise.all([
    s.page.waitForEvent('download'),
    s.page.getByRole('menuitem', { name: format, exact: true }).click(),
  ]);
  const target = path.join(ARTIFACTS, file.suggestedFilename());
  await file.saveAs(target);
  return { name: file.suggestedFilename(), path: target };
}

async function csvRows(format: 'CSV' = 'CSV') {
  const file = await download(format);
  const rows = Papa.parse<Record<string, string>>(readFileSync(file.path, 'utf8'), {
    header: true,
    skipEmptyLines: true,
  }).data;
  return { name: file.name, rows };
}

async function xlsxSheet() {
  const file = await download('XLSX');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file.path);
  return { name: file.name, sheet: workbook.worksheets[0]! };
}

describe('All Transactions', () => {
  it("exports every delivery of the colony's day, not one page, and no other", async () => {
    await s.goto(`/transactions?colony=GP&date=${DAY}`);
    await s.page.getByText(`Total Records: ${DELIVERIES}`).waitFor();
    const { name, rows } = await csvRows();
    expect(name).toBe(`All-Transactions_colony-GP_date-${DAY}.csv`);
    expect(rows).toHaveLength(DELIVERIES);
    expect(new Set(rows.map((r) => r.Colony))).toEqual(new Set(['Green Park']));
    expect(new Set(rows.map((r) => r['Transaction Date']))).toEqual(new Set(['22/11/2026']));
    // Every delivery once: their prices are all different.
    expect(new Set(rows.map((r) => r.Price)).size).toBe(DELIVERIES);
    expect(rows.map((r) => r.Price).sort()).toContain('55.5');
  });

  it('writes XLSX with numbers as numbers and dates as dates', async () => {
    const { name, sheet } = await xlsxSheet();
    expect(name).toBe(`All-Transactions_colony-GP_date-${DAY}.xlsx`);
    expect(sheet.rowCount).toBe(DELIVERIES + 1);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (header: string) => headers.indexOf(header) + 1;
    const prices = new Set<unknown>();
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const price = row.getCell(column('Price')).value;
      expect(typeof price).toBe('number');
      prices.add(price);
      expect(typeof row.getCell(column('Qty')).value).toBe('number');
      expect(typeof row.getCell(column('Route')).value).toBe('number');
      expect(row.getCell(column('Transaction Date')).value).toEqual(new Date(`${DAY}T00:00:00Z`));
      expect(row.getCell(column('Transaction Date')).numFmt).toBe('dd/mm/yyyy');
    });
    expect(prices.size).toBe(DELIVERIES);
    expect(prices.has(55.5)).toBe(true);
  });
});

describe('All Customers', () => {
  it('exports every customer of the colony, the formula-looking name as text', async () => {
    await s.goto('/?colony=GP');
    await s.page.getByText(`Total Records: ${CUSTOMERS}`).waitFor();
    const { name, rows } = await csvRows();
    expect(name).toBe('All-Customers_colony-GP.csv');
    expect(rows).toHaveLength(CUSTOMERS);
    expect(rows.some((r) => r.Name === 'Stranger')).toBe(false);
    expect(rows.filter((r) => r.Name === `'${FORMULA}`)).toHaveLength(1);
    expect(rows.some((r) => r.Name === FORMULA)).toBe(false);
    // Phone numbers stay text, with their leading digits.
    expect(rows.find((r) => r.Name === 'Customer 000')?.['Phone Number']).toBe('9810000000');

    const { sheet } = await xlsxSheet();
    expect(sheet.rowCount).toBe(CUSTOMERS + 1);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const cells = [];
    for (let n = 2; n <= sheet.rowCount; n++) cells.push(sheet.getRow(n).getCell(headers.indexOf('Name') + 1));
    const formula = cells.find((c) => c.value === FORMULA);
    expect(formula?.type).toBe(ExcelJS.ValueType.String);
    expect(formula?.formula).toBeUndefined();
    const dues = cells.map((c) => sheet.getRow(Number(c.row)).getCell(headers.indexOf('Due') + 1).value);
    expect(dues.every((d) => typeof d === 'number')).toBe(true);
    expect(dues).toContain(2.02);
  });

  it('respects a filter: one route', async () => {
    await s.goto('/?colony=GP&route=3');
    const { name, rows } = await csvRows();
    expect(name).toBe('All-Customers_colony-GP_route-3.csv');
    expect(rows.length).toBe(Array.from({ length: CUSTOMERS }, (_, i) => (i % 9) + 1).filter((r) => r === 3).length);
    expect(new Set(rows.map((r) => r.Route))).toEqual(new Set(['3']));
  });
});

describe('All Colonies', () => {
  it('exports every colony the search matches across all pages', async () => {
    await s.goto('/ShowColony?search=vihar');
    const { name, rows } = await csvRows();
    expect(name).toBe('All-Colonies_search-vihar.csv');
    expect(rows).toHaveLength(102);
    expect(rows.every((r) => r['Colony Name']?.startsWith('Vihar '))).toBe(true);
  });
});

describe('Payment Information', () => {
  it("exports every bill of the colony's month with amounts as numbers", async () => {
    await s.goto('/payments/info?colony=GP&month=11&year=2026');
    await s.page
      .getByRole('checkbox', { name: /^Select Customer/ })
      .first()
      .waitFor();
    const { name, rows } = await csvRows();
    expect(name).toBe('Payment-Information_colony-GP_month-11_year-2026.csv');
    expect(rows).toHaveLength(BILLS);
    expect(rows[0]?.['Service Charge']).toBe('20');
    expect(rows[0]?.['previous Due']).toBe('-50');

    const { sheet } = await xlsxSheet();
    expect(sheet.rowCount).toBe(BILLS + 1);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (header: string) =>
      Array.from({ length: BILLS }, (_, i) => sheet.getRow(i + 2).getCell(headers.indexOf(header) + 1).value);
    // 1,000.00 + i billed, 20.00 of it the service charge.
    expect(new Set(column('Milk Charge'))).toEqual(new Set(Array.from({ length: BILLS }, (_, i) => 980 + i / 100)));
    expect(new Set(column('previous Due'))).toEqual(new Set([-50]));
  });
});

describe('Daily Consumptions', () => {
  it("exports the report's rows", async () => {
    await s.goto(`/report?colony=GP&date=${DAY}`);
    await s.page.getByRole('cell', { name: 'Cow Milk' }).waitFor();
    const { name, rows } = await csvRows();
    expect(name).toBe(`Daily-Consumptions_colony-GP_date-${DAY}.csv`);
    const counts = Object.fromEntries(rows.map((r) => [r['Milk Name'], r['Total Consumptions']]));
    expect(counts).toEqual({ 'Cow Milk': '230', 'Buffalo Milk': '230', 'Toned Milk': '230', Curd: '230', Ghee: '130' });
    expect(new Set(rows.map((r) => r['Colony Name']))).toEqual(new Set(['Green Park']));
  });
});
