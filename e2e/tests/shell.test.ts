import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, openBrowser, startApp, startSignedIn } from '../harness';

describe('the shell', () => {
  let s: Awaited<ReturnType<typeof startSignedIn>>;
  beforeAll(async () => {
    s = await startSignedIn();
  });
  afterAll(() => s.close());

  it('shows the bar, highlights the current group and opens a screen from the menu', async () => {
    await s.goto('/ShowColony');
    await s.page.getByRole('heading', { name: 'All Colonies' }).waitFor();
    const colonyGroup = s.page.getByRole('button', { name: 'Colony', exact: true });
    expect(await colonyGroup.getAttribute('aria-current')).toBe('true');
    await s.page.getByRole('button', { name: 'Milk', exact: true }).click();
    await s.page.getByRole('menuitem', { name: 'Add Milk' }).waitFor();
    await s.page.getByRole('button', { name: 'Colony', exact: true }).click();
    await s.page.getByRole('menuitem', { name: 'Add Colony' }).click();
    await s.page.getByRole('heading', { name: 'Add Colony' }).waitFor();
    expect(s.page.url()).toMatch(/#\/AddColony$/);
  });
});

describe('sign-in', () => {
  it('creates the first administrator on a new installation, signs out and signs in again', async () => {
    const app = await startApp();
    const browser = await openBrowser();
    try {
      const page = browser.page;
      await page.goto(`${app.url}/#/ShowColony`);
      await page.getByRole('heading', { name: 'Create the first administrator' }).waitFor();
      await page.getByLabel('Username').fill('asha');
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Create administrator' }).click();
      await page.getByText('Password must contain at least 8 characters').waitFor();
      await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
      await page.getByRole('button', { name: 'Create administrator' }).click();
      await page.getByRole('heading', { name: 'All Colonies' }).waitFor();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in to DairyDesk' }).waitFor();
      await page.getByLabel('Username').fill('asha');
      await page.getByLabel('Password', { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Invalid username or password').waitFor();
      await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'All Colonies' }).waitFor();
    } finally {
      await browser.close();
      await app.close();
    }
  });

  it('shows sign-in, not setup, once an administrator exists', async () => {
    const app = await startApp();
    await createAdmin(app.database);
    const browser = await openBrowser();
    try {
      await browser.page.goto(app.url);
      await browser.page.getByRole('heading', { name: 'Sign in to DairyDesk' }).waitFor();
    } finally {
      await browser.close();
      await app.close();
    }
  });
});
