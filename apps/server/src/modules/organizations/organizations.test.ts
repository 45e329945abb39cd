import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createHarness, type Harness } from '../../../test/support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

describe('POST /api/organization', () => {
  it('creates a Merchant organization with the caller as member and fresh set-up flags', async () => {
    const u = await h.newUser();
    const res = await h.call('POST', '/api/organization', { token: u.token, body: { selected_type: 'Merchant', name: '  Acme Supply  ' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Acme Supply',
      selected_type: 'Merchant',
      slogan: null,
      product_count: 0,
      has_description: false,
      has_splash_image: false,
      has_stripe_connect: false,
      has_wholesale_terms: false,
      has_customers: false,
      has_address: false,
      stripe_connect_status: null,
      order_terms: { new_customer_min: null, returning_customer_min: null, new_customer_min_cents: null, returning_customer_min_cents: null },
      image_set: { logo: null, splash_image: null },
    });
    const me = await h.call('GET', '/api/user/me', { token: u.token });
    expect(me.body.organizations.map((o: any) => o.id)).toContain(res.body.id);
  });

  it.each([
    [{ selected_type: 'Merchant', name: '' }, 'name'],
    [{ selected_type: 'Merchant', name: '   ' }, 'name'],
    [{ selected_type: 'Merchant', name: 'x'.repeat(121) }, 'name'],
    [{ selected_type: 'Wholesaler', name: 'Shop' }, 'selected_type'],
    [{ name: 'Shop' }, 'selected_type'],
    [{ selected_type: 'Buyer', name: 'Shop', owner: 'me' }, 'owner'],
  ])('rejects %j with 400 naming %s', async (body, field) => {
    const u = await h.newUser();
    const res = await h.call('POST', '/api/organization', { token: u.token, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    const me = await h.call('GET', '/api/user/me', { token: u.token });
    expect(me.body.organizations).toEqual([]);
  });

  it('accepts a 120-character name', async () => {
    const u = await h.newUser();
    const res = await h.call('POST', '/api/organization', { token: u.token, body: { selected_type: 'Buyer', name: 'n'.repeat(120) } });
    expect(res.status).toBe(200);
  });

  it('needs a user row (403) and a token (401)', async () => {
    const token = await h.token({ sub: randomUUID(), email: 'nouser@example.com' });
    expect((await h.call('POST', '/api/organization', { token, body: { selected_type: 'Buyer', name: 'X' } })).status).toBe(403);
    expect((await h.call('POST', '/api/organization', { body: { selected_type: 'Buyer', name: 'X' } })).status).toBe(401);
  });

  it('answers 413 for an oversized body', async () => {
    const u = await h.newUser();
    const res = await h.call('POST', '/api/organization', { token: u.token, body: { selected_type: 'Buyer', name: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('payload_too_large');
  });

  it('answers 400 for malformed JSON', async () => {
    const u = await h.newUser();
    const res = await h.app.inject({ method: 'POST', url: '/api/organization', headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' }, payload: '{"name":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/JSON/);
  });
});

describe('POST /api/organization: at most 5 an hour per user', () => {
  const create = (token: string, name: string, app = h) =>
    app.call('POST', '/api/organization', { token, body: { selected_type: 'Buyer', name } });
  const madeBy = async (email: string) =>
    (
      await h.testDb.database.db.execute<{ n: number }>(sql`
        select count(*)::int as n from organizations o join users u on u.id = o.created_by_user_id where u.email = ${email}`)
    ).rows[0]!.n;

  it('creates 5 of 12 parallel calls and refuses the others with 429, a sentence and Retry-After; another user is unaffected', async () => {
    const bulk = await h.newUser();
    const other = await h.newUser();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => create(bulk.token, `Bulk ${i}`)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    for (const refused of results.filter((r) => r.status === 429)) {
      expect(refused.body).toEqual({
        error: 'rate_limited',
        message: expect.stringMatching(
          /^You can create up to 5 organizations an hour\. Please wait (a minute|\d+ minutes) and try again\.$/,
        ),
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    }
    expect(await madeBy(bulk.email)).toBe(5);
    // Another server process on the same database holds the same limit.
    const second = await createHarness({}, { testDb: h.testDb });
    try {
      // (Each harness signs its own test tokens: the same user, with this one's token.)
      const token = await second.token({ sub: bulk.sub, email: bulk.email });
      expect((await create(token, 'Bulk elsewhere', second)).status).toBe(429);
    } finally {
      await second.app.close();
    }
    // Someone else creates as usual.
    const theirs = await create(other.token, 'Other Shop');
    expect(theirs.status).toBe(200);
    expect(await madeBy(bulk.email)).toBe(5);
  });

  it('does not count refused bodies, and allows 5 more once the hour has passed', async () => {
    const u = await h.newUser();
    for (let i = 0; i < 3; i++) {
      const refused = await h.call('POST', '/api/organization', { token: u.token, body: { selected_type: 'Buyer' } });
      expect(refused.status).toBe(400);
    }
    for (let i = 0; i < 5; i++) expect((await create(u.token, `Shop ${i}`)).status).toBe(200);
    expect((await create(u.token, 'Shop 6')).status).toBe(429);
    // The hour's window ends (moved back rather than waited for).
    const me = await h.call('GET', '/api/user/me', { token: u.token });
    await h.testDb.database.db.execute(sql`
      update rate_limit_counters set window_started_at = now() - interval '61 minutes'
       where key = ${`organization.create|${me.body.id}`}`);
    expect((await create(u.token, 'Shop 6')).status).toBe(200);
    expect(await madeBy(u.email)).toBe(6);
  });
});

describe('GET/PUT /api/organization/{id}', () => {
  it('reads, updates slogan and terms, and reflects them in flags and order_terms', async () => {
    const s = await h.newOrgUser('Merchant');
    const put = await h.call('PUT', `/api/organization/${s.orgId}`, {
      token: s.token,
      body: { id: s.orgId, slogan: 'Small-batch hot sauce', order_terms: { new_customer_min: 12, new_customer_min_cents: 15000, returning_customer_min: 6, returning_customer_min_cents: 5000 } },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ slogan: 'Small-batch hot sauce', has_description: true, has_wholesale_terms: true });
    const get = await h.call('GET', `/api/organization/${s.orgId}`, { token: s.token });
    expect(get.body.order_terms).toEqual({ new_customer_min: 12, new_customer_min_cents: 15000, returning_customer_min: 6, returning_customer_min_cents: 5000 });
    const terms = await h.call('GET', `/api/organization/${s.orgId}/order_terms`, { token: s.token });
    expect(terms.status).toBe(200);
    expect(terms.body.returning_customer_min_cents).toBe(5000);
    // Partial terms update keeps the others; name update trims.
    const again = await h.call('PUT', `/api/organization/${s.orgId}`, { token: s.token, body: { name: ' Renamed ', order_terms: { new_customer_min: 0 } } });
    expect(again.body.name).toBe('Renamed');
    expect(again.body.order_terms).toMatchObject({ new_customer_min: 0, new_customer_min_cents: 15000 });
  });

  it('rejects negative or fractional terms and unknown fields, saving nothing', async () => {
    const s = await h.newOrgUser('Merchant');
    for (const [body, field] of [
      [{ order_terms: { new_customer_min_cents: -1 } }, 'order_terms.new_customer_min_cents'],
      [{ order_terms: { new_customer_min: 1.5 } }, 'order_terms.new_customer_min'],
      [{ order_terms: { bogus: 1 } }, 'bogus'],
      [{ slogan: 'ok', color: 'red' }, 'color'],
      [{ name: '' }, 'name'],
    ] as const) {
      const res = await h.call('PUT', `/api/organization/${s.orgId}`, { token: s.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(field);
    }
    const get = await h.call('GET', `/api/organization/${s.orgId}`, { token: s.token });
    expect(get.body.slogan).toBeNull();
    expect(get.body.has_wholesale_terms).toBe(false);
  });

  it('answers 400 for a non-UUID id and 403 for an organization that does not exist', async () => {
    const s = await h.newOrgUser('Merchant');
    const bad = await h.call('GET', '/api/organization/not-a-uuid', { token: s.token });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('org_id');
    expect((await h.call('GET', `/api/organization/${randomUUID()}`, { token: s.token })).status).toBe(403);
  });
});

describe('GET /api/organization/{org_id}/onboarding/status', () => {
  it('starts with nothing done and follows the saved terms and description', async () => {
    const s = await h.newOrgUser('Merchant');
    const before = await h.call('GET', `/api/organization/${s.orgId}/onboarding/status`, { token: s.token });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      has_description: false,
      has_splash_image: false,
      has_payment_info: false,
      has_address: false,
      product_count: 0,
      has_wholesale_terms: false,
      has_customers: false,
    });
    await h.call('PUT', `/api/organization/${s.orgId}`, { token: s.token, body: { slogan: 'Hello', order_terms: { returning_customer_min: 3 } } });
    const after = await h.call('GET', `/api/organization/${s.orgId}/onboarding/status`, { token: s.token });
    expect(after.body).toMatchObject({ has_description: true, has_wholesale_terms: true });
  });
});

describe('organization names', () => {
  it('refuses line breaks and control characters (they would end up in e-mail headers)', async () => {
    const u = await h.newUser();
    const res = await h.call('POST', '/api/organization', { token: u.token, body: { selected_type: 'Merchant', name: 'Acme\r\nBcc: victim@example.com' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('name');
  });
});

describe('product_count', () => {
  it('follows inserts, soft deletes, restores and hard deletes of products (kept by the database)', async () => {
    const { products } = await import('../../db/schema.js');
    const { eq, inArray } = await import('drizzle-orm');
    const s = await h.newOrgUser('Merchant');
    const db = h.testDb.database.db;
    const count = async () => (await h.call('GET', `/api/organization/${s.orgId}`, { token: s.token })).body.product_count;
    const rows = await db
      .insert(products)
      .values(Array.from({ length: 5 }, (_, i) => ({ organizationId: s.orgId, name: `P${i}` })))
      .returning({ id: products.id });
    expect(await count()).toBe(5);
    await db.update(products).set({ deletedAt: new Date() }).where(inArray(products.id, [rows[0]!.id, rows[1]!.id]));
    expect(await count()).toBe(3);
    await db.update(products).set({ deletedAt: null }).where(eq(products.id, rows[0]!.id));
    await db.update(products).set({ name: 'renamed' }).where(eq(products.id, rows[2]!.id));
    expect(await count()).toBe(4);
    await db.delete(products).where(inArray(products.id, [rows[3]!.id, rows[1]!.id]));
    expect(await count()).toBe(3);
  });
});
