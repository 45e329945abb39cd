import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/support/harness.js';
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
    // DECISIONS.md: the invite metadata call is the only public API call a person makes — and
    // its twin for team invites (issue 13: who invites you, to which organization, as what role,
    // for an unguessable id); the payments provider's webhook is public too, and authorised by
    // its signature instead.
    // Issue 25: a shared line sheet is read, downloaded and asked about by a store without an
    // account, behind its unguessable, revocable link (docs/decisions/013-line-sheets.md).
    expect(publicApi.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/invite/metadata/invite/:invite_id',
      'GET /api/line-sheets/shared/:token',
      'GET /api/line-sheets/shared/:token/pdf',
      'GET /api/team/invite/:invite_id',
      'POST /api/line-sheets/shared/:token/requests',
      'POST /api/stripe/webhook',
    ]);
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

describe('the single-page app', () => {
  it('falls back to index.html for app paths, caches hashed assets for a year, and 404s missing files', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cb-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Cratebase</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    const spa = await createHarness({ WEB_DIST_DIR: dist });
    try {
      for (const url of ['/', '/app/6f1c3b7e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/welcome', '/storefront/all?x=1', '/details']) {
        const res = await spa.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.body).toContain('<div id="root">');
      }
      const asset = await spa.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // A stale chunk must be a 404 (the client reloads once), never index.html.
      const missing = await spa.app.inject({ method: 'GET', url: '/assets/main-old999.js' });
      expect(missing.statusCode).toBe(404);
      expect((await spa.app.inject({ method: 'GET', url: '/api/nothing-here' })).statusCode).toBe(404);
    } finally {
      await spa.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
