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

describe('PUT /api/user/me (issue 27: people, not only e-mails)', () => {
  it('sets the name and phone, answers them on /api/user/me, and clears the phone with an empty one', async () => {
    const token = await h.token({ sub: randomUUID(), email: 'person@example.com' });
    await h.call('POST', '/api/user/create', { token });
    const res = await h.call('PUT', '/api/user/me', { token, body: { name: '  Pat Person ', phone: ' (802) 555-0134 ' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: 'person@example.com', name: 'Pat Person', phone: '(802) 555-0134' });
    expect((await h.call('GET', '/api/user/me', { token })).body).toMatchObject({ name: 'Pat Person', phone: '(802) 555-0134' });
    const cleared = await h.call('PUT', '/api/user/me', { token, body: { name: 'Pat Person', phone: '' } });
    expect(cleared.body.phone).toBeNull();
    const omitted = await h.call('PUT', '/api/user/me', { token, body: { name: 'Pat P.' } });
    expect(omitted.body).toMatchObject({ name: 'Pat P.', phone: null });
  });

  it('keeps the name the person gave when the token carries another one', async () => {
    const sub = randomUUID();
    const first = await h.token({ sub, email: 'keep@example.com', name: 'Token Name' });
    await h.call('POST', '/api/user/create', { token: first });
    await h.call('PUT', '/api/user/me', { token: first, body: { name: 'Chosen Name' } });
    const again = await h.call('POST', '/api/user/create', { token: first });
    expect(again.body.name).toBe('Chosen Name');
  });

  it('answers 400 naming the field: name missing or blank, phone not a phone number, unknown fields', async () => {
    const token = await h.token({ sub: randomUUID(), email: 'bad@example.com' });
    await h.call('POST', '/api/user/create', { token });
    const cases: [unknown, string][] = [
      [{ phone: '+1 802 555 0134' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'A'.repeat(121) }, 'name'],
      [{ name: 'Pat', phone: 'call me' }, 'phone'],
      [{ name: 'Pat', phone: '12345' }, 'phone'],
      [{ name: 'Pat', phone: '+1 802 555 0134 0000 0000' }, 'phone'],
    ];
    for (const [body, field] of cases) {
      const res = await h.call('PUT', '/api/user/me', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
      expect(res.body.message).toMatch(new RegExp(`^${field}\\b`));
    }
    const phone = await h.call('PUT', '/api/user/me', { token, body: { name: 'Pat', phone: 'call me' } });
    expect(phone.body.message).toContain('must be a phone number like +1 802 555 0134');
    const extra = await h.call('PUT', '/api/user/me', { token, body: { name: 'Pat', email: 'x@y.z' } });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toMatch(/email/);
  });

  it('answers 404 before the account exists and 401 without a token', async () => {
    const token = await h.token({ sub: randomUUID(), email: 'early@example.com' });
    const early = await h.call('PUT', '/api/user/me', { token, body: { name: 'Early' } });
    expect(early.status).toBe(404);
    expect(early.body.error).toBe('user_not_found');
    expect((await h.call('PUT', '/api/user/me', { body: { name: 'Nobody' } })).status).toBe(401);
  });
});
