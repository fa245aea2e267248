import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { fileTestApp } from '../helpers/app';

const t = fileTestApp();

/**
 * Calls that can answer no 4xx at all: no input, no session needed, nothing changed. Their
 * documents list none rather than one they never give (docs/decisions.md, The API document).
 */
const NO_REFUSAL = ['/api/health', '/api/config', '/api/auth/state'];
const noRefusal = (p: NormalizedProblem) =>
  p.ruleId === 'operation-4xx-response' &&
  NO_REFUSAL.some((path) => p.location[0]?.pointer === `#/paths/${path.replaceAll('/', '~1')}/get/responses`);

async function servedDocument() {
  const response = await t.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie: t.cookie } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('the API document a client generator reads', () => {
  it("/api/docs/json is clean under Redocly's recommended rules, warnings included", async () => {
    const problems = await lintFromString({
      source: await servedDocument(),
      absoluteRef: 'openapi.json',
      // The product is the dairy's own, under no licence to name.
      config: await createConfig({ extends: ['recommended'], rules: { 'info-license': 'off' } }),
    });
    const said = (p: NormalizedProblem) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`;
    expect(problems.filter((p) => !noRefusal(p)).map(said)).toEqual([]);
    // The calls allowed to list no 4xx are exactly those that have none to give.
    expect(problems.filter(noRefusal)).toHaveLength(NO_REFUSAL.length);
  });

  it('names every call after its method and path, and says which need the session cookie', async () => {
    const document = JSON.parse(await servedDocument());
    expect(document.servers).toEqual([{ url: '/', description: 'This server' }]);
    expect(document.components.securitySchemes.session).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'sid' }),
    );
    const colony = document.paths['/api/colony/update/{code}'];
    expect(colony.get.operationId).toBe('getColonyUpdateByCode');
    expect(colony.put).toEqual(
      expect.objectContaining({ operationId: 'putColonyUpdateByCode', security: [{ session: [] }] }),
    );
    expect(Object.keys(colony.put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '409']));
    for (const path of ['/api/health', '/api/config', '/api/my/{token}']) {
      const [operation] = Object.values(document.paths[path]) as { security: unknown; responses: object }[];
      expect({ path, security: operation!.security }).toEqual({ path, security: [] });
      expect(Object.keys(operation!.responses)).not.toContain('401');
    }
  });
});
