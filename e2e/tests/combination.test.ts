import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { combination } from '../../server/src/db/schema';
import { makeCombination, makeProduct } from '../dairy';
import { signedInForFile } from '../harness';
import { clickAndSee, confirmDialog, expectDelayedRedirect, rowWithCell, tabTo } from '../screen';

const s = signedInForFile();

const db = () => s.app.database.db;
const allCombinations = () => db().select().from(combination).orderBy(combination.combinationId);

async function openList() {
  await s.open('/combinations', 'All Combinations');
  await s.page.getByRole('columnheader', { name: 'Combinations' }).waitFor();
}

describe('Add Combination', () => {
  it('starts from an empty list without pagination', async () => {
    await openList();
    await s.page.getByText('No combinations found').waitFor();
    expect(await s.page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);
  });

  it('asks for at least one day, adds the chosen days and opens the list after 2 seconds', async () => {
    await s.open('/combinations/add', 'Add Combination');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      await s.page.getByRole('checkbox', { name: day, exact: true }).waitFor();
    }
    for (const day of ['Monthly', 'Weekly', 'Special']) await s.page.getByLabel(day, { exact: true }).waitFor();
    await clickAndSee(s.page, 'Add Combination', 'Please select at least one day.');
    expect(await allCombinations()).toEqual([]);

    // Chosen out of order; the server keeps the canonical order.
    await s.page.getByLabel('Wednesday', { exact: true }).check();
    await s.page.getByLabel('Monday', { exact: true }).check();
    await s.page.getByText('Please select at least one day.').waitFor({ state: 'detached' });
    const message = 'Successfully added the Combinations.';
    await expectDelayedRedirect(s.page, { message, form: /#\/combinations\/add$/, list: /#\/combinations$/ }, () =>
      clickAndSee(s.page, 'Add Combination', message),
    );
    await rowWithCell(s.page, 'Monday, Wednesday').waitFor();
    expect((await allCombinations()).map((c) => c.combinationDays)).toEqual(['Monday, Wednesday']);
  });

  it('shows the failure toast with the reason and the inline message on a duplicate', async () => {
    await makeCombination(db(), 'Saturday, Sunday');
    await s.goto('/combinations/add');
    await s.page.getByLabel('Sunday', { exact: true }).check();
    await s.page.getByLabel('Saturday', { exact: true }).check();
    await clickAndSee(s.page, 'Add Combination', 'Unable to add the Combinations.');
    await s.page.getByText('A combination with these days already exists.').waitFor();
    await s.page.getByText('Failed to add combinations. Please try again.').waitFor();
    expect(s.page.url()).toMatch(/#\/combinations\/add$/);
    const saturdaySunday = (await allCombinations()).filter((c) => c.combinationDays === 'Saturday, Sunday');
    expect(saturdaySunday).toHaveLength(1);
  });
});

describe('Add Combination by keyboard', () => {
  it('checks days with Space and submits with Enter', async () => {
    await s.goto('/combinations/add');
    const thursday = s.page.getByLabel('Thursday', { exact: true });
    await thursday.waitFor();
    await tabTo(s.page, thursday);
    await s.page.keyboard.press('Space');
    await tabTo(s.page, s.page.getByLabel('Special', { exact: true }));
    await s.page.keyboard.press('Space');
    await tabTo(s.page, s.page.getByRole('button', { name: 'Add Combination' }));
    await s.page.keyboard.press('Enter');
    await s.page.getByText('Successfully added the Combinations.').waitFor();
    expect((await allCombinations()).map((c) => c.combinationDays)).toContain('Thursday, Special');
  });
});

describe('Update Combination', () => {
  it('shows the days prefilled, asks for at least one day and saves the change', async () => {
    const c = await makeCombination(db(), 'Tuesday, Thursday');
    await s.open(`/combinations/update/${c.combinationId}`, 'Update Combination');
    const tuesday = s.page.getByLabel('Tuesday', { exact: true });
    await tuesday.waitFor();
    expect(await tuesday.isChecked()).toBe(true);
    expect(await s.page.getByLabel('Thursday', { exact: true }).isChecked()).toBe(true);
    expect(await s.page.getByLabel('Monday', { exact: true }).isChecked()).toBe(false);

    await tuesday.uncheck();
    await s.page.getByLabel('Thursday', { exact: true }).uncheck();
    await clickAndSee(s.page, 'Update Combination', 'Please select at least one day.');

    await s.page.getByLabel('Special', { exact: true }).check();
    await s.page.getByLabel('Friday', { exact: true }).check();
    await clickAndSee(s.page, 'Update Combination', 'Combinations Update Successfully.');
    await s.page.waitForURL(/#\/combinations$/);
    await rowWithCell(s.page, 'Friday, Special').waitFor();
    const [saved] = await db().select().from(combination).where(eqId(c.combinationId));
    expect(saved?.combinationDays).toBe('Friday, Special');
  });

  it('shows the failure toast when the days already exist in another combination', async () => {
    await makeCombination(db(), 'Monthly');
    const c = await makeCombination(db(), 'Weekly');
    await s.goto(`/combinations/update/${c.combinationId}`);
    await s.page.getByLabel('Weekly', { exact: true }).uncheck();
    await s.page.getByLabel('Monthly', { exact: true }).check();
    await clickAndSee(s.page, 'Update Combination', 'Unable to update the Combinations.');
    await s.page.getByText('A combination with these days already exists.').waitFor();
    const [saved] = await db().select().from(combination).where(eqId(c.combinationId));
    expect(saved?.combinationDays).toBe('Weekly');
  });

  it('refuses a save from an older copy, says so, and Reload shows the other change', async () => {
    const c = await makeCombination(db(), 'Monday, Sunday');
    await s.goto(`/combinations/update/${c.combinationId}`);
    const monday = s.page.getByLabel('Monday', { exact: true });
    await monday.waitFor();
    // Another operator saves other days while this form is open.
    await db().update(combination).set({ combinationDays: 'Monday, Saturday' }).where(eqId(c.combinationId));
    await s.page.getByLabel('Weekly', { exact: true }).check();
    await s.page.getByRole('button', { name: 'Update Combination' }).click();
    const alert = s.page.getByRole('alert').filter({
      hasText: 'This record was changed by someone else.',
      has: s.page.getByRole('button', { name: 'Reload' }),
    });
    await alert.waitFor();
    await s.page.getByText('Unable to update the Combinations.').waitFor();
    const [kept] = await db().select().from(combination).where(eqId(c.combinationId));
    expect(kept).toMatchObject({ combinationDays: 'Monday, Saturday', version: c.version + 1 });

    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => s.page.getByLabel('Saturday', { exact: true }).isChecked()).toBe(true);
    expect(await s.page.getByLabel('Sunday', { exact: true }).isChecked()).toBe(false);
    expect(await s.page.getByLabel('Weekly', { exact: true }).isChecked()).toBe(false);
    await alert.waitFor({ state: 'detached' });
    await s.page.getByLabel('Weekly', { exact: true }).check();
    await clickAndSee(s.page, 'Update Combination', 'Combinations Update Successfully.');
    const [saved] = await db().select().from(combination).where(eqId(c.combinationId));
    expect(saved?.combinationDays).toBe('Monday, Saturday, Weekly');
  });

  it('shows why an unknown combination cannot be opened', async () => {
    await s.goto('/combinations/update/999999');
    await s.page.getByText('Combination not found').waitFor();
    await s.page.getByRole('button', { name: 'Retry' }).waitFor();
  });
});

describe('All Combinations', () => {
  it('keeps the search in the address: reload and a save come back to it', async () => {
    const c = await makeCombination(db(), 'Tuesday, Wednesday, Monthly');
    await openList();
    await s.page.getByPlaceholder('Search Combinations...').pressSequentially('monthly', { delay: 10 });
    await s.page.waitForURL(/#\/combinations\?search=monthly$/);
    await s.page.reload();
    await rowWithCell(s.page, 'Tuesday, Wednesday, Monthly').waitFor();
    expect(await s.page.getByPlaceholder('Search Combinations...').inputValue()).toBe('monthly');
    expect(await rowWithCell(s.page, 'Monday, Wednesday').count()).toBe(0);

    await rowWithCell(s.page, 'Tuesday, Wednesday, Monthly').getByRole('link', { name: 'Update' }).click();
    await s.page.getByLabel('Thursday', { exact: true }).check();
    await clickAndSee(s.page, 'Update Combination', 'Combinations Update Successfully.');
    await s.page.waitForURL(/#\/combinations\?search=monthly$/);
    await rowWithCell(s.page, 'Tuesday, Wednesday, Thursday, Monthly').waitFor();
    expect(await s.page.getByPlaceholder('Search Combinations...').inputValue()).toBe('monthly');
    const [saved] = await db().select().from(combination).where(eqId(c.combinationId));
    expect(saved?.combinationDays).toBe('Tuesday, Wednesday, Thursday, Monthly');
  });

  it('lists ID, Combinations and Action and searches the days on the client', async () => {
    const c = await makeCombination(db(), 'Monday, Friday, Sunday');
    await openList();
    const cells = rowWithCell(s.page, 'Monday, Friday, Sunday').getByRole('cell');
    expect(await cells.nth(0).textContent()).toBe(String(c.combinationId));
    await s.page.getByRole('columnheader', { name: 'ID' }).waitFor();
    await s.page.getByRole('columnheader', { name: 'Action' }).waitFor();
    await s.page.getByRole('link', { name: 'Add Combination' }).waitFor();

    const search = s.page.getByPlaceholder('Search Combinations...');
    await search.fill('fRiDaY, sun');
    await rowWithCell(s.page, 'Monday, Wednesday').waitFor({ state: 'detached' });
    expect(await s.page.getByRole('row').count()).toBe(2); // the header and one match
    await rowWithCell(s.page, 'Monday, Friday, Sunday').waitFor();
    await search.fill('Fortnightly');
    await s.page.getByText('No combinations found').waitFor();
    await search.fill('');
    await rowWithCell(s.page, 'Monday, Wednesday').waitFor();

    await rowWithCell(s.page, 'Monday, Friday, Sunday').getByRole('link', { name: 'Update' }).click();
    await s.page.waitForURL(new RegExp(`#/combinations/update/${c.combinationId}$`));
  });

  it('disables after the dialog (Cancel changes nothing), then enables and deletes', async () => {
    const c = await makeCombination(db(), 'Tuesday, Saturday');
    await openList();
    const r = rowWithCell(s.page, 'Tuesday, Saturday');
    expect(await r.getByRole('button').allTextContents()).toEqual(['Disable']);

    await r.getByRole('button', { name: 'Disable' }).click();
    await confirmDialog(s.page, 'Are you sure you want to disable this combination?', 'Cancel');
    const [afterCancel] = await db().select().from(combination).where(eqId(c.combinationId));
    expect(afterCancel?.disable).toBe(0);
    expect(await r.getByRole('button').allTextContents()).toEqual(['Disable']);

    await r.getByRole('button', { name: 'Disable' }).click();
    await confirmDialog(s.page, 'Are you sure you want to disable this combination?', 'Confirm');
    await s.page.getByText('Action executed successfully!').waitFor();
    await r.getByRole('button', { name: 'Delete' }).waitFor();
    expect(await r.getByRole('button').allTextContents()).toEqual(['Enable', 'Delete']);
    expect(s.page.url()).toMatch(/#\/combinations$/);
    const [disabled] = await db().select().from(combination).where(eqId(c.combinationId));
    expect(disabled?.disable).toBe(1);

    await r.getByRole('button', { name: 'Enable' }).click();
    await confirmDialog(s.page, 'Are you sure you want to enable this combination?', 'Confirm');
    await r.getByRole('button', { name: 'Disable' }).waitFor();
    const [enabled] = await db().select().from(combination).where(eqId(c.combinationId));
    expect(enabled?.disable).toBe(0);

    await r.getByRole('button', { name: 'Disable' }).click();
    await confirmDialog(s.page, 'Are you sure you want to disable this combination?', 'Confirm');
    await r.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(s.page, 'Are you sure you want to delete this combination?', 'Confirm');
    await r.waitFor({ state: 'detached' });
    expect(await db().select().from(combination).where(eqId(c.combinationId))).toEqual([]);
  });

  it("shows the server's reason when a combination in use cannot be deleted", async () => {
    const c = await makeCombination(db(), 'Wednesday, Weekly', { disable: 1 });
    await makeProduct(db(), { combinationId: c.combinationId });
    await openList();
    await rowWithCell(s.page, 'Wednesday, Weekly').getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(s.page, 'Are you sure you want to delete this combination?', 'Confirm');
    await s.page.getByText('Failed to execute action').waitFor();
    await s.page.getByText('This combination is used by a Milk and cannot be deleted.').waitFor();
    await rowWithCell(s.page, 'Wednesday, Weekly').waitFor();
    expect(await db().select().from(combination).where(eqId(c.combinationId))).toHaveLength(1);
  });

  it("shows 'Loading...', then a failed load as a red alert whose Retry loads the list", async () => {
    let calls = 0;
    const isList = (url: URL) => url.pathname === '/api/days';
    await s.page.route(isList, async (route) => {
      calls++;
      if (calls === 1) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.fulfill({ status: 500, json: { message: 'Internal Server Error' } });
      } else {
        await route.continue();
      }
    });
    try {
      await s.goto('/combinations');
      await s.page.getByText('Loading...').waitFor();
      const alert = s.page.getByRole('alert').filter({ hasText: 'Failed to fetch data' });
      await alert.waitFor();
      await alert.getByRole('button', { name: 'Retry' }).click();
      await rowWithCell(s.page, 'Monday, Wednesday').waitFor();
      expect(calls).toBe(2);
    } finally {
      await s.page.unroute(isList);
    }
  });
});

const eqId = (id: number) => eq(combination.combinationId, id);

describe('pagination of All Combinations', () => {
  it('shows the rows past 1000 on page 2', async () => {
    // Every one of the 1023 sets of the 10 days, by one set-based insert (days in canonical order).
    await db().execute(sql`
      insert into combination (combination_days)
      select string_agg(d.name, ', ' order by d.i)
      from generate_series(1, 1023) as m(bits)
      cross join unnest(array['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday',
        'Monthly', 'Weekly', 'Special']) with ordinality as d(name, i)
      where (m.bits & (1 << (d.i::int - 1))) <> 0
      group by m.bits
      on conflict do nothing`);
    expect(await allCombinations()).toHaveLength(1023);
    await openList();
    await rowWithCell(s.page, 'Monday, Wednesday').waitFor();
    expect(await s.page.getByRole('row').count()).toBe(1001);
    const pagination = s.page.getByRole('navigation', { name: 'Pagination' });
    expect(await pagination.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await pagination.getByRole('button', { name: 'Next' }).click();
    await pagination.locator('[aria-current="page"]').filter({ hasText: '2' }).waitFor();
    await s.page.getByRole('row').nth(23).waitFor();
    expect(await s.page.getByRole('row').count()).toBe(24);
    expect(await pagination.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    const lastIds = (await allCombinations()).slice(1000).map((c) => String(c.combinationId));
    const shownIds = await s.page.locator('tbody tr td:first-child').allTextContents();
    expect(shownIds).toEqual(lastIds);

    // The page is in the address: a reload opens page 2 again.
    await s.page.waitForURL(/#\/combinations\?page=2$/);
    await s.page.reload();
    await pagination.locator('[aria-current="page"]').filter({ hasText: '2' }).waitFor();
    await s.page.getByRole('row').nth(23).waitFor();
    expect(await s.page.locator('tbody tr td:first-child').allTextContents()).toEqual(lastIds);
  });
});
