import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('colonies', () => {
  it('adds a colony and reads it back', async () => {
    const added = await t.call('POST', '/api/colony/add', { code: ' GK1 ', name: 'Greater Kailash', charges: '25.50' });
    expect(added.status).toBe(200);
    expect(added.body.msg).toBe('Colony added successfully!');
    const read = await t.call('GET', '/api/colony/update/gk1');
    expect(read.body.rows[0]).toEqual({ colonyCode: 'GK1', colonyName: 'Greater Kailash', charges: 25.5, disable: 0 });
  });
});
