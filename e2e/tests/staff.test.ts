import { MONTH_NAMES } from '@dairy/contract';
import { describe, expect, it } from 'vitest';
import { makeColony, makeCustomer } from '../dairy';
import { openBrowser, signedInForFile } from '../harness';
import { choose, clickAndSee } from '../screen';

const s = signedInForFile(async (db) => {
  await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park' });
  await makeColony(db, { colonyCode: 'LV', colonyName: 'Lake View' });
  await makeColony(db, { colonyCode: 'HK', colonyName: 'Hauz Khas' });
  await makeCustomer(db, { colonyCode: 'GP', customerName: 'Asha Rao', route: 3 });
  await makeCustomer(db, { colonyCode: 'LV', customerName: 'Lata Mehra', route: 1 });
});

const THIS_MONTH = MONTH_NAMES[new Date().getMonth()]!;
const THIS_YEAR = String(new Date().getFullYear());

describe('staff and the audit trail', () => {
  it('an admin adds a collector of one colony, then gives them a second', async () => {
    await s.open('/staff', 'Staff');
    await s.page.getByRole('button', { name: 'Add Staff' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Add Staff' });
    await dialog.getByLabel('Username').fill('kiran');
    await dialog.getByRole('textbox', { name: 'Password' }).fill('short');
    await choose(s.page, 'Role', 'Collector');
    await clickAndSee(dialog, 'Add', 'Password must be at least 8 characters.');
    await dialog.getByText('A collector needs at least one colony.').waitFor();

    await dialog.getByRole('textbox', { name: 'Password' }).fill('collect-pass-1');
    await dialog.getByLabel('Colonies').click();
    await s.page.getByRole('option', { name: 'GP - Green Park' }).click();
    // The list stays open for more picks: leaving the field closes it.
    await dialog.getByLabel('Colonies').press('Tab');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await s.page.getByText('Staff member added successfully!').first().waitFor();
    const row = s.page.getByRole('row', { name: /kiran/ });
    await row.getByText('GP', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = s.page.getByRole('dialog', { name: 'Edit kiran' });
    await edit.getByLabel('Colonies').click();
    await s.page.getByRole('option', { name: 'LV - Lake View' }).click();
    await edit.getByLabel('Colonies').press('Tab');
    await edit.getByRole('button', { name: 'Save' }).click();
    await s.page.getByText('Staff member updated successfully!').first().waitFor();
    await row.getByText('GP, LV', { exact: true }).waitFor();
  });

  it('the collector works on a phone: Today, the route sheet, collection entry and a payment, for their colonies only', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      const p = phone.page;
      /** Nothing on the page is wider than the phone. */
      const fitsThePhone = async () =>
        expect(await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await p.goto(`${s.app.url}/#/`);
      await p.getByLabel('Username').fill('kiran');
      await p.getByRole('textbox', { name: 'Password' }).fill('collect-pass-1');
      await p.getByRole('button', { name: 'Sign in' }).click();
      // A collector starts at their first screen, Today, not the office's customer list.
      await p.getByRole('heading', { name: 'Today', exact: true }).waitFor();
      expect(new URL(p.url()).hash).toMatch(/^#\/today/);
      const colonies = p.getByRole('table', { name: 'Colonies today' });
      await colonies.getByRole('row').filter({ hasText: 'Green Park' }).waitFor();
      await colonies.getByRole('row').filter({ hasText: 'Lake View' }).waitFor();
      expect(await colonies.getByText('Hauz Khas').count()).toBe(0);
      await fitsThePhone();

      await p.getByRole('button', { name: 'Open menu' }).click();
      const menu = p.getByRole('navigation', { name: 'Mobile menu' });
      await menu.waitFor();
      // Today is a link of its own; Payments a group.
      expect(await menu.getByRole('button').allTextContents()).toEqual(['Payments', 'Sign out']);
      await menu.getByRole('button', { name: 'Payments' }).click();
      await menu.getByRole('link', { name: 'Collection Entry' }).waitFor();
      expect(await menu.getByRole('link').allTextContents()).toEqual([
        'Today',
        'Receiving Payments',
        'Collection Entry',
      ]);
      await p.keyboard.press('Escape');
      await p.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'detached' });

      await p.goto(`${s.app.url}/#/transactions/sheet?colony=GP`);
      await p.getByRole('heading', { name: 'Route Sheet' }).waitFor();
      await p
        .getByText('No deliveries')
        .or(p.getByRole('table', { name: 'Route sheet' }))
        .first()
        .waitFor();
      await fitsThePhone();
      await p.goto(`${s.app.url}/#/payments/collect?colony=GP`);
      await p
        .getByRole('table', { name: 'Collection entry' })
        .getByRole('row')
        .filter({ hasText: 'Asha Rao' })
        .waitFor();
      await fitsThePhone();

      await p.goto(`${s.app.url}/#/payments/receiving`);
      await p.getByRole('heading', { name: 'Receiving Payments' }).waitFor();
      await p.getByRole('combobox', { name: 'Colony', exact: true }).click();
      expect(await p.getByRole('option').allTextContents()).toEqual(['Green Park', 'Lake View']);
      await p.getByRole('option', { name: 'Green Park', exact: true }).click();
      await choose(p, 'Customer', 'Asha Rao (route 3)');
      expect(await p.getByRole('combobox', { name: 'Month', exact: true }).inputValue()).toBe(THIS_MONTH);
      expect(await p.getByRole('combobox', { name: 'Year', exact: true }).inputValue()).toBe(THIS_YEAR);
      await p.locator('section[aria-label="Payment Summary"] [aria-label="Balance"]').waitFor();
      await p.getByLabel('Payment Amount').fill('500');
      await p.getByRole('button', { name: 'Submit' }).click();
      await p.getByText('Successfully Received Amount').first().waitFor();

      await fitsThePhone();

      // Another colony's screen is refused by the server, whatever the address says.
      const refused = await p.evaluate(async () => {
        const r = await fetch('/api/users?colonyCode=HK', { headers: { 'X-Requested-With': 'fetch' } });
        return { status: r.status, body: await r.json() };
      });
      expect(refused).toEqual({ status: 403, body: { message: 'Not allowed' } });
    } finally {
      await phone.close();
    }
  });

  it('the admin sees what the collector did in the audit trail, under their name', async () => {
    await s.open('/audit', 'Audit Trail');
    await choose(s.page, 'User', 'kiran');
    const receipt = s.page.getByRole('row', { name: /Received ₹500\.00 from Asha Rao \(route 3\) for/ });
    // The header and the one change kiran made.
    await expect.poll(() => s.page.getByRole('row').count()).toBe(2);
    expect(await receipt.getByRole('cell').nth(1).innerText()).toBe('kiran');
    expect(new URL(s.page.url()).hash).toMatch(/userId=\d+/);

    await choose(s.page, 'User', 'operator');
    await s.page.getByRole('row', { name: /Added kiran as Collector of GP/ }).waitFor();
    const update = s.page.getByRole('row', { name: /kiran: made Collector of GP, LV/ });
    await update.getByRole('button', { name: 'View' }).click();
    const details = s.page.getByRole('dialog');
    await details.getByText('Before').waitFor();
    expect(await details.locator('pre').first().innerText()).toContain('"colonies": [\n    "GP"\n  ]');
  });
});
