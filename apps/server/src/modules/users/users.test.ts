import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createHarness, type Harness } from '../../../test/support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

describe('POST /api/user/create', () => {
  it('creates the user from the token subject and e-mail, idempotently', async () => {
    const sub = randomUUID();
    const token = await h.token({ sub, email: 'Owner@Example.com', name: 'Olive Owner' });
    const first = await h.call('POST', '/api/user/create', { token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ email: 'owner@example.com', name: 'Olive Owner', organizations: [], purchasing_organizations: [] });
    const second = await h.call('POST', '/api/user/create', { token, headers: { 'content-type': 'application/json' } });
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
  });

  it('answers 400 naming email when the token has no e-mail', async () => {
    const token = await h.token({ sub: randomUUID() });
    const res = await h.call('POST', '/api/user/create', { token });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('email');
  });

  it('rejects unknown body fields with 400 naming the field', async () => {
    const token = await h.token({ sub: randomUUID(), email: 'x@example.com' });
    const res = await h.call('POST', '/api/user/create', { token, body: { admin: true } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/admin/);
  });

  it('answers 401 without a token, with a malformed token, and with a token of another issuer', async () => {
    expect((await h.call('POST', '/api/user/create')).status).toBe(401);
    expect((await h.call('POST', '/api/user/create', { token: 'not.a.jwt' })).status).toBe(401);
    const foreign = await h.token({ sub: randomUUID(), email: 'a@b.co' }, { issuer: 'https://evil.example.com/' });
    expect((await h.call('POST', '/api/user/create', { token: foreign })).status).toBe(401);
    const wrongAudience = await h.token({ sub: randomUUID(), email: 'a@b.co' }, { audience: 'other-api' });
    expect((await h.call('POST', '/api/user/create', { token: wrongAudience })).status).toBe(401);
    const expired = await h.token({ sub: randomUUID(), email: 'a@b.co' }, { expiresIn: '-2m' });
    const res = await h.call('POST', '/api/user/create', { token: expired });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'unauthorized' });
    expect(JSON.stringify(res.body)).not.toMatch(/stack|at .*\.ts/);
  });
});

describe('GET /api/user/me', () => {
  it('returns 404 before the account exists, then the user with organizations', async () => {
    const sub = randomUUID();
    const token = await h.token({ sub, email: 'me@example.com' });
    const before = await h.call('GET', '/api/user/me', { token });
    expect(before.status).toBe(404);
    expect(before.body.error).toBe('user_not_found');
    await h.call('POST', '/api/user/create', { token });
    const org = await h.call('POST', '/api/organization', { token, body: { selected_type: 'Merchant', name: 'Maple Goods' } });
    const me = await h.call('GET', '/api/user/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.organizations).toEqual([{ id: org.body.id, name: 'Maple Goods', selected_type: 'Merchant', role: 'owner' }]);
    // A seller can buy from its own store ("View as Buyer", the 'Your Store' mark).
    expect(me.body.purchasing_organizations.map((p: any) => p.organization.id)).toEqual([org.body.id]);
  });

  it('answers 401 without a token', async () => {
    expect((await h.call('GET', '/api/user/me')).status).toBe(401);
  });
});
