import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/src/db/rows';
import { listBackups } from '../../server/src/modules/backup/backup.service';
import { restoreBackup } from '../../server/src/modules/backup/restore';
import { freshDatabase } from '../../server/test/helpers/database';
import { makeColony, makeCustomer } from '../dairy';
import { signedInForFile } from '../harness';
import { clickAndSee } from '../screen';

const folder = mkdtempSync(path.join(tmpdir(), 'dairy-backups-e2e-'));
const backupDir = path.join(folder, 'backups');
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const s = signedInForFile(
  async (db) => {
    await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park', charges: 2050 });
    await makeCustomer(db, { colonyCode: 'GP', customerName: 'Asha Verma', openingBalance: 15075, due: 15075 });
  },
  { backupDir, backupKeep: 5 },
);

async function openBackups() {
  await s.open('/backups', 'Backups');
}

describe('Backups', () => {
  it('backs up from the screen and downloads the file, which restores with every balance', async () => {
    await openBackups();
    await s.page.getByText('No backups yet').waitFor();
    await s.page.getByText('A backup is taken every day at 23:00 (Asia/Kolkata); the newest 5 are kept.').waitFor();

    await clickAndSee(s.page, 'Back up now', /^Backup saved\. dairy-\d{4}-\d{2}-\d{2}-\d{6}\.zip$/);
    const [made] = await listBackups(backupDir);
    expect(made).toBeDefined();
    const row = s.page.getByRole('row').filter({ has: s.page.getByRole('cell', { name: made!.name, exact: true }) });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toMatch(/^\d+(\.\d)? KB$/);
    // The date as every date is shown (dd/mm/yyyy), and the time in the business time zone.
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
      await clickAndSee(s.page, 'Back up now', 'The backup could not be made.');
      await s.page.getByText('The disk is full: nothing was saved.').waitFor();
    } finally {
      await s.page.unroute((url) => url.pathname === '/api/backups');
    }
    expect(await listBackups(backupDir)).toHaveLength(2);
  });
});
