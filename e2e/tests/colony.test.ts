import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { colony } from '../../server/src/db/schema';
import { makeColony } from '../dairy';
import { signedInForFile } from '../harness';
import { clickAndSee, confirmDialog, expectDelayedRedirect, rowWithCell, tabTo } from '../screen';

const s = signedInForFile();

const db = () => s.app.database.db;
const findColony = async (code: string) => (await db().select().from(colony).where(eq(colony.colonyCode, code)))[0];

async function openList() {
  await s.open('/ShowColony', 'All Colonies');
  await s.page.getByRole('columnheader', { name: 'Colony Code' }).waitFor();
}

describe('Add Colony', () => {
  it('keeps Add Colony disabled while a field is invalid and shows each validation text', async () => {
    await s.open('/AddColony', 'Add Colony');
    const submit = s.page.getByRole('button', { name: 'Add Colony' });
    const code = s.page.getByLabel('Colony Code');
    const name = s.page.getByLabel('Colony Name');
    const charges = s.page.getByLabel('Service Charges');
    await code.waitFor();
    expect(await submit.isDisabled()).toBe(true);

    await code.fill('A');
    await s.page.getByText('Colony Code must contain at least 2 characters').waitFor();
    await code.fill('');
    await s.page.getByText("Colony Code can't be empty!").waitFor();
    await name.fill('Abcd');
    await s.page.getByText('Colony Name must contain at least 5 characters').waitFor();
    await name.fill('');
    await s.page.getByText("Colony Name can't be empty!").waitFor();
    await charges.fill('12');
    await charges.fill('');
    await s.page.getByText("Service Charges can't be empty!").waitFor();

    await code.fill('GR');
    await name.fill('Green Park');
    expect(await submit.isDisabled()).toBe(true);
    await charges.fill('25.5');
    await s.page.getByText("Service Charges can't be empty!").waitFor({ state: 'detached' });
    expect(await submit.isDisabled()).toBe(false);
    expect(await findColony('GR')).toBeUndefined();
  });

  it('adds the colony (trimmed), shows the toast and opens All Colonies after 2 seconds', async () => {
    await s.goto('/AddColony');
    await s.page.getByLabel('Colony Code').fill('  GP1 ');
    await s.page.getByLabel('Colony Name').fill('  Green Park  ');
    await s.page.getByLabel('Service Charges').fill('25.5');
    const message = 'Colony added successfully!';
    await expectDelayedRedirect(s.page, { message, form: /#\/AddColony$/, list: /#\/ShowColony$/ }, () =>
      clickAndSee(s.page, 'Add Colony', message),
    );
    await rowWithCell(s.page, 'GP1').getByRole('cell', { name: '₹25.50' }).waitFor();
    expect(await findColony('GP1')).toMatchObject({ colonyName: 'Green Park', charges: 2550, disable: 0 });
  });

  it("shows 'Unable to Add!' and the reason on a duplicate code and stays on the form", async () => {
    await makeColony(db(), { colonyCode: 'DUP', colonyName: 'Original name' });
    await s.goto('/AddColony');
    await s.page.getByLabel('Colony Code').fill('dup');
    await s.page.getByLabel('Colony Name').fill('Another name');
    await s.page.getByLabel('Service Charges').fill('10');
    await clickAndSee(s.page, 'Add Colony', 'Unable to Add!');
    await s.page.getByText('A colony with this code already exists.').waitFor();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(s.page.url()).toMatch(/#\/AddColony$/);
    expect((await db().select().from(colony).where(sql`lower(${colony.colonyCode}) = 'dup'`)).length).toBe(1);
  });
  it("shows 'Unable to Add!' once when the server's answer has no message", async () => {
    const isAdd = (url: URL) => url.pathname === '/api/colony/add';
    await s.page.route(isAdd, (route) => route.fulfill({ status: 500, json: {} }));
    try {
      await s.goto('/AddColony');
      await s.page.getByLabel('Colony Code').fill('NM1');
      await s.page.getByLabel('Colony Name').fill('No Message');
      await s.page.getByLabel('Service Charges').fill('1');
      await clickAndSee(s.page, 'Add Colony', 'Unable to Add!');
      expect(await s.page.getByText('Unable to Add!').count()).toBe(1);
      expect(await s.page.getByText(/Request failed/).count()).toBe(0);
    } finally {
      await s.page.unroute(isAdd);
    }
    expect(await findColony('NM1')).toBeUndefined();
  });
});

describe('Update Colony', () => {
  it("shows the code read-only, checks the name on submit, says 'Updating...' and saves", async () => {
    await makeColony(db(), { colonyCode: 'UP1', colonyName: 'Old Market', charges: 1000 });
    await s.open('/colony/update/UP1', 'Update Colony');
    const code = s.page.getByLabel('Colony Code');
    const name = s.page.getByLabel('Colony Name');
    await code.waitFor();
    expect(await code.inputValue()).toBe('UP1');
    expect(await code.getAttribute('readonly')).not.toBeNull();
    expect(await name.inputValue()).toBe('Old Market');
    expect(await s.page.getByLabel('Service Charges').inputValue()).toBe('10');

    await name.fill('Old');
    await clickAndSee(s.page, 'Update Colony', 'Colony Name must contain at least 5 characters');
    expect((await findColony('UP1'))?.colonyName).toBe('Old Market');

    // Hold the save for a moment to see the button while it is saving.
    const isSave = (url: URL) => url.pathname === '/api/colony/update/UP1';
    await s.page.route(isSave, async (route) => {
      if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const message = 'Colony updated successfully!';
    await expectDelayedRedirect(
      s.page,
      { message, form: /#\/colony\/update\/UP1$/, list: /#\/ShowColony$/ },
      async () => {
        try {
          await name.fill('New Market');
          await s.page.getByLabel('Service Charges').fill('12.75');
          await s.page.getByRole('button', { name: 'Update Colony' }).click();
          await s.page.getByRole('button', { name: 'Updating...' }).waitFor();
          await s.page.getByText(message).waitFor();
        } finally {
          await s.page.unroute(isSave);
        }
        // Saved: the button stays off during the wait before the list opens.
        const button = s.page.getByRole('button', { name: 'Update Colony' });
        await button.waitFor();
        expect(await button.isDisabled()).toBe(true);
      },
    );
    await rowWithCell(s.page, 'UP1').getByRole('cell', { name: 'New Market' }).waitFor();
    expect(await findColony('UP1')).toMatchObject({ colonyName: 'New Market', charges: 1275 });
  });

  it('refuses a save from an older copy, says so, and Reload shows the other change', async () => {
    await makeColony(db(), { colonyCode: 'LU1', colonyName: 'Lost Update One', charges: 500 });
    await s.goto('/colony/update/LU1');
    const name = s.page.getByLabel('Colony Name');
    await name.waitFor();
    // Another operator saves a new charge while this form is open.
    await db().execute(sql`update colony set charges = 9 where colony_code = 'LU1'`);
    await name.fill('Lost Update Renamed');
    await s.page.getByRole('button', { name: 'Update Colony' }).click();
    const alert = s.page.getByRole('alert').filter({
      hasText: 'This record was changed by someone else.',
      has: s.page.getByRole('button', { name: 'Reload' }),
    });
    await alert.waitFor();
    expect(await findColony('LU1')).toMatchObject({ colonyName: 'Lost Update One', charges: 900 });

    await alert.getByRole('button', { name: 'Reload' }).click();
    await s.page.waitForFunction(
      () => (document.querySelector('input[name="name"]') as HTMLInputElement)?.value === 'Lost Update One',
    );
    expect(await s.page.getByLabel('Service Charges').inputValue()).toBe('9');
    await name.fill('Lost Update Renamed');
    await clickAndSee(s.page, 'Update Colony', 'Colony updated successfully!');
    expect(await findColony('LU1')).toMatchObject({ colonyName: 'Lost Update Renamed', charges: 900 });
  });

  it('keeps the list search in the address: reload and a save come back to it', async () => {
    await makeColony(db(), { colonyCode: 'RV1', colonyName: 'Searchable Riverside' });
    await openList();
    await s.page.getByLabel('Search', { exact: true }).fill('riverside');
    await s.page.waitForURL(/search=riverside/);
    await s.page.reload();
    await rowWithCell(s.page, 'RV1').waitFor();
    expect(await s.page.getByLabel('Search', { exact: true }).inputValue()).toBe('riverside');
    await rowWithCell(s.page, 'RV1').getByRole('link', { name: 'Update' }).click();
    await s.page.getByLabel('Colony Name').fill('Searchable Riverside Two');
    await s.page.getByRole('button', { name: 'Update Colony' }).click();
    await s.page.waitForURL(/#\/ShowColony\?search=riverside$/);
    await rowWithCell(s.page, 'RV1').getByRole('cell', { name: 'Searchable Riverside Two' }).waitFor();
    expect(await s.page.getByLabel('Search', { exact: true }).inputValue()).toBe('riverside');
  });

  it('opens and saves a colony whose code holds a space, a slash and a hash', async () => {
    await makeColony(db(), { colonyCode: 'N/E #1', colonyName: 'North East One' });
    await openList();
    await rowWithCell(s.page, 'N/E #1').getByRole('link', { name: 'Update' }).click();
    const name = s.page.getByLabel('Colony Name');
    await name.waitFor();
    expect(await name.inputValue()).toBe('North East One');
    await name.fill('North East Block');
    await clickAndSee(s.page, 'Update Colony', 'Colony updated successfully!');
    expect((await findColony('N/E #1'))?.colonyName).toBe('North East Block');
  });

  it("shows the server's message, or 'Error updating colony' when it sent none, and stays", async () => {
    await makeColony(db(), { colonyCode: 'UF1', colonyName: 'Update Failure' });
    const isSave = (url: URL) => url.pathname === '/api/colony/update/UF1';
    for (const [json, text] of [
      [{}, 'Error updating colony'],
      [{ message: 'Colony is locked' }, 'Colony is locked'],
    ] as const) {
      await s.page.route(isSave, (route) =>
        route.request().method() === 'PUT' ? route.fulfill({ status: 500, json }) : route.continue(),
      );
      try {
        await s.goto('/colony/update/UF1');
        const name = s.page.getByLabel('Colony Name');
        await name.waitFor();
        await name.fill('Update Failed Name');
        await s.page.getByRole('button', { name: 'Update Colony' }).click();
        await s.page.getByText(text, { exact: true }).waitFor();
        expect(await s.page.getByRole('button', { name: 'Update Colony' }).isDisabled()).toBe(false);
      } finally {
        await s.page.unroute(isSave);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(s.page.url()).toMatch(/#\/colony\/update\/UF1$/);
    expect((await findColony('UF1'))?.colonyName).toBe('Update Failure');
  });

  it('says why a colony that does not exist cannot be opened', async () => {
    await s.goto('/colony/update/NOPE');
    await s.page.getByText('Error fetching colony data. Please try again later.').waitFor();
    await s.page.getByText('Colony not found').waitFor();
  });
});

describe('All Colonies', () => {
  it('searches the names on the client and shows no pagination with one page', async () => {
    await makeColony(db(), { colonyCode: 'SR1', colonyName: 'Shanti Nagar' });
    await makeColony(db(), { colonyCode: 'SR2', colonyName: 'Ram Nagar East' });
    await openList();
    await s.page.getByRole('link', { name: 'Add Colony' }).waitFor();
    for (const header of ['Colony Name', 'Service Charges', 'Action']) {
      await s.page.getByRole('columnheader', { name: header }).waitFor();
    }
    expect(await s.page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);

    const search = s.page.getByPlaceholder('Search Colonies...');
    await search.fill('nAGar');
    await rowWithCell(s.page, 'GP1').waitFor({ state: 'detached' });
    expect(await s.page.locator('tbody tr td:first-child').allTextContents()).toEqual(['SR1', 'SR2']);
    await search.fill('ram nagar');
    await rowWithCell(s.page, 'SR1').waitFor({ state: 'detached' });
    await rowWithCell(s.page, 'SR2').waitFor();
    await search.fill('Nowhere');
    await s.page.getByText('No colonies found').waitFor();
    await search.fill('');
    await rowWithCell(s.page, 'GP1').waitFor();

    await rowWithCell(s.page, 'SR2').getByRole('link', { name: 'Update' }).click();
    await s.page.waitForURL(/#\/colony\/update\/SR2$/);
  });

  it('disables and enables through the dialog; Cancel changes nothing', async () => {
    await makeColony(db(), { colonyCode: 'TG1', colonyName: 'Toggle Colony' });
    await openList();
    const r = rowWithCell(s.page, 'TG1');
    await r.getByRole('button', { name: 'Disable' }).click();
    await confirmDialog(s.page, 'Are you sure you want to disable this colony?', 'Cancel');
    expect((await findColony('TG1'))?.disable).toBe(0);
    await r.getByRole('button', { name: 'Disable' }).waitFor();

    await r.getByRole('button', { name: 'Disable' }).click();
    // Spec section 7: a JSON content type and no body.
    const sent = s.page.waitForRequest((request) => new URL(request.url()).pathname === '/api/colony/disable/TG1');
    await confirmDialog(s.page, 'Are you sure you want to disable this colony?', 'Confirm');
    expect((await sent).method()).toBe('POST');
    expect((await sent).headers()['content-type']).toBe('application/json');
    expect((await sent).postData()).toBeNull();
    await s.page.getByText('Colony disabled successfully!').waitFor();
    await r.getByRole('button', { name: 'Enable' }).waitFor();
    expect((await findColony('TG1'))?.disable).toBe(1);

    await r.getByRole('button', { name: 'Enable' }).click();
    await confirmDialog(s.page, 'Are you sure you want to enable this colony?', 'Confirm');
    await s.page.getByText('Colony enabled successfully!').waitFor();
    await r.getByRole('button', { name: 'Disable' }).waitFor();
    expect((await findColony('TG1'))?.disable).toBe(0);
  });

  it.each([
    ['AF1', 'a failure without a message', { status: 500, json: {} }, 'Failed to perform the action.'],
    ['AF2', "the server's message", { status: 409, json: { message: 'Colony is in use' } }, 'Colony is in use'],
    ['AF3', 'no answer at all', 'abort', 'An error occurred. Please try again.'],
  ] as const)('an action that fails (%s) shows %s and changes nothing', async (code, _case, answer, text) => {
    await makeColony(db(), { colonyCode: code, colonyName: 'Action Failure' });
    const isAction = (url: URL) => url.pathname === `/api/colony/disable/${code}`;
    await s.page.route(isAction, (route) => (answer === 'abort' ? route.abort() : route.fulfill(answer)));
    try {
      await openList();
      await rowWithCell(s.page, code).getByRole('button', { name: 'Disable' }).click();
      await confirmDialog(s.page, 'Are you sure you want to disable this colony?', 'Confirm');
      await s.page.getByText(text, { exact: true }).waitFor();
      await rowWithCell(s.page, code).getByRole('button', { name: 'Disable' }).waitFor();
    } finally {
      await s.page.unroute(isAction);
    }
    expect((await findColony(code))?.disable).toBe(0);
  });

  it('adds a colony and disables it with the keyboard only', async () => {
    await s.goto('/AddColony');
    const code = s.page.getByLabel('Colony Code');
    await code.waitFor();
    await tabTo(s.page, code);
    await s.page.keyboard.type('KB1');
    await s.page.keyboard.press('Tab');
    await s.page.keyboard.type('Keyboard Colony');
    await s.page.keyboard.press('Tab');
    await s.page.keyboard.type('7');
    await tabTo(s.page, s.page.getByRole('button', { name: 'Add Colony' }));
    await s.page.keyboard.press('Enter');
    await s.page.getByText('Colony added successfully!').waitFor();
    await s.page.waitForURL(/#\/ShowColony$/);

    const disable = rowWithCell(s.page, 'KB1').getByRole('button', { name: 'Disable' });
    await disable.waitFor();
    await tabTo(s.page, disable);
    await s.page.keyboard.press('Space');
    const dialog = s.page.getByRole('dialog', { name: 'Confirm Action' });
    await dialog.getByText('Are you sure you want to disable this colony?').waitFor();
    await tabTo(s.page, dialog.getByRole('button', { name: 'Confirm' }));
    await s.page.keyboard.press('Enter');
    await rowWithCell(s.page, 'KB1').getByRole('button', { name: 'Enable' }).waitFor();
    expect(await findColony('KB1')).toMatchObject({ colonyName: 'Keyboard Colony', charges: 700, disable: 1 });
  });

  it('shows a failed load with Retry, and Retry loads the list', async () => {
    let calls = 0;
    const isList = (url: URL) => url.pathname === '/api/colony';
    await s.page.route(isList, (route) => {
      calls++;
      return calls === 1
        ? route.fulfill({ status: 500, json: { message: 'Internal Server Error' } })
        : route.continue();
    });
    try {
      await s.goto('/ShowColony');
      const alert = s.page.getByRole('alert').filter({ hasText: 'Failed to load' });
      await alert.getByText('Internal Server Error').waitFor();
      await alert.getByRole('button', { name: 'Retry' }).click();
      await rowWithCell(s.page, 'GP1').waitFor();
      expect(calls).toBe(2);
    } finally {
      await s.page.unroute(isList);
    }
  });

  it('pages past 200 colonies: page 2 shows the rest', async () => {
    // 205 more colonies in one set-based insert.
    await db().execute(sql`
      insert into colony (colony_code, colony_name, charges)
      select 'Z' || lpad(n::text, 3, '0'), 'Seeded colony ' || n, 0 from generate_series(1, 205) as n`);
    const codes = (await db().select({ code: colony.colonyCode }).from(colony).orderBy(colony.colonyCode)).map(
      (c) => c.code,
    );
    expect(codes.length).toBeGreaterThan(205);
    await openList();
    const firstCells = s.page.locator('tbody tr td:first-child');
    await rowWithCell(s.page, codes[0]!).waitFor();
    expect(await firstCells.allTextContents()).toEqual(codes.slice(0, 200));

    const pagination = s.page.getByRole('navigation', { name: 'Pagination' });
    expect(await pagination.getByRole('button').allTextContents()).toEqual(['Previous', '1', '2', 'Next']);
    await pagination.getByRole('button', { name: '2', exact: true }).click();
    await rowWithCell(s.page, codes.at(-1)!).waitFor();
    expect(await firstCells.allTextContents()).toEqual(codes.slice(200));
    expect(await pagination.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await pagination.getByRole('button', { name: 'Previous' }).click();
    await rowWithCell(s.page, codes[0]!).waitFor();
  });
});
