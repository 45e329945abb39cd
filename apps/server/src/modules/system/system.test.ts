import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { describePolicy } from '../../auth/policies.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

describe('route table', () => {
  it('gives every /api route an access policy, and only the documented ones are public', async () => {
    const routes = h.app.routeTable.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThanOrEqual(7);
    const missing = routes.filter((r) => !r.access);
    expect(missing).toEqual([]);
    const publicApi = routes.filter((r) => r.access === 'public' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json');
    // DECISIONS.md: the invite metadata call is the only public API call.
    expect(publicApi.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/invite/metadata/invite/:invite_id']);
    expect(routes.map((r) => `${r.method.toUpperCase()} ${r.url} → ${describePolicy(r.access as never)}`)).toContain(
      'PUT /api/organization/:org_id → member of :org_id',
    );
  });

  it('refuses to register an /api route without a policy', async () => {
    const { buildApp } = await import('../../app.js');
    const app = await buildApp({ config: h.config, database: h.testDb.database, verifier: { verify: async () => ({ sub: 'x' }) } });
    expect(() => app.get('/api/oops', async () => 'x')).toThrow(/no access policy/);
    await app.close();
  });
});

describe('infrastructure', () => {
  it('serves /healthz, /readyz, /config.json and the OpenAPI document', async () => {
    expect((await h.call('GET', '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await h.call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    const cfg = await h.call('GET', '/config.json');
    expect(cfg.body.oidc).toMatchObject({ authority: 'http://localhost:3999/oidc', client_id: 'cratebase-web' });
    const openapi = await h.call('GET', '/api/openapi.json');
    expect(openapi.status).toBe(200);
    expect(Object.keys(openapi.body.paths)).toContain('/api/organization/{org_id}/onboarding/status');
    const docs = await h.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });

  it('sends security headers and answers unknown API paths with a JSON 404', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
