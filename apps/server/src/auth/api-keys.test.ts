/**
 * API keys (issue 26) through the HTTP API: owners and admins make, list and revoke them; a key
 * reads and fulfils its own organization's orders with its scopes, is refused everywhere else,
 * is rate-limited, and stops working the moment it is revoked or its organization is gone.
 * (The route walk, route-table.test.ts, calls every route with keys too.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_KEY_LIMITS, CheckoutSession, TEST_CARDS, type CreatedApiKey } from '@cratebase/contract';
import { createHarness, type Harness, type TestUser } from '../../test/support/harness.js';
import { atPayment, createSession, customerOf, liveProduct, ok, payWith, readySeller } from '../../test/support/checkout.js';

let h: Harness;
type Org = TestUser & { orgId: string };

beforeAll(async () => {
  h = await createHarness({ API_KEY_RATE_LIMIT: '40' });
}, 60_000);
afterAll(async () => h?.close());

const keysPath = (org: Org) => `/api/organization/${org.orgId}/api_keys`;
const createKey = (org: Org, body: unknown, token = org.token) => h.call('POST', keysPath(org), { token, body });
const withKey = (key: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  h.call(method, url, { token: key, ...(body === undefined ? {} : { body }) });

/** A seller whose customer has paid for an order of 3 jars by card. */
async function sellerWithOrder(): Promise<{ seller: Org; buyer: Org; orderId: string; lineId: string }> {
  const seller = await readySeller(h);
  const buyer = await customerOf(h, seller);
  const jam = await liveProduct(h, seller, { name: 'Fig Jam', unit_price_in_cents: 1_250 });
  const { cart } = await atPayment(h, seller, buyer, { [jam]: 3 });
  const session = CheckoutSession.parse(await ok(createSession(h, seller, buyer, cart)));
  await ok(payWith(h, buyer, session, TEST_CARDS.succeeds));
  return { seller, buyer, orderId: cart.order.id, lineId: cart.line_items[0]!.id };
}

describe('making and revoking keys', () => {
  it('shows the token once, lists keys without it, refuses Staff and bad input by field', async () => {
    const seller = await h.newOrgUser('Merchant', 'Keyed Goods');
    const created = await createKey(seller, { name: 'Warehouse', scopes: ['orders:read', 'fulfillment:write'] });
    expect(created.status).toBe(200);
    const key = created.body as CreatedApiKey;
    expect(key.token).toMatch(/^cb_live_[A-Za-z0-9_-]{43}$/);
    expect(key.masked).toBe(`cb_live_…${key.token.slice(-4)}`);
    expect(key.created_by.email).toBe(seller.email);
    expect(key.last_used_at).toBeNull();

    const listed = await ok(h.call('GET', keysPath(seller), { token: seller.token }));
    expect(listed.api_keys).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(key.token);
    // Only its hash is stored.
    const stored = await h.testDb.database.db.execute<{ token_hash: string }>(sql`select token_hash from api_keys where id = ${key.id}`);
    expect(stored.rows[0]!.token_hash).not.toContain(key.token.slice(8, 20));

    const noName = await createKey(seller, { name: ' ', scopes: ['orders:read'] });
    expect(noName.status).toBe(400);
    expect(noName.body.issues[0].path).toBe('name');
    const badScope = await createKey(seller, { name: 'X', scopes: ['orders:write'] });
    expect(badScope.status).toBe(400);
    expect(badScope.body.issues[0].path).toMatch(/^scopes/);
    const noScope = await createKey(seller, { name: 'X', scopes: [] });
    expect(noScope.body.issues[0].path).toBe('scopes');

    // Staff run the store but do not hand out keys.
    const staff = await h.newUser();
    const invite = await ok(
      h.call('POST', `/api/organization/${seller.orgId}/members/invites`, { token: seller.token, body: { email: staff.email, role: 'staff' } }),
    );
    await ok(h.call('POST', `/api/team/invite/${invite.id}/accept`, { token: staff.token, body: {} }));
    const byStaff = await createKey(seller, { name: 'Mine', scopes: ['orders:read'] }, staff.token);
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.error).toBe('role_required');
    expect((await h.call('GET', keysPath(seller), { token: staff.token })).status).toBe(403);

    // A key cannot make keys, nor revoke itself.
    expect((await withKey(key.token, 'POST', keysPath(seller), { name: 'Child', scopes: ['orders:read'] })).body.error).toBe(
      'api_key_not_allowed',
    );
    expect((await withKey(key.token, 'DELETE', `${keysPath(seller)}/${key.id}`)).status).toBe(403);

    const revoked = await ok(h.call('DELETE', `${keysPath(seller)}/${key.id}`, { token: seller.token }));
    expect(revoked.revoked_at).not.toBeNull();
    const after = await withKey(key.token, 'GET', `/api/order/organization/${seller.orgId}/selling`);
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('invalid_api_key');
    // Another organization's key id is not found.
    const other = await h.newOrgUser('Merchant');
    expect((await h.call('DELETE', `${keysPath(other)}/${key.id}`, { token: other.token })).status).toBe(404);
  });

  it(`keeps at most ${API_KEY_LIMITS.activePerOrganization} active keys, even when created all at once`, async () => {
    const seller = await h.newOrgUser('Merchant');
    const answers = await Promise.all(
      Array.from({ length: API_KEY_LIMITS.activePerOrganization + 3 }, (_, i) => createKey(seller, { name: `k${i}`, scopes: ['catalog:read'] })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(API_KEY_LIMITS.activePerOrganization);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.error)).toEqual(['api_key_limit', 'api_key_limit', 'api_key_limit']);
  });
});

describe('using a key', () => {
  it('reads its own orders and posts a shipment; is refused elsewhere, without the scope, and on routes for people', async () => {
    const { seller, buyer, orderId, lineId } = await sellerWithOrder();
    const reader = (await ok<CreatedApiKey>(createKey(seller, { name: 'Books', scopes: ['orders:read'] }))).token;
    const shipper = (await ok<CreatedApiKey>(createKey(seller, { name: '3PL', scopes: ['orders:read', 'fulfillment:write'] }))).token;

    const list = await withKey(reader, 'GET', `/api/order/organization/${seller.orgId}/selling`);
    expect(list.status).toBe(200);
    expect(list.body.map((o: { id: string }) => o.id)).toContain(orderId);
    const order = await withKey(reader, 'GET', `/api/order/${orderId}`);
    expect(order.status).toBe(200);
    expect(order.body.state).toBe('placed');

    // The books: this month's invoices for Xero, through the same key.
    const today = new Date().toISOString().slice(0, 10);
    const books = await withKey(reader, 'GET', `/api/organization/${seller.orgId}/exports/invoices.csv?from=${today}&to=${today}&format=xero`);
    expect(books.status).toBe(200);
    expect(String(books.headers['content-type'])).toMatch(/^text\/csv/);
    expect(String(books.body)).toContain('Fig Jam');

    const shipment = { carrier: 'UPS', tracking_number: '1Z999AA10123456784', lines: [{ line_item_id: lineId, quantity: 3 }] };
    const shipUrl = `/api/organization/${seller.orgId}/orders/${orderId}/shipments`;
    const refused = await withKey(reader, 'POST', shipUrl, shipment);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('api_key_scope_missing');
    expect(refused.body.message).toContain('fulfillment:write');
    const shipped = await withKey(shipper, 'POST', shipUrl, shipment);
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.state).toBe('shipped');
    // The buyer sees it shipped, recorded as done by the key's maker.
    expect((await ok(h.call('GET', `/api/order/${orderId}`, { token: buyer.token }))).state).toBe('shipped');

    // Another organization's order and list: not the key's.
    const other = await sellerWithOrder();
    expect((await withKey(shipper, 'GET', `/api/order/${other.orderId}`)).status).toBe(404);
    expect((await withKey(shipper, 'GET', `/api/order/organization/${other.seller.orgId}/selling`)).status).toBe(403);
    // Routes for people: the team, the user, payments set-up.
    for (const url of [`/api/organization/${seller.orgId}/members`, '/api/user/me', `/api/stripe/organization/${seller.orgId}/account-status`]) {
      const res = await withKey(shipper, 'GET', url);
      expect([res.status, res.body.error], url).toEqual([403, 'api_key_not_allowed']);
    }
    // A made-up key, and a malformed one.
    expect((await withKey('cb_live_nope', 'GET', `/api/order/${orderId}`)).body.error).toBe('invalid_api_key');

    const keys = (await ok(h.call('GET', keysPath(seller), { token: seller.token }))).api_keys as { name: string; last_used_at: string | null }[];
    expect(keys.find((k) => k.name === '3PL')!.last_used_at).not.toBeNull();
  });

  it('stops working when its organization is deleted', async () => {
    const seller = await h.newOrgUser('Merchant');
    const key = (await ok<CreatedApiKey>(createKey(seller, { name: 'Gone', scopes: ['catalog:read'] }))).token;
    expect((await withKey(key, 'GET', `/api/product/organization/${seller.orgId}`)).status).toBe(200);
    await h.testDb.database.db.execute(sql`delete from organizations where id = ${seller.orgId}`);
    expect((await withKey(key, 'GET', `/api/product/organization/${seller.orgId}`)).status).toBe(401);
  });

  it('is limited per key per minute, with Retry-After, while another key goes on', async () => {
    const seller = await h.newOrgUser('Merchant');
    const busy = (await ok<CreatedApiKey>(createKey(seller, { name: 'Busy', scopes: ['catalog:read'] }))).token;
    const calm = (await ok<CreatedApiKey>(createKey(seller, { name: 'Calm', scopes: ['catalog:read'] }))).token;
    const url = `/api/product/organization/${seller.orgId}`;
    // All at once: exactly the limit pass, in every process the counter is the key's row.
    const answers = await Promise.all(Array.from({ length: 45 }, () => withKey(busy, 'GET', url)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(40);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited).toHaveLength(5);
    expect(limited[0]!.body.error).toBe('rate_limited');
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await withKey(calm, 'GET', url)).status).toBe(200);
  });
});

describe('the API document', () => {
  it('says how to send a key and, on every operation, whether a key may call it and with which scope', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.bearer.description).toContain('cb_live_');
    expect(doc.paths['/api/order/{order_id}'].get.description).toContain('accepted with the scope `orders:read`');
    expect(doc.paths['/api/organization/{org_id}/orders/{order_id}/shipments'].post.description).toContain('`fulfillment:write`');
    expect(doc.paths['/api/organization/{org_id}/members'].get.description).toContain('API keys:** not accepted');
    expect(doc.paths['/api/organization/{org_id}/api_keys'].post.description).toContain('API keys:** not accepted');
    // Public operations take no token at all.
    expect(doc.paths['/api/invite/metadata/invite/{invite_id}'].get.description ?? '').not.toContain('API keys');
  });
});
