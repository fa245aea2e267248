import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parsePaise, rupeeText } from '@dairy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { backupToFile } from '../../src/modules/backup/backup.service';
import { restoreBackup } from '../../src/modules/backup/restore';
import { freshDatabase } from '../helpers/database';
import { type BackupFiles, counts, expectRefused, rewritten, rowsIn, setRows, withManifest } from './backup-craft';
import { clientOf, seedDairy } from './dairy-fixture';

/**
 * A restore checks the money, not only the balances (docs/rules.md section 24): files edited with
 * their checksums made to match, so that only the figures tell.
 */
const folder = mkdtempSync(path.join(tmpdir(), 'dairy-restore-money-'));
const open: Database[] = [];
let backup: string;

async function fresh() {
  const database = await freshDatabase();
  open.push(database);
  return database;
}

beforeAll(async () => {
  const source = await fresh();
  const client = await clientOf(source);
  await seedDairy(client.call);
  await client.close();
  backup = path.join(folder, 'dairy.zip');
  await backupToFile(source.db, backup);
}, 120_000);

afterAll(async () => {
  for (const database of open) await database.close();
  rmSync(folder, { recursive: true, force: true });
});

type Row = Record<string, any>;

/** A customer's bill of a month of 2026 in the backup's files, with its lines and deliveries. */
function billOf(files: BackupFiles, name: string, month: number) {
  const customer = rowsIn(files, 'customer').find((c) => c.customer_name === name) as Row;
  const bill = rowsIn(files, 'payment').find(
    (p) => p.customer_id === customer.customer_id && p.payment_year === 2026 && p.payment_month === month,
  ) as Row;
  const lines = rowsIn(files, 'payment_line').filter((l) => l.payment_id === bill.payment_id) as Row[];
  const prefix = `2026-${String(month).padStart(2, '0')}-`;
  const deliveries = rowsIn(files, 'transaction').filter(
    (t) =>
      t.customer_id === customer.customer_id && String(t.transaction_date).startsWith(prefix) && t.attendance === 1,
  ) as Row[];
  return { customer, bill, lines, deliveries, total: parsePaise(bill.total_price) };
}

/** Replaces the rows of `table` that `edit` changes (it answers the row to keep, changed or not). */
function editRows(files: BackupFiles, table: string, edit: (row: Row) => Row) {
  setRows(files, table, rowsIn(files, table).map(edit));
}

const notAddingUp = (name: string, month: string, is: number, make: number) =>
  `The backup does not add up: the bill of ${name} for ${month} is ${rupeeText(is)} but its deliveries make ${rupeeText(make)}.`;

const expectRefusedAs = async (file: string, message: string | RegExp) => expectRefused(await fresh(), file, message);

describe('a restore checks the money', () => {
  it('refuses a bill line whose amount was changed, though the bill and the balances still add up', async () => {
    let expected = '';
    const file = rewritten(backup, folder, (files) => {
      const asha = billOf(files, 'Asha Verma', 6);
      const line = asha.lines[0]!;
      editRows(files, 'payment_line', (l) =>
        l.payment_line_id === line.payment_line_id ? { ...l, amount: (Number(l.amount) + 1000).toFixed(2) } : l,
      );
      expected = notAddingUp('Asha Verma', 'June 2026', asha.total + 100_000, asha.total);
    });
    await expectRefusedAs(file, expected);
  });

  it('refuses a delivery re-priced after its month was billed', async () => {
    let expected = '';
    const file = rewritten(backup, folder, (files) => {
      const ravi = billOf(files, 'Ravi Kumar', 6);
      const delivery = ravi.deliveries.find((t) => t.price !== '640.50')!;
      editRows(files, 'transaction', (t) =>
        t.transaction_id === delivery.transaction_id ? { ...t, price: '9999.00' } : t,
      );
      const change = Math.round((9999 - Number(delivery.price)) * 100 * Number(delivery.quantity));
      expected = notAddingUp('Ravi Kumar', 'June 2026', ravi.total, ravi.total + change);
    });
    await expectRefusedAs(file, expected);
  });

  it('refuses a bill total changed with its balances made to match', async () => {
    let expected = '';
    const file = rewritten(backup, folder, (files) => {
      const kabir = billOf(files, 'Kabir Shah', 6);
      const more = (text: string) => (Number(text) + 100).toFixed(2);
      editRows(files, 'payment', (p) =>
        p.payment_id === kabir.bill.payment_id ? { ...p, total_price: more(p.total_price), due: more(p.due) } : p,
      );
      editRows(files, 'customer', (c) =>
        c.customer_id === kabir.customer.customer_id ? { ...c, due: more(c.due) } : c,
      );
      expected = notAddingUp('Kabir Shah', 'June 2026', kabir.total + 10_000, kabir.total);
    });
    await expectRefusedAs(file, expected);
  });

  it('names the first customer, then the first month, that differs', async () => {
    let expected = '';
    const file = rewritten(backup, folder, (files) => {
      const meena = billOf(files, 'Meena Iyer', 6);
      const asha = billOf(files, 'Asha Verma', 7);
      expect(asha.customer.customer_id).toBeLessThan(meena.customer.customer_id);
      const changed = new Set([meena.lines[0]!.payment_line_id, asha.lines[0]!.payment_line_id]);
      editRows(files, 'payment_line', (l) =>
        changed.has(l.payment_line_id) ? { ...l, amount: (Number(l.amount) + 1).toFixed(2) } : l,
      );
      expected = notAddingUp('Asha Verma', 'July 2026', asha.total + 100, asha.total);
    });
    await expectRefusedAs(file, expected);
  });

  it('refuses a line whose days were changed where the amounts still add up', async () => {
    let expected = '';
    const file = rewritten(backup, folder, (files) => {
      const asha = billOf(files, 'Asha Verma', 6);
      const line = asha.lines[0]!;
      editRows(files, 'payment_line', (l) =>
        l.payment_line_id === line.payment_line_id ? { ...l, attendance: l.attendance + 1 } : l,
      );
      const product = rowsIn(files, 'product').find((p) => p.product_code === line.product_code)!;
      const quantity = Number(line.quantity);
      expected = `The backup does not add up: the bill of Asha Verma for June 2026 has the line ${line.product_name} ${rupeeText(parsePaise(line.price))} × ${quantity} ${product.unit} (${line.attendance + 1} days) = ${rupeeText(parsePaise(line.amount))}, which its deliveries do not make.`;
    });
    await expectRefusedAs(file, expected);
  });

  it('refuses a bill that lacks a line its deliveries make, even a line of nothing to pay', async () => {
    let expected = '';
    const file = rewritten(backup, folder, (files) => {
      const asha = billOf(files, 'Asha Verma', 6);
      const buffalo = asha.lines.find((l) => l.product_code === 'BUF')!;
      const delivered = new Set(asha.deliveries.filter((t) => t.price === buffalo.price).map((t) => t.transaction_id));
      expect(delivered.size).toBe(buffalo.attendance);
      editRows(files, 'transaction', (t) => (delivered.has(t.transaction_id) ? { ...t, price: '0.00' } : t));
      setRows(
        files,
        'payment_line',
        rowsIn(files, 'payment_line').filter((l) => l.payment_line_id !== buffalo.payment_line_id),
      );
      const less = (text: string) => (Number(text) - Number(buffalo.amount)).toFixed(2);
      editRows(files, 'payment', (p) =>
        p.payment_id === asha.bill.payment_id ? { ...p, total_price: less(p.total_price), due: less(p.due) } : p,
      );
      expected = `The backup does not add up: the bill of Asha Verma for June 2026 lacks the line Buffalo Milk ₹0.00 × ${delivered.size} L (${delivered.size} days) = ₹0.00 that its deliveries make.`;
    });
    await expectRefusedAs(file, expected);
  });

  it('restores a backup made before bill lines kept their quantity and amount, and still checks it', async () => {
    const older = (change: (files: BackupFiles) => void = () => {}) =>
      rewritten(backup, folder, (files) => {
        change(files);
        const lines = rowsIn(files, 'payment_line').map(({ quantity: _q, amount: _a, ...rest }) => rest);
        setRows(files, 'payment_line', lines);
        const deliveries = rowsIn(files, 'transaction').map(({ quantity: _q, ...rest }) => rest);
        setRows(files, 'transaction', deliveries);
        withManifest(files, (m) => {
          for (const entry of m.tables) {
            if (entry.name === 'payment_line')
              entry.columns = entry.columns.filter((c) => !['quantity', 'amount'].includes(c));
            if (entry.name === 'transaction') entry.columns = entry.columns.filter((c) => c !== 'quantity');
          }
        });
      });
    const target = await fresh();
    await restoreBackup(target, older());
    expect((await counts(target)).payment_line).toBeGreaterThan(5);

    let expected = '';
    const wrongDays = older((files) => {
      const kabir = billOf(files, 'Kabir Shah', 6);
      const line = kabir.lines[0]!;
      editRows(files, 'payment_line', (l) =>
        l.payment_line_id === line.payment_line_id ? { ...l, attendance: l.attendance - 1 } : l,
      );
      // Read without an amount, a line is its price × its days.
      expected = notAddingUp('Kabir Shah', 'June 2026', kabir.total - parsePaise(line.price), kabir.total);
    });
    await expectRefusedAs(wrongDays, expected);
  });

  it('still refuses balances that do not add up where the bills do', async () => {
    const file = rewritten(backup, folder, (files) => {
      editRows(files, 'customer', (c) =>
        c.customer_name === 'Ravi Kumar' ? { ...c, due: (Number(c.due) + 1).toFixed(2) } : c,
      );
    });
    await expectRefusedAs(file, /^The backup's balances do not add up: customer \d+ has paid/);
  });
});
