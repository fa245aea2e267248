import { customerSearchTexts } from '@dairy/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, expectFailure, fileTestApp } from '../helpers/app';
import { makeColony, makeCustomer } from '../helpers/factories';
import { signedInAs } from '../helpers/staff';

/*
 * Find any customer (docs/rules.md section 23): the 20 best matches by name (any part, any case),
 * phone digits or `{colony code} {route}`, among the customers the user may see.
 */

const t = fileTestApp();
const db = () => t.database.db;
const ids: Record<string, number> = {};

beforeAll(async () => {
  await makeColony(db(), { colonyCode: 'GK', colonyName: 'Gokul Nagar' });
  await makeColony(db(), { colonyCode: 'RV', colonyName: 'River View' });
  const people: [string, string, number, string, number?][] = [
    ['Asha Rao', 'GK', 3, '98765 43210', 250_50],
    ['asha', 'GK', 7, ''],
    ['Priya Asharani', 'RV', 3, '+91 99999 88888'],
    ['Kashan', 'GK', 2, ''],
    ['Rao Prakash', 'GK', 1, '0141-2223344'],
    ['50% Sharma', 'RV', 5, ''],
    ['Ramesh_1', 'RV', 6, ''],
  ];
  for (const [customerName, colonyCode, route, contactNumber, due] of people)
    ids[customerName] = (
      await makeCustomer(db(), { customerName, colonyCode, route, contactNumber, due: due ?? 0 })
    ).customerId;
  for (let i = 0; i < 25; i++)
    await makeCustomer(db(), { customerName: `Test Person ${i}`, colonyCode: 'RV', route: 9 });
});

const search = (q: string, call: Caller = t.call) => call('GET', `/api/customers/search?q=${encodeURIComponent(q)}`);
const names = async (q: string, call: Caller = t.call) => {
  const answer = await search(q, call);
  expect(answer.status).toBe(200);
  return answer.body.rows.map((r: { customerName: string }) => r.customerName);
};

describe('GET /api/customers/search', () => {
  it('answers each match with its colony, route, phone and what they owe now', async () => {
    const answer = await search('asha rao');
    expect(answer.body).toEqual({
      rows: [
        {
          customerId: ids['Asha Rao'],
          customerName: 'Asha Rao',
          colonyCode: 'GK',
          colonyName: 'Gokul Nagar',
          route: 3,
          contactNumber: '98765 43210',
          due: 250.5,
        },
      ],
    });
  });

  it('finds any part of a name in any case, the whole name first, then its start, then a word start', async () => {
    expect(await names('asha')).toEqual(['asha', 'Asha Rao', 'Priya Asharani', 'Kashan']);
    expect(await names('ASHA')).toEqual(['asha', 'Asha Rao', 'Priya Asharani', 'Kashan']);
    expect(await names('rao')).toEqual(['Rao Prakash', 'Asha Rao']);
  });

  it('finds phone digits however they are written', async () => {
    for (const q of ['98765', '9876543210', '+91 98765-43210', '43210'])
      expect(await names(q), q).toEqual(['Asha Rao']);
    expect(await names('2223344')).toEqual(['Rao Prakash']);
    expect(await names('99999 888')).toEqual(['Priya Asharani']);
  });

  it('finds a colony code and route, the code in any case', async () => {
    expect(await names('GK 3')).toEqual(['Asha Rao']);
    expect(await names('rv 3')).toEqual(['Priya Asharani']);
    expect(await names('GK 4')).toEqual([]);
  });

  it('searches for %, _ and \\ as themselves', async () => {
    expect(await names('50%')).toEqual(['50% Sharma']);
    expect(await names('h_1')).toEqual(['Ramesh_1']);
    expect(await names('%')).toEqual(['50% Sharma']);
    expect(await names('\\')).toEqual([]);
  });

  it('answers the 20 best at most, nothing for a blank search, and 400 for one too long', async () => {
    expect(await names('test person')).toHaveLength(20);
    expect(await names('')).toEqual([]);
    expect(await names('   ')).toEqual([]);
    expectFailure(await search('x'.repeat(101)), 400, customerSearchTexts.tooLong);
  });

  it("a collector finds only their colonies' customers", async () => {
    const collector = await signedInAs(t, 'cara', 'collector', ['GK']);
    expect(await names('asha', collector.call)).toEqual(['asha', 'Asha Rao', 'Kashan']);
    expect(await names('RV 3', collector.call)).toEqual([]);
    expect(await names('99999', collector.call)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/customers/search?q=asha' })).statusCode).toBe(401);
  });
});
