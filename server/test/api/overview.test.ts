import { describe, expect, it } from 'vitest';
import { fileTestApp } from '../helpers/app';
import { makeColony, makeCombination, makeConsumption, makeCustomer, makeProduct } from '../helpers/factories';

const t = fileTestApp();

describe('GET /api/overview', () => {
  it('counts every first step of a new installation, disabled records too', async () => {
    expect(await t.call('GET', '/api/overview')).toMatchObject({
      status: 200,
      body: { colonies: 0, combinations: 0, products: 0, customers: 0, consumptions: 0 },
    });

    const db = t.database.db;
    const colony = await makeColony(db, { disable: 1 });
    await makeColony(db);
    const days = await makeCombination(db, 'Monday');
    const weekly = await makeCombination(db, 'Weekly', { disable: 1 });
    const milk = await makeProduct(db, { combinationId: days.combinationId });
    await makeProduct(db, { productCode: milk.productCode, combinationId: weekly.combinationId, available: 0 });
    const asha = await makeCustomer(db, { colonyCode: colony.colonyCode, disable: 1 });
    await makeConsumption(db, { customerId: asha.customerId, productId: milk.productId, disable: 1 });

    const { status, body } = await t.call('GET', '/api/overview');
    expect(status).toBe(200);
    expect(body).toEqual({ colonies: 2, combinations: 2, products: 2, customers: 1, consumptions: 1 });
  });

  it('needs a session', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/overview' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Sign in required' });
  });
});
