import { combinationTexts, STALE_RECORD } from '@dairy/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combination } from '../../src/db/schema';
import { createTestApp, expectFailure, fileTestApp, type TestApp } from '../helpers/app';
import { makeCombination, makeProduct } from '../helpers/factories';

const t = fileTestApp();

const allRows = () => t.database.db.select().from(combination).orderBy(asc(combination.combinationId));
const readBack = async (id: number) => (await t.call('GET', `/api/days/update/${id}`)).body.day;

describe('POST /api/days/add', () => {
  it('adds the days in canonical order, without spaces or repeats, and reads them back', async () => {
    const response = await t.call('POST', '/api/days/add', {
      days: ['Special', ' Sunday ', 'Monday', 'Weekly', 'Monday', 'Wednesday'],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      msg: 'Successfully added the Combinations.',
      row: {
        combinationId: expect.any(Number),
        combinationDays: 'Monday, Wednesday, Sunday, Weekly, Special',
        disable: 0,
        version: 1,
      },
    });
    expect(await readBack(response.body.row.combinationId)).toEqual(response.body.row);
  });

  it('takes each of the 10 day choices', async () => {
    const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'Monthly', 'Weekly'];
    const all = await t.call('POST', '/api/days/add', { days: [...days, 'Special'].reverse() });
    expect(all.status).toBe(200);
    expect(all.body.row.combinationDays).toBe(`${days.join(', ')}, Special`);
  });

  it('refuses the same set of days in another order or with repeats with 409', async () => {
    const first = await t.call('POST', '/api/days/add', { days: ['Tuesday', 'Friday'] });
    expect(first.status).toBe(200);
    const before = await allRows();
    for (const days of [
      ['Friday', 'Tuesday'],
      ['Tuesday', 'Friday', 'Friday'],
      [' Friday', 'Tuesday '],
    ]) {
      const again = await t.call('POST', '/api/days/add', { days });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ message: combinationTexts.duplicate });
    }
    expect(await allRows()).toEqual(before);
  });

  it.each([
    ['no days', { days: [] }, combinationTexts.daysRequired],
    ['days missing', {}, combinationTexts.daysRequired],
    ['days as one text', { days: 'Monday' }, combinationTexts.daysRequired],
    ['an unknown day', { days: ['Monday', 'Funday'] }, combinationTexts.unknownDay],
    ['a day in lower case', { days: ['monday'] }, combinationTexts.unknownDay],
    ['a blank day', { days: [' '] }, combinationTexts.unknownDay],
  ])('refuses %s with 400 and adds nothing', async (_case, body, message) => {
    const before = await allRows();
    const response = await t.call('POST', '/api/days/add', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message, errors: [{ path: 'days', message }] });
    expect(await allRows()).toEqual(before);
  });
});

describe('GET /api/days/update/:id and POST /api/days/update', () => {
  let id: number;
  let otherId: number;
  beforeAll(async () => {
    id = (await makeCombination(t.database.db, 'Monthly')).combinationId;
    otherId = (await makeCombination(t.database.db, 'Monday, Thursday')).combinationId;
  });

  it('reads one combination', async () => {
    const response = await t.call('GET', `/api/days/update/${id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ day: { combinationId: id, combinationDays: 'Monthly', disable: 0, version: 1 } });
  });

  it('404 for an unknown id, 400 for an id that is not one', async () => {
    const unknown = await t.call('GET', '/api/days/update/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: combinationTexts.notFound });
    for (const bad of ['abc', '0', '-3', '2.5']) {
      const response = await t.call('GET', `/api/days/update/${bad}`);
      expectFailure(response, 400, 'Must be a valid id');
    }
  });

  it('updates from one text of days joined by comma and space, in canonical order', async () => {
    const response = await t.call('POST', '/api/days/update', { id: String(id), days: 'Saturday, Monthly, Tuesday' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ msg: 'Combinations Update Successfully.' });
    expect(await readBack(id)).toEqual({
      combinationId: id,
      combinationDays: 'Tuesday, Saturday, Monthly',
      disable: 0,
      version: 2,
    });
  });

  it('also takes a list, with loose spaces and repeats', async () => {
    const response = await t.call('POST', '/api/days/update', { id, days: [' Sunday', 'Wednesday', 'Sunday'] });
    expect(response.status).toBe(200);
    expect((await readBack(id)).combinationDays).toBe('Wednesday, Sunday');
    const text = await t.call('POST', '/api/days/update', { id, days: 'Sunday ,Wednesday,,  Friday' });
    expect(text.status).toBe(200);
    expect((await readBack(id)).combinationDays).toBe('Wednesday, Friday, Sunday');
  });

  it('may keep its own days', async () => {
    const response = await t.call('POST', '/api/days/update', { id, days: 'Friday, Sunday, Wednesday' });
    expect(response.status).toBe(200);
    expect((await readBack(id)).combinationDays).toBe('Wednesday, Friday, Sunday');
  });

  it('refuses the days of another combination with 409 and changes nothing', async () => {
    const before = await allRows();
    const response = await t.call('POST', '/api/days/update', { id, days: 'Thursday, Monday' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: combinationTexts.duplicate });
    expect(await allRows()).toEqual(before);
    expect((await readBack(otherId)).combinationDays).toBe('Monday, Thursday');
  });

  it.each([
    ['days blank', { days: '' }, 'days', combinationTexts.daysRequired],
    ['days of commas only', { days: ' , ,' }, 'days', combinationTexts.daysRequired],
    ['days missing', { days: undefined }, 'days', combinationTexts.daysRequired],
    ['an unknown day', { days: 'Monday, Someday' }, 'days', combinationTexts.unknownDay],
    ['id missing', { id: undefined }, 'id', 'Must be a valid id'],
    ['id not a number', { id: 'first' }, 'id', 'Must be a valid id'],
  ])('refuses %s with 400 and changes nothing', async (_case, change, path, message) => {
    const before = await allRows();
    const response = await t.call('POST', '/api/days/update', { id, days: 'Monday', ...change });
    expectFailure(response, 400, message);
    expect(response.body.errors).toEqual([{ path, message }]);
    expect(await allRows()).toEqual(before);
  });

  it('404 when updating an unknown id', async () => {
    const response = await t.call('POST', '/api/days/update', { id: 999999, days: 'Friday' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: combinationTexts.notFound });
  });
});

describe('versions of a combination', () => {
  it('refuses a save from an older copy with 409 and changes nothing; the current version saves', async () => {
    const { combinationId: id } = await makeCombination(t.database.db, 'Tuesday, Monthly');
    const read = await readBack(id);
    const first = await t.call('POST', '/api/days/update', { id, days: 'Tuesday, Weekly', version: read.version });
    expect(first.status).toBe(200);
    const after = await readBack(id);
    expect(after).toEqual({ ...read, combinationDays: 'Tuesday, Weekly', version: read.version + 1 });

    await makeCombination(t.database.db, 'Tuesday, Sunday');
    const before = await allRows();
    // Stale is what a person must hear first, even when the days are also taken.
    for (const days of ['Tuesday, Special', 'Sunday, Tuesday']) {
      const stale = await t.call('POST', '/api/days/update', { id, days, version: read.version });
      expect(stale.status).toBe(409);
      expect(stale.body).toEqual({ message: STALE_RECORD });
    }
    expect(await allRows()).toEqual(before);

    const fresh = await t.call('POST', '/api/days/update', {
      id,
      days: 'Tuesday, Special',
      version: String(after.version),
    });
    expect(fresh.status).toBe(200);
    expect(await readBack(id)).toMatchObject({ combinationDays: 'Tuesday, Special', version: after.version + 1 });
  });

  it('counts disabling and enabling as changes', async () => {
    const { combinationId: id, version } = await makeCombination(t.database.db, 'Thursday, Weekly');
    await t.call('GET', `/api/days/disable/${id}`);
    expect((await readBack(id)).version).toBe(version + 1);
    await t.call('GET', `/api/days/enable/${id}`);
    expect((await readBack(id)).version).toBe(version + 2);
    const stale = await t.call('POST', '/api/days/update', { id, days: 'Thursday', version });
    expect(stale.status).toBe(409);
    expect((await readBack(id)).combinationDays).toBe('Thursday, Weekly');
  });

  it('saves without a version as before, and refuses a version that is not one with 400', async () => {
    const { combinationId: id } = await makeCombination(t.database.db, 'Friday, Monthly');
    await t.call('GET', `/api/days/disable/${id}`);
    const withoutVersion = await t.call('POST', '/api/days/update', { id, days: 'Friday, Weekly' });
    expect(withoutVersion.status).toBe(200);
    expect(await readBack(id)).toMatchObject({ combinationDays: 'Friday, Weekly', version: 3 });
    const before = await allRows();
    for (const version of ['x', 0, 1.5]) {
      const bad = await t.call('POST', '/api/days/update', { id, days: 'Friday', version });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].path).toBe('version');
    }
    expect(await allRows()).toEqual(before);
  });
});

describe('GET /api/days/:action/:id', () => {
  it('disables and enables a combination', async () => {
    const { combinationId } = await makeCombination(t.database.db, 'Saturday, Sunday');
    const disabled = await t.call('GET', `/api/days/disable/${combinationId}`);
    expect(disabled.status).toBe(200);
    expect(disabled.body).toEqual({ msg: 'Combination disabled successfully!' });
    expect((await readBack(combinationId)).disable).toBe(1);
    const enabled = await t.call('GET', `/api/days/enable/${combinationId}`);
    expect(enabled.body).toEqual({ msg: 'Combination enabled successfully!' });
    expect((await readBack(combinationId)).disable).toBe(0);
  });

  it('deletes a disabled, unused combination for good', async () => {
    const { combinationId } = await makeCombination(t.database.db, 'Tuesday, Thursday', { disable: 1 });
    const response = await t.call('GET', `/api/days/delete/${combinationId}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ msg: 'Combination deleted successfully!' });
    expect(await t.database.db.select().from(combination).where(eq(combination.combinationId, combinationId))).toEqual(
      [],
    );
    expect((await t.call('GET', `/api/days/update/${combinationId}`)).status).toBe(404);
    expect((await t.call('GET', `/api/days/delete/${combinationId}`)).status).toBe(404);
  });

  it('refuses to delete an active combination with 409', async () => {
    const row = await makeCombination(t.database.db, 'Monday, Friday');
    const response = await t.call('GET', `/api/days/delete/${row.combinationId}`);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: combinationTexts.deleteActive });
    expect(await readBack(row.combinationId)).toEqual(row);
  });

  it('refuses to delete a disabled combination that a product uses with 409', async () => {
    const row = await makeCombination(t.database.db, 'Wednesday, Saturday', { disable: 1 });
    await makeProduct(t.database.db, { combinationId: row.combinationId });
    const response = await t.call('GET', `/api/days/delete/${row.combinationId}`);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'This combination is used by a Milk and cannot be deleted.' });
    expect(await readBack(row.combinationId)).toEqual(row);
  });

  it.each(['disable', 'enable', 'delete'])('%s of an unknown id is 404', async (action) => {
    const response = await t.call('GET', `/api/days/${action}/999999`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: combinationTexts.notFound });
  });

  it('400 for an unknown action or a bad id', async () => {
    const row = await makeCombination(t.database.db, 'Weekly, Special');
    const badAction = await t.call('GET', `/api/days/remove/${row.combinationId}`);
    expectFailure(badAction, 400, 'Action must be disable, enable or delete');
    const badId = await t.call('GET', '/api/days/disable/x');
    expectFailure(badId, 400, 'Must be a valid id');
    expect(await readBack(row.combinationId)).toEqual(row);
  });
});

describe('GET /api/days (pages)', () => {
  let p: TestApp;
  let ids: number[];
  beforeAll(async () => {
    p = await createTestApp();
    ids = [];
    for (const days of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      ids.push((await makeCombination(p.database.db, days, { disable: days === 'Tuesday' ? 1 : 0 })).combinationId);
    }
  });
  afterAll(() => p.close());

  it('lists every combination by id, 1000 to a page by default', async () => {
    const response = await p.call('GET', '/api/days');
    expect(response.status).toBe(200);
    expect(response.body.totalPages).toBe(1);
    expect(response.body.rows).toEqual([
      { combinationId: ids[0], combinationDays: 'Monday', disable: 0, version: 1 },
      { combinationId: ids[1], combinationDays: 'Tuesday', disable: 1, version: 1 },
      { combinationId: ids[2], combinationDays: 'Wednesday', disable: 0, version: 1 },
      { combinationId: ids[3], combinationDays: 'Thursday', disable: 0, version: 1 },
      { combinationId: ids[4], combinationDays: 'Friday', disable: 0, version: 1 },
    ]);
  });

  it('offset is the page number', async () => {
    const second = await p.call('GET', '/api/days?limit=2&offset=2');
    expect(second.body.totalPages).toBe(3);
    expect(second.body.rows.map((r: { combinationId: number }) => r.combinationId)).toEqual([ids[2], ids[3]]);
    const third = await p.call('GET', '/api/days?limit=2&offset=3');
    expect(third.body.rows.map((r: { combinationId: number }) => r.combinationId)).toEqual([ids[4]]);
    expect((await p.call('GET', '/api/days?limit=2&offset=4')).body).toEqual({ rows: [], totalPages: 3 });
  });
});
