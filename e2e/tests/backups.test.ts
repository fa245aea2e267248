import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/src/db/rows';
import { listBackups } from '../../server/src/modules/backup/backup.service';
import { restoreBackup } from '../../server/src/modules/backup/restore';
import { freshDatabase } from '../../server/test/helpers/database';
import { makeColony, makeCustomer } from '../dairy';
import { startSignedIn } from '../harness';

const folder = mkdtempSync(path.join(tmpdir(), 'dairy-backups-e2e-'));
const backupDir = path.join(folder, 'backups');
let s: Awaited<ReturnType<typeof startSignedIn>>;

beforeAll(async () => {
  s = await startSignedIn({ backupDir, backupKeep: 5 });
  const db = s.app.database.db;
  await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park', charges: 2050 });
  await makeCustomer(db, { colonyCode: 'GP', customerName: 'Asha Verma', openingBalance: 15075, due: 15075 });
});
afterAll(async () => {
  await s.close();
  rmSync(folder, { recursive: true, force: true });
});

async function openBackups() {
  await s.goto('/backups');
  await s.page.getByRole('heading', { name: 'Backups' }).waitFor();
}

describe('Backups', () => {
  it('backs up from the screen and downloads the file, which restores with every balance', async () => {
    await openBackups();
    await s.page.getByText('No backups yet').waitFor();
    await s.page.getByText('A backup is taken every day at 23:00 (Asia/Kolkata); the newest 5 are kept.').waitFor();

    await s.page.getByRole('button', { name: 'Back up now' }).click();
    await s.page.getByText(/^Backup saved\. dairy-\d{4}-\d{2}-\d{2}-\d{6}\.zip$/).waitFor();
    const [made] = await listBackups(backupDir);
    expect(made).toBeDefined();
    const row = s.page.getByRole('row').filter({ has: s.page.getByRole('cell', { name: made!.name, exact: true }) });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toMatch(/^\d+(\.\d)? KB$/);
    // The date as every date is shown (en-IN), and the time.
    expect(await row.getByRole('cell').nth(2).textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);

    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      row.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(made!.name);
    const saved = path.join(folder, 'downloaded.zip');
    await download.saveAs(saved);
    expect(readFileSync(saved).equals(readFileSync(path.join(backupDir, made!.name)))).toBe(true);

    const target = await freshDatabase();
    try {
      await restoreBackup(target, saved);
      const [asha] = await rowsOf<{ due: string; colony: string }>(
        target.db,
        sql`select c.due::text as due, l.charges::text as colony from customer c join colony l using (colony_code)`,
      );
      expect(asha).toEqual({ due: '150.75', colony: '20.50' });
    } finally {
      await target.close();
    }
  });

  it('lists the newest first and says so when a backup fails', async () => {
    await openBackups();
    await s.page.getByRole('button', { name: 'Back up now' }).click();
    await s.page
      .getByText(/^Backup saved\./)
      .first()
      .waitFor();
    const names = (await listBackups(backupDir)).map((b) => b.name);
    expect(names).toHaveLength(2);
    await s.page.getByRole('cell', { name: names[0]!, exact: true }).waitFor();
    const cells = await s.page.getByRole('row').locator('td:first-child').allTextContents();
    expect(cells).toEqual(names);

    await s.page.route(
      (url) => url.pathname === '/api/backups',
      (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 507,
              contentType: 'application/json',
              body: '{"message":"The disk is full: nothing was saved."}',
            })
          : route.continue(),
    );
    try {
      await s.page.getByRole('button', { name: 'Back up now' }).click();
      await s.page.getByText('The backup could not be made.').waitFor();
      await s.page.getByText('The disk is full: nothing was saved.').waitFor();
    } finally {
      await s.page.unroute((url) => url.pathname === '/api/backups');
    }
    expect(await listBackups(backupDir)).toHaveLength(2);
  });
});
