import { settingsTexts } from '@dairy/contract';
import { describe, expect, it } from 'vitest';
import { businessSettings } from '../../src/db/schema';
import { expectFailure, fileTestApp } from '../helpers/app';

const t = fileTestApp();

const blank = { businessName: '', address: '', phone: '', upiId: '', upiName: '', billNote: '', cutoffTime: '20:00' };
const full = {
  businessName: 'Shree Krishna Dairy',
  address: '12, Gandhi Road, Pune',
  phone: '+91 98765 43210',
  upiId: 'shreedairy@okhdfcbank',
  upiName: 'Shree Krishna Dairy',
  billNote: 'Pay by the 10th. Thank you!',
  cutoffTime: '20:00',
};

describe('GET and PUT /api/settings', () => {
  it('reads empty strings until the first save', async () => {
    const response = await t.call('GET', '/api/settings');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(blank);
  });

  it('saves every field, trimmed, and reads them back', async () => {
    const saved = await t.call('PUT', '/api/settings', { ...full, businessName: `  ${full.businessName} ` });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ msg: settingsTexts.saved, settings: full });
    expect((await t.call('GET', '/api/settings')).body).toEqual(full);
  });

  it('keeps one row however often it is saved; a blank or missing field is saved as empty', async () => {
    const saved = await t.call('PUT', '/api/settings', { ...full, upiId: '  ', billNote: null, phone: undefined });
    expect(saved.status).toBe(200);
    expect((await t.call('GET', '/api/settings')).body).toEqual({ ...full, upiId: '', billNote: '', phone: '' });
    expect(await t.database.db.select().from(businessSettings)).toHaveLength(1);
  });

  it.each([
    ['a UPI ID without @', { upiId: 'shreedairy' }, 'upiId', settingsTexts.upiInvalid],
    ['a UPI ID with a domain', { upiId: 'shree@dairy.com' }, 'upiId', settingsTexts.upiInvalid],
    ['a UPI ID with a space', { upiId: 'shree dairy@ybl' }, 'upiId', settingsTexts.upiInvalid],
    ['a UPI ID over 100 characters', { upiId: `${'a'.repeat(95)}@okaxis` }, 'upiId', settingsTexts.upiIdMax],
    ['a business name over 100', { businessName: 'N'.repeat(101) }, 'businessName', settingsTexts.businessNameMax],
    ['an address over 300', { address: 'A'.repeat(301) }, 'address', settingsTexts.addressMax],
    ['a phone over 20', { phone: '9'.repeat(21) }, 'phone', settingsTexts.phoneMax],
    ['a payee name over 100', { upiName: 'P'.repeat(101) }, 'upiName', settingsTexts.upiNameMax],
    ['a bill note over 300', { billNote: 'B'.repeat(301) }, 'billNote', settingsTexts.billNoteMax],
    ['a number for a name', { businessName: 42 }, 'businessName', 'Invalid input: expected string, received number'],
  ])('refuses %s with 400 and changes nothing', async (_case, change, path, message) => {
    await t.call('PUT', '/api/settings', full);
    const response = await t.call('PUT', '/api/settings', { ...full, ...change });
    expectFailure(response, 400, message);
    expect(response.body.errors).toEqual([{ path, message }]);
    expect((await t.call('GET', '/api/settings')).body).toEqual(full);
  });

  it('needs a session, and the guard header to save', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
    const unguarded = await t.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: t.cookie! },
      payload: blank,
    });
    expect(unguarded.statusCode).toBe(403);
    expect((await t.call('GET', '/api/settings')).body).toEqual(full);
  });
});

describe("the customer page's cut-off time", () => {
  it('is 20:00 until set, takes HH:MM on the 24-hour clock, and stays when a save leaves it out', async () => {
    const { cutoffTime: _, ...withoutCutoff } = full;
    const saved = await t.call('PUT', '/api/settings', { ...withoutCutoff, cutoffTime: ' 07:30 ' });
    expect(saved.body.settings.cutoffTime).toBe('07:30');
    // A part-2 client sends no cut-off: the stored one stays.
    const older = await t.call('PUT', '/api/settings', { ...withoutCutoff, billNote: 'Thanks' });
    expect(older.status).toBe(200);
    expect((await t.call('GET', '/api/settings')).body).toMatchObject({ billNote: 'Thanks', cutoffTime: '07:30' });
    for (const cutoffTime of ['00:00', '23:59', '20:00'])
      expect((await t.call('PUT', '/api/settings', { ...full, cutoffTime })).body.settings.cutoffTime).toBe(cutoffTime);
  });

  it.each(['24:00', '7:30', '20:60', '2000', 'noon', '20:00:00', 20])(
    'refuses %j with 400, changing nothing',
    async (cutoffTime) => {
      const response = await t.call('PUT', '/api/settings', { ...full, cutoffTime });
      expectFailure(response, 400, settingsTexts.cutoffInvalid);
      expect(response.body.errors).toEqual([{ path: 'cutoffTime', message: settingsTexts.cutoffInvalid }]);
      expect((await t.call('GET', '/api/settings')).body.cutoffTime).toBe('20:00');
    },
  );
});
