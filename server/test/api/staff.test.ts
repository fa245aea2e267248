import { staffTexts } from '@dairy/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUser, session } from '../../src/db/schema';
import { fileTestApp } from '../helpers/app';
import { makeColony } from '../helpers/factories';

const t = fileTestApp();
beforeAll(async () => {
  await makeColony(t.database.db, { colonyCode: 'GK', colonyName: 'Greater Kailash' });
  await makeColony(t.database.db, { colonyCode: 'Lv', colonyName: 'Lake View' });
});

const users = async () => (await t.database.db.select({ n: count() }).from(appUser))[0]!.n;
const add = (body: Record<string, unknown>) =>
  t.call('POST', '/api/staff', { username: 'ravi', password: 'password-1', role: 'operator', colonies: [], ...body });

/** Signs in through the call, as the browser does; the session cookie or the refusal. */
async function signIn(username: string, password: string) {
  const response = await t.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-requested-with': 'fetch' },
    payload: { username, password },
  });
  const cookie = response.cookies.find((c) => c.name === 'sid');
  return { status: response.statusCode, body: response.json(), cookie: cookie && `sid=${cookie.value}` };
}
const stateOf = async (cookie: string) =>
  (await t.inject({ method: 'GET', url: '/api/auth/state', headers: { cookie } })).json();

describe('adding staff', () => {
  it('adds a collector with colonies (named in any case) and lists them', async () => {
    const added = await add({ username: ' Kiran ', role: 'collector', colonies: ['lv', 'gk', 'GK'] });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      msg: staffTexts.added,
      row: { username: 'Kiran', role: 'collector', colonies: ['GK', 'Lv'], disabled: false },
    });
    const list = await t.call('GET', '/api/staff');
    expect(list.body.rows.map((r: { username: string }) => r.username)).toEqual(['admin', 'Kiran']);
    expect(list.body.rows[1]).toEqual({ ...added.body.row, createdAt: expect.any(String) });

    const signedIn = await signIn('kiran', 'password-1');
    expect(signedIn.body).toEqual({ user: { username: 'Kiran', role: 'collector', colonies: ['GK', 'Lv'] } });
  });

  it('keeps no colonies for an admin or an operator', async () => {
    const added = await add({ username: 'opal', colonies: ['GK'] });
    expect(added.body.row).toMatchObject({ role: 'operator', colonies: [] });
  });

  it.each([
    ['a short password', { password: 'seven77' }, 'password', staffTexts.passwordMin, 400],
    ['no password', { password: undefined }, 'password', staffTexts.passwordMin, 400],
    ['no username', { username: '  ' }, 'username', staffTexts.usernameRequired, 400],
    ['an unknown role', { role: 'owner' }, 'role', staffTexts.roleInvalid, 400],
    ['no role', { role: undefined }, 'role', staffTexts.roleInvalid, 400],
    [
      'a collector without colonies',
      { role: 'collector', colonies: [] },
      'colonies',
      staffTexts.collectorNeedsColony,
      400,
    ],
    [
      'an unknown colony',
      { role: 'collector', colonies: ['GK', 'NOPE'] },
      'colonies',
      'Colony Code NOPE does not exist.',
      400,
    ],
    ['a taken username in another case', { username: 'ADMIN' }, undefined, staffTexts.duplicate, 409],
  ])('refuses %s and adds nothing', async (_case, body, path, message, status) => {
    const before = await users();
    const answer = await add(body);
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe(message);
    if (path) expect(answer.body.errors).toContainEqual({ path, message });
    expect(await users()).toBe(before);
  });
});

describe('changing staff', () => {
  it('changes role and colonies; 404 for an unknown user; the same rules as adding', async () => {
    const { body } = await add({ username: 'mohan' });
    const id = body.row.userId;
    const put = (values: Record<string, unknown>) =>
      t.call('PUT', `/api/staff/${id}`, { role: 'collector', colonies: ['GK'], disabled: 0, ...values });
    const changed = await put({});
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ msg: staffTexts.updated, row: { role: 'collector', colonies: ['GK'] } });
    expect((await put({ colonies: [] })).body.message).toBe(staffTexts.collectorNeedsColony);
    expect((await put({ colonies: ['ZZ'] })).body.message).toBe('Colony Code ZZ does not exist.');
    expect((await put({ role: 'boss' })).body.message).toBe(staffTexts.roleInvalid);
    expect((await t.call('PUT', '/api/staff/99999', { role: 'admin', colonies: [], disabled: 0 })).status).toBe(404);
    const back = await put({ role: 'operator', colonies: ['GK'] });
    expect(back.body.row).toMatchObject({ role: 'operator', colonies: [] });
  });

  it('never disables or demotes the last enabled admin', async () => {
    const me = (await t.call('GET', '/api/staff')).body.rows.find((r: { username: string }) => r.username === 'admin');
    for (const change of [
      { role: 'operator', colonies: [], disabled: 0 },
      { role: 'admin', colonies: [], disabled: 1 },
    ]) {
      const answer = await t.call('PUT', `/api/staff/${me.userId}`, change);
      expect(answer).toMatchObject({ status: 409, body: { message: staffTexts.lastAdmin } });
    }
    // With a second admin the first may step down; then the second is the last.
    const second = await add({ username: 'asha', role: 'admin' });
    const demoted = await t.call('PUT', `/api/staff/${second.body.row.userId}`, {
      role: 'operator',
      colonies: [],
      disabled: 0,
    });
    expect(demoted.status).toBe(200);
    const disabled = await t.call('PUT', `/api/staff/${second.body.row.userId}`, {
      role: 'admin',
      colonies: [],
      disabled: 1,
    });
    expect(disabled.status).toBe(200);
    expect(
      (await t.call('PUT', `/api/staff/${me.userId}`, { role: 'operator', colonies: [], disabled: 0 })).status,
    ).toBe(409);
  });

  it("ends a disabled user's sessions at once; they cannot sign in, as with a wrong password", async () => {
    const { body } = await add({ username: 'dev', password: 'password-9' });
    const { cookie } = await signIn('dev', 'password-9');
    expect((await stateOf(cookie!)).user.username).toBe('dev');
    await signIn('dev', 'password-9');
    expect(await t.database.db.select().from(session).where(eq(session.userId, body.row.userId))).toHaveLength(2);

    const off = await t.call('PUT', `/api/staff/${body.row.userId}`, { role: 'operator', colonies: [], disabled: 1 });
    expect(off.body.row.disabled).toBe(true);
    expect(await t.database.db.select().from(session).where(eq(session.userId, body.row.userId))).toHaveLength(0);
    expect((await stateOf(cookie!)).user).toBeNull();
    const refused = await signIn('dev', 'password-9');
    const wrong = await signIn('dev', 'password-0');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(wrong.body);

    await t.call('PUT', `/api/staff/${body.row.userId}`, { role: 'operator', colonies: [], disabled: 0 });
    expect((await signIn('dev', 'password-9')).status).toBe(200);
  });

  it("resets a password: the old one stops working and the user's sessions end", async () => {
    const { body } = await add({ username: 'lata', password: 'password-1' });
    const { cookie } = await signIn('lata', 'password-1');
    const url = `/api/staff/${body.row.userId}/password`;
    expect((await t.call('POST', url, { password: 'short' })).body.message).toBe(staffTexts.passwordMin);
    const reset = await t.call('POST', url, { password: 'new-password' });
    expect(reset).toMatchObject({ status: 200, body: { msg: staffTexts.passwordReset } });
    expect((await stateOf(cookie!)).user).toBeNull();
    expect((await signIn('lata', 'password-1')).status).toBe(401);
    expect((await signIn('lata', 'new-password')).status).toBe(200);
    expect((await t.call('POST', '/api/staff/99999/password', { password: 'new-password' })).status).toBe(404);
  });

  it("keeps the admin's own session when they reset their own password", async () => {
    const me = (await t.call('GET', '/api/staff')).body.rows.find((r: { username: string }) => r.username === 'admin');
    expect((await t.call('POST', `/api/staff/${me.userId}/password`, { password: 'my-new-password' })).status).toBe(
      200,
    );
    expect((await t.call('GET', '/api/staff')).status).toBe(200);
  });
});
