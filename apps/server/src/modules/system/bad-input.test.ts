/**
 * Bad input everywhere: for every /api route, requests spoiled from the route's OpenAPI schema
 * (wrong JSON types, missing and extra fields, huge strings, control characters and lone
 * surrogates, NaN/Infinity and out-of-range numbers, malformed ids and well-formed ids of
 * nothing or of another organization) never get a 5xx, and every refusal is a JSON error; a
 * validation error names the field it is about.
 *
 * The seed is fixed in `npm test` (FUZZ_SEED to replay one, fast-check prints it on failure);
 * a soak raises FUZZ_RUNS and picks a random FUZZ_SEED. Routes whose body is a file or a
 * signed payload get hand-written bad bodies at the end.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHarness, type Harness, type TestUser } from '../../../test/support/harness.js';
import { makeImage, multipartBody } from '../../../test/support/media.js';
import { policyRefs, type AccessPolicy } from '../../auth/policies.js';
import type { RouteEntry } from '../../app.js';
import { createProduct, seedStoreWorld } from '../../../test/support/world.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
fc.configureGlobal({ seed: SEED, numRuns: RUNS, endOnFailure: false });

type Org = TestUser & { orgId: string };
let h: Harness;
/** The same app and database with Stripe as the payments provider: its webhook checks signatures. */
let stripeApp: Harness;
const WEBHOOK_SECRET = 'whsec_cratebaseBadInput0123456789';
let seller: Org;
let buyer: Org;
let foreign: Org;
/** Ids of the seller's and its customer's resources (requests aimed at them pass authorization). */
let ids: Record<string, string>;
/** Well-formed ids of another seller's things, and of nothing at all. */
let foreignIds: string[];
/** A valid image upload (multipart) and catalogue CSV. */
let goodUpload: { body: Buffer; headers: { 'content-type': string } };
const CSV_HEADER = 'name,description,sku,upc,order_unit,quantity_per_unit,wholesale_price,retail_price,weight,weight_unit,status,inventory';
const GOOD_CSV = `${CSV_HEADER}\nFuzz Candle,,FUZ-1,,Case,1,1.00,2.00,1,lb,Draft,1\n`;

beforeAll(async () => {
  h = await createHarness({ MEDIA_MAX_BYTES: '100000' });
  stripeApp = await createHarness(
    {
      STRIPE_SECRET_KEY: 'sk_test_badinput0123456789',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_badinput0123456789',
      STRIPE_API_URL: 'http://127.0.0.1:9',
    },
    { testDb: h.testDb },
  );
  await stripeApp.app.checkoutReconciler.stop();
  const world = await seedStoreWorld(h, 'Fuzz');
  ({ seller, customer: buyer } = world);
  foreign = await h.newOrgUser('Merchant', 'Foreign Sellers');
  const foreignProduct = await createProduct(h, foreign, 'Foreign Soap');
  ids = {
    organization: seller.orgId,
    customer: buyer.orgId,
    product: world.productId,
    invite: world.pendingInviteId,
    package_template: world.templateId,
    cart: world.cartId,
    'line item': world.lineItemId,
    order: world.orderId,
    'sold order': world.orderId,
    'placed order': world.orderId,
    address: world.shipToId,
  };
  goodUpload = multipartBody([{ filename: 'logo.png', contentType: 'image/png', data: await makeImage(16, 16) }]);
  foreignIds = [foreign.orgId, foreignProduct, randomUUID(), '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'];
}, 120_000);

afterAll(async () => {
  await stripeApp?.app.close();
  await h?.close();
});

// ---------------------------------------------------------------------------------------------
// The schemas: the OpenAPI document the app serves, joined to its route table.

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  additionalProperties?: boolean | JsonSchema;
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  route: RouteEntry;
  params: Parameter[];
  /** The JSON body's schema (undefined: the route takes no JSON body). */
  body?: JsonSchema;
}

async function operations(): Promise<Operation[]> {
  const doc = (await h.call('GET', '/api/openapi.json')).body as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  };
  const routes = h.app.routeTable.filter(
    (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json',
  );
  // Deletions last, so that the other routes keep finding the resources.
  routes.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  return routes.map((route) => {
    const op = doc.paths[route.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
    const json = op?.requestBody?.content['application/json']?.schema;
    // A route hidden from the document still has its path parameters.
    const params = op?.parameters ?? [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({ in: 'path' as const, name: m[1]!, required: true, schema: {} }));
    return { route, params, body: route.hasBody ? (json ?? {}) : undefined };
  });
}

function typesOf(s: JsonSchema): Set<string> {
  const out = new Set<string>();
  for (const alt of [s, ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) {
    for (const t of [alt.type ?? []].flat()) out.add(t === 'integer' ? 'number' : t);
    if (alt.nullable) out.add('null');
    if (alt.enum) for (const v of alt.enum) out.add(v === null ? 'null' : typeof v);
  }
  return out;
}

function objectAlternative(s: JsonSchema): JsonSchema | undefined {
  return [s, ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].find((a) => a.properties);
}

/** Every field of a body schema, nested objects and the first item of arrays included. */
function fieldsOf(s: JsonSchema, path: string[] = []): { path: string[]; schema: JsonSchema; required: boolean }[] {
  const out: { path: string[]; schema: JsonSchema; required: boolean }[] = [];
  const obj = objectAlternative(s);
  for (const [name, child] of Object.entries(obj?.properties ?? {})) {
    const p = [...path, name];
    out.push({ path: p, schema: child, required: obj?.required?.includes(name) ?? false });
    out.push(...fieldsOf(child, p));
    const items = [child, ...(child.anyOf ?? [])].find((a) => a.items)?.items;
    if (items) {
      out.push({ path: [...p, '0'], schema: items, required: false });
      out.push(...fieldsOf(items, [...p, '0']));
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Valid requests: path parameters and bodies aimed at the seller's (or its customer's) things.

/** Resources that belong to the customer: its cart and what hangs off it (called as the buyer). */
const CUSTOMER_RESOURCES = new Set(['customer', 'cart', 'line item', 'order', 'checkout session', 'checkout session secret']);

function callerFor(route: RouteEntry): Org {
  const refs = route.access ? policyRefs(route.access as AccessPolicy) : [];
  return refs.length > 0 && refs.every((r) => CUSTOMER_RESOURCES.has(r.resource)) ? buyer : seller;
}

function idForParam(route: RouteEntry, name: string): string {
  const ref = (route.access ? policyRefs(route.access as AccessPolicy) : []).find((r) => r.at[0] === 'params' && r.at[1] === name);
  if (ref && ids[ref.resource]) return ids[ref.resource]!;
  if (ref?.resource === 'checkout session') return 'cs_test_nothing';
  if (/selling|org_id/.test(name)) return seller.orgId;
  if (/purchas/.test(name) || /purchas/.test(route.url)) return buyer.orgId;
  return randomUUID();
}

/** A valid-looking value for a schema (the base that one field at a time is spoiled in). */
function sampleOf(s: JsonSchema, name = ''): unknown {
  if (s.enum?.length) return s.enum[0];
  const obj = objectAlternative(s);
  if (obj) {
    return Object.fromEntries((obj.required ?? []).map((k) => [k, sampleOf(obj.properties![k]!, k)]));
  }
  const alt = [s, ...(s.anyOf ?? [])].find((a) => a.type !== undefined) ?? s;
  const type = [alt.type].flat()[0];
  if (type === 'integer' || type === 'number') return Math.max(alt.minimum ?? 1, 1);
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'string') {
    if (alt.format === 'uuid') return /product/.test(name) ? ids.product : /cart/.test(name) ? ids.cart : seller.orgId;
    if (alt.format === 'date') return '2026-01-01';
    return 'Fuzz value';
  }
  return null;
}

/** Valid bodies for the routes whose schema alone does not make one (ids, formats). */
function sampleBody(op: Operation): unknown {
  const o = seller.orgId;
  const samples: Record<string, () => unknown> = {
    'POST /api/user/create': () => ({}),
    'POST /api/organization': () => ({ selected_type: 'Buyer', name: 'Fuzz Shop' }),
    'PUT /api/organization/:org_id': () => ({ name: 'Fuzz Sellers', slogan: 'Fuzzy' }),
    'PUT /api/organization/image_set': () => ({ organization_id: o, logo: null }),
    'POST /api/organization/:org_id/address': () => ({ line1: '1 Fuzz Way', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' }),
    'PUT /api/product': () => ({ id: ids.product, name: 'Fuzz Soap', organization: { id: o } }),
    'PUT /api/product/organization/:org_id/state': () => ({ product_ids: [ids.product], state: 'Live' }),
    'POST /api/inventory/transaction': () => ({ count: 5, product: { id: ids.product }, inventory_transaction_type: 'add' }),
    'POST /api/organization/:org_id/inventory/sync': () => ({ items: [{ sku: 'FUZ-1', inventory_count: 5 }] }),
    'POST /api/package_template': () => ({
      id: ids.package_template,
      name: 'Fuzz Box',
      height: 1,
      width: 1,
      length: 1,
      dimension_unit: { id: 2 },
      organization_id: o,
    }),
    'POST /api/invite/purchaser': () => ({ to_organization_id: o, to_emails: ['fuzz-invitee@example.com'] }),
    'POST /api/invite/resend/:invite_id': () => ({}),
    'POST /api/invite/purchaser/accept/:invite_id': () => ({}),
    'POST /api/organization/:org_id/members/invites': () => ({ email: 'fuzz-colleague@example.com', role: 'staff' }),
    'POST /api/cart/:cartId/line_item': () => ({ product_id: ids.product, quantity: 1 }),
    'PUT /api/cart/:cartId/line_item': () => ({ product_id: ids.product, quantity: 2 }),
    'PUT /api/cart/:cartId/line_items': () => ({ lines: [{ product_id: ids.product, quantity: 3 }] }),
    'POST /api/address/organization': () => ({
      organization: { id: buyer.orgId },
      address: { first_name: 'Fuzz', last_name: 'Buyer', line1: '1 Fuzz Rd', city: 'Austin', state: 'TX', postal_code: '73301' },
    }),
    'POST /api/order/:order_id/payment_terms': () => ({ is_net_30: true }),
    'POST /api/order/:order_id/po_number': () => ({ po_number: 'PO-1' }),
    'PUT /api/order/organization/:org_id/purchasers/:id/payment_terms': () => ({ net_days: 30 }),
    // Issue 25: price lists, resale certificates, line sheets, orders the seller writes.
    'PUT /api/organization/:org_id/price_lists/:price_list_id/prices': () => ({
      prices: [{ product_id: ids.product, unit_price_in_cents: 100 }],
    }),
    'PUT /api/organization/:org_id/price_lists/:price_list_id/hidden_products': () => ({
      products: [{ product_id: ids.product, hidden: false }],
    }),
    'PUT /api/organization/:org_id/resale_certificate': () => ({
      state: 'CA',
      number: 'FUZZ-1',
      expires_on: new Date(Date.now() + 100 * 86_400_000).toISOString().slice(0, 10),
      file_id: randomUUID(),
    }),
    'POST /api/organization/:org_id/proposals': () => ({ purchaser_organization_id: buyer.orgId }),
    'PUT /api/proposals/:proposal_id/lines': () => ({ lines: [{ product_id: ids.product, quantity: 1 }] }),
    'POST /api/line-sheets/:line_sheet_id/email': () => ({ to: 'fuzz-store@example.com' }),
    'POST /api/line-sheets/shared/:token/requests': () => ({
      store_name: 'Fuzz Store',
      contact_name: 'Fuzz Buyer',
      email: 'fuzz-store@example.com',
    }),
    'POST /api/organization/:org_id/invoices/:invoice_id/mark-paid': () => ({ method: 'check', paid_on: '2025-01-02' }),
    // Issue 26: API keys, the seller's webhook endpoints.
    'POST /api/organization/:org_id/api_keys': () => ({ name: 'Fuzz key', scopes: ['orders:read'] }),
    'POST /api/organization/:org_id/webhooks': () => ({ url: 'https://fuzz.example.com/hooks', events: ['order.placed'] }),
    'POST /api/organization/:org_id/orders/:order_id/refunds': () => ({ amount_cents: 100, reason: 'damaged' }),
    'POST /api/organization/:org_id/orders/:order_id/cancel': () => ({ reason: 'out_of_stock' }),
    'POST /api/organization/:org_id/orders/:order_id/shipments': () => ({ carrier: 'UPS', tracking_number: '1Z999AA10123456784' }),
    'POST /api/organization/:org_id/orders/:order_id/cancellation-request/decline': () => ({ reason: 'Already packed' }),
    'POST /api/organization/:org_id/orders/packing-slips': () => ({ order_ids: [ids['sold order']] }),
    'POST /api/order/:order_id/cancel': () => ({}),
    'POST /api/order/:order_id/cancellation-request': () => ({ note: 'Please cancel' }),
    'PUT /api/organization/:org_id/order-settings': () => ({ buyer_cancel_hours: 48 }),
    'POST /api/organization/:org_id/orders/:order_id/unavailable': () => ({
      lines: [{ line_item_id: ids['line item'], quantity: 1 }],
      restock_on: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    }),
    'POST /api/order/:order_id/backorders': () => ({ lines: [{ line_item_id: ids['line item'], choice: 'wait' }] }),
    'POST /api/order/:order_id/claims': () => ({ kind: 'missing', lines: [{ line_item_id: ids['line item'], quantity: 1 }], note: 'Fuzz claim' }),
    'POST /api/organization/:org_id/orders/:order_id/claims/:claim_id/replacement': () => ({ carrier: 'UPS', tracking_number: '1Z999AA10123456784' }),
    'POST /api/organization/:org_id/orders/:order_id/claims/:claim_id/decline': () => ({ reason: 'Fuzz' }),
    'POST /api/shipping/order/:order_id/rate': () => ({ rate_id: 'fuzz-rate' }),
    'POST /api/shipping/order/:order_id/rate-type': () => ({ provider: 'USPS', service_level_token: 'usps_priority' }),
    'POST /api/stripe/organization/:org_id/refresh-connect-account': () => ({ account: 'acct_fuzz' }),
    'POST /api/stripe/organization/:org_id/create-checkout-session': () => ({ cart: { id: ids.cart } }),
    'POST /api/order/:order_id/shipping': () => ({ carrier: 'USPS', tracking_number: '9400100000000000000000' }),
    'PUT /api/order/:order_id/shipping': () => ({ carrier: 'UPS', tracking_number: '1Z999AA10123456784' }),
    'POST /api/plaid/item/public_token/exchange': () => ({ public_token: 'public-fuzz', organization_id: o }),
    'POST /api/plaid/builtin/link/session': () => ({ link_token: 'link-fuzz' }),
    'POST /api/plaid/builtin/link/credentials': () => ({ link_token: 'link-fuzz', institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' }),
    'POST /api/plaid/builtin/link/accounts': () => ({ link_token: 'link-fuzz', account_ids: ['acc-fuzz'] }),
    'POST /api/payments/checkout/session': () => ({ client_secret: 'cs_fuzz_secret_fuzz' }),
    'POST /api/payments/checkout/pay': () => ({
      client_secret: 'cs_fuzz_secret_fuzz',
      card: { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Fuzz Buyer', postal_code: '97201' },
    }),
    'POST /api/payments/checkout/challenge': () => ({ client_secret: 'cs_fuzz_secret_fuzz', challenge_id: 'chl_0', outcome: 'fail' }),
    'POST /api/stripe/organization/:org_id/onboarding': () => ({
      client_secret: 'seti_fuzz',
      legal_name: 'Fuzz LLC',
      ein: '12-3456789',
      line1: '1 Fuzz Way',
      city: 'Portland',
      state: 'OR',
      postal_code: '97201',
      first_name: 'Fu',
      last_name: 'Zz',
      date_of_birth: '1980-01-31',
      routing_number: '110000000',
      account_number: '000123456789',
    }),
  };
  const make = samples[`${op.route.method} ${op.route.url}`];
  return make ? make() : sampleOf(op.body ?? {});
}

function sampleQueryValue(p: Parameter): string {
  if (p.name === 'address_id') return ids.address!;
  if (p.name === 'organization_id') return seller.orgId;
  return String(sampleOf(p.schema, p.name));
}

// ---------------------------------------------------------------------------------------------
// Bad values, chosen by the field's schema.

/** A token written into the JSON text as is (NaN, Infinity: not JSON, but what clients send). */
class Raw {
  constructor(readonly text: string) {}
}

const HUGE = 'x'.repeat(100_000);
const controlString = fc
  .tuple(fc.constantFrom('\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b', '\n', '\t', '\r'), fc.string({ maxLength: 8 }))
  .map(([c, s]) => `Fu${c}zz${s}`);
const loneSurrogate = fc.constantFrom('\ud800', 'abc\udfff', '\udc00\ud800x', '\ud83d');
const malformedUuid = fc.constantFrom(
  'not-a-uuid',
  '',
  ' ',
  '123',
  '00000000-0000-0000-0000-00000000000',
  '00000000-0000-0000-0000-0000000000000',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '{00000000-0000-0000-0000-000000000000}',
  "' or 1=1 --",
  '../../etc/passwd',
);
const anyString = fc.oneof(
  fc.constant(HUGE),
  fc.constant(''),
  fc.constant('   '),
  controlString,
  loneSurrogate,
  fc.string({ maxLength: 30 }),
  fc.constantFrom('🧼🧽', '\u202eevil', 'null', 'undefined', '-1', 'NaN', '1e308', "'; drop table products; --", '%00', '<script>x</script>'),
);
const badNumber = fc.oneof(
  fc.constantFrom(-1, 0, 0.5, 1.5, -0.000001, 1e308, -1e308, 2 ** 53 + 1, 2 ** 31, Number.MAX_SAFE_INTEGER, 5e-324),
  fc.constantFrom(new Raw('NaN'), new Raw('Infinity'), new Raw('-Infinity'), new Raw('1e999'), new Raw('-0')),
  fc.double(),
  fc.integer(),
);
const uuidLike = () => fc.oneof(malformedUuid, fc.constantFrom(...foreignIds), fc.uuid());
const anyJson = fc.oneof(
  fc.constantFrom(null, true, false, {}, [], [null], { id: null }, 'x', 42, [1, 'a']),
  fc.jsonValue({ maxDepth: 2 }),
);

function wrongTypeFor(s: JsonSchema): fc.Arbitrary<unknown> {
  const allowed = typesOf(s);
  const candidates: [string, unknown][] = [
    ['string', 'wrong type'],
    ['number', 42],
    ['boolean', true],
    ['null', null],
    ['object', { id: 'x' }],
    ['array', ['x']],
  ];
  const wrong = candidates.filter(([t]) => !allowed.has(t)).map(([, v]) => v);
  return wrong.length > 0 ? fc.constantFrom(...wrong) : anyJson;
}

function badValueFor(s: JsonSchema): fc.Arbitrary<unknown> {
  const t = typesOf(s);
  const isUuid = [s, ...(s.anyOf ?? [])].some((a) => a.format === 'uuid');
  const arbs: fc.Arbitrary<unknown>[] = [wrongTypeFor(s), anyJson];
  if (t.has('string') || t.size === 0) arbs.push(anyString, anyString);
  if (t.has('number') || t.size === 0) arbs.push(badNumber, badNumber);
  if (isUuid) arbs.push(uuidLike(), uuidLike(), uuidLike());
  if (s.enum) arbs.push(fc.constantFrom('bogus', 'LOGO', '', ...s.enum.map((v) => `${String(v)} `)));
  return fc.oneof(...arbs);
}

/**
 * A bad value in a URL (path segment or query value), already percent-encoded. Not an empty or
 * dot path segment: that is the address of another route (/api/product/organization/ is a product).
 */
function badUrlValue(s: JsonSchema, where: 'path' | 'query'): fc.Arbitrary<string> {
  const enc = (v: fc.Arbitrary<string>) =>
    v.map(encodeURIComponent).filter((v) => where === 'query' || !['', '.', '..'].includes(v));
  const t = typesOf(s);
  const arbs: fc.Arbitrary<string>[] = [
    enc(fc.constantFrom('', ' ', 'x', 'null', 'true', '[]', '{}')),
    enc(controlString),
    fc.constantFrom('%ED%A0%80', '%FF%FE', '%C0%80', '%00', '%', '%ZZ', '%E2%82', '..%2F..%2Fetc', 'a%2Fb'),
    fc.constant('y'.repeat(100_000)),
    enc(fc.string({ maxLength: 20 })),
  ];
  if (t.has('number')) arbs.push(fc.constantFrom('NaN', 'Infinity', '-Infinity', '-1', '0', '1.5', '1e308', '0x10', '9007199254740993', '1e3', ' 1', '%2B1'));
  if (s.format === 'uuid' || s.pattern?.includes('[0-9a-fA-F]{8}')) arbs.push(enc(uuidLike()), enc(uuidLike()));
  if (s.enum) arbs.push(fc.constantFrom('bogus', 'LOGO', 'logo%00'));
  return fc.oneof(...arbs);
}

// ---------------------------------------------------------------------------------------------
// Requests and their spoiling.

interface Request {
  path: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string | Buffer; contentType: string };
}

interface Mutation {
  /** What was spoiled, for the failure message. */
  what: string;
  /** The field a validation error must name ('body': the whole body). */
  field: string;
  /** Spoils the request; returns the field when it differs (a bad value in an object the base lacks names that object). */
  apply(r: Request): string | void;
}

function baseRequest(op: Operation): Request {
  const path: Record<string, string> = {};
  for (const m of op.route.url.matchAll(/:([A-Za-z_]+)/g)) path[m[1]!] = encodeURIComponent(idForParam(op.route, m[1]!));
  const query: [string, string][] = op.params
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => [p.name, encodeURIComponent(sampleQueryValue(p))]);
  let body: Request['body'] = op.body ? { kind: 'json', value: sampleBody(op) } : { kind: 'none' };
  // File routes get a valid file, so that their parameters are what is spoiled.
  if (op.route.consumes.includes('text/csv')) body = { kind: 'raw', text: GOOD_CSV, contentType: 'text/csv' };
  else if (op.route.consumes.includes('multipart/form-data')) body = { kind: 'raw', text: goodUpload.body, contentType: goodUpload.headers['content-type'] };
  return { path, query, headers: {}, body };
}

function setAt(root: unknown, path: string[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container: Record<string, unknown> =
    root !== null && typeof root === 'object' ? { ...(root as Record<string, unknown>) } : /^\d+$/.test(head!) ? [] as never : {};
  const copy = Array.isArray(root) ? [...root] : container;
  if (rest.length === 0 && remove) {
    if (Array.isArray(copy)) copy.splice(Number(head), 1);
    else delete (copy as Record<string, unknown>)[head!];
    return copy;
  }
  (copy as Record<string, unknown>)[head!] = setAt((copy as Record<string, unknown>)[head!], rest, value);
  return copy;
}

/** The path itself, or its first part that the body lacks (where a validation error will point). */
function presentPrefix(root: unknown, path: string[]): string {
  let v = root;
  for (let i = 0; i < path.length; i += 1) {
    if (v === null || typeof v !== 'object') return path.slice(0, Math.max(i, 1)).join('.');
    if (!(path[i]! in v)) return path.slice(0, i + 1).join('.');
    v = (v as Record<string, unknown>)[path[i]!];
  }
  return path.join('.');
}

function describeValue(v: unknown): string {
  if (v instanceof Raw) return v.text;
  const s = typeof v === 'string' ? JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…(${v.length})` : v) : JSON.stringify(v);
  return s === undefined ? String(v) : s;
}

function mutationsFor(op: Operation): fc.Arbitrary<Mutation> {
  const arbs: fc.Arbitrary<Mutation>[] = [];
  const jsonBody = (r: Request) => (r.body.kind === 'json' ? r.body.value : undefined);

  if (op.body) {
    const fields = fieldsOf(op.body);
    if (fields.length > 0) {
      // One field gets a bad value.
      arbs.push(
        fc.constantFrom(...fields).chain((f) =>
          badValueFor(f.schema).map(
            (v): Mutation => ({
              what: `body ${f.path.join('.')} = ${describeValue(v)}`,
              field: f.path.join('.'),
              apply: (r) => {
                const field = presentPrefix(jsonBody(r), f.path);
                r.body = { kind: 'json', value: setAt(jsonBody(r), f.path, v) };
                return field;
              },
            }),
          ),
        ),
      );
      // A field goes missing.
      arbs.push(
        fc.constantFrom(...fields).map(
          (f): Mutation => ({
            what: `body without ${f.path.join('.')}`,
            field: f.path.join('.'),
            apply: (r) => {
              const field = presentPrefix(jsonBody(r), f.path);
              r.body = { kind: 'json', value: setAt(jsonBody(r), f.path, undefined, true) };
              return field;
            },
          }),
        ),
      );
    }
    // An unknown field, at the top or inside an object field.
    const objects = [[], ...fields.filter((f) => objectAlternative(f.schema)).map((f) => f.path)];
    arbs.push(
      fc.tuple(fc.constantFrom(...objects), fc.constantFrom('extra', '__proto__', 'constructor', 'is_admin', 'organization_id', 'x'.repeat(300)), anyJson).map(
        ([at, key, v]): Mutation => ({
          what: `body ${[...at, key].join('.').slice(0, 60)} (extra) = ${describeValue(v)}`,
          field: [...at, key].join('.'),
          apply: (r) => {
            const field = presentPrefix(jsonBody(r), [...at, key]);
            r.body = { kind: 'json', value: setAt(jsonBody(r), [...at, key], v) };
            return field;
          },
        }),
      ),
    );
    // The whole body is wrong: another JSON type, not JSON, missing, not JSON at all.
    arbs.push(
      fc
        .constantFrom<Request['body']>(
          { kind: 'none' },
          { kind: 'json', value: null },
          { kind: 'json', value: [] },
          { kind: 'json', value: 'text' },
          { kind: 'json', value: 12 },
          { kind: 'raw', text: '{', contentType: 'application/json' },
          { kind: 'raw', text: '{"a":1,}', contentType: 'application/json' },
          { kind: 'raw', text: 'NaN', contentType: 'application/json' },
          { kind: 'raw', text: '\u0000', contentType: 'application/json' },
          { kind: 'raw', text: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' },
          { kind: 'raw', text: 'name=x', contentType: 'application/x-www-form-urlencoded' },
          { kind: 'raw', text: '{"name":"x"}', contentType: 'text/plain' },
          { kind: 'raw', text: '{"name":"x"}', contentType: 'application/json; charset=utf-16' },
        )
        .map((body): Mutation => ({
          what: `body ${body.kind === 'json' ? describeValue(body.value) : body.kind === 'raw' ? `${body.contentType} ${describeValue(body.text)}` : 'missing'}`,
          field: 'body',
          apply: (r) => {
            r.body = body;
          },
        })),
    );
  }

  for (const p of op.params) {
    if (p.in === 'path') {
      arbs.push(
        badUrlValue(p.schema, 'path').map((v): Mutation => ({
          what: `path :${p.name} = ${describeValue(v)}`,
          field: p.name,
          apply: (r) => {
            r.path[p.name] = v;
          },
        })),
      );
    } else if (p.in === 'query') {
      arbs.push(
        badUrlValue(p.schema, 'query').map((v): Mutation => ({
          what: `query ${p.name} = ${describeValue(v)}`,
          field: p.name,
          apply: (r) => {
            r.query = [...r.query.filter(([k]) => k !== p.name), [p.name, v]];
          },
        })),
        // Repeated: an array where one value belongs.
        fc.constant<Mutation>({
          what: `query ${p.name} twice`,
          field: p.name,
          apply: (r) => {
            const v = r.query.find(([k]) => k === p.name)?.[1] ?? '1';
            r.query = [...r.query, [p.name, v], [p.name, v]];
          },
        }),
      );
      if (p.required) {
        arbs.push(
          fc.constant<Mutation>({
            what: `query without ${p.name}`,
            field: p.name,
            apply: (r) => {
              r.query = r.query.filter(([k]) => k !== p.name);
            },
          }),
        );
      }
    } else if (p.in === 'header') {
      arbs.push(
        fc.constantFrom('', ' ', 'has space', 'x'.repeat(5000), 'é', '"quoted"').map((v): Mutation => ({
          what: `header ${p.name} = ${describeValue(v)}`,
          field: p.name,
          apply: (r) => {
            r.headers[p.name] = v;
          },
        })),
      );
    }
  }
  // An unknown query parameter.
  arbs.push(
    fc.tuple(fc.constantFrom('extra', 'limit', 'q', '__proto__', 'constructor', 'a[b]'), badUrlValue({}, 'query')).map(
      ([k, v]): Mutation => ({
        what: `query ${k} (extra) = ${describeValue(v)}`,
        field: k,
        apply: (r) => {
          r.query = [...r.query, [k, v]];
        },
      }),
    ),
  );
  return fc.oneof(...arbs);
}

async function send(op: Operation, r: Request, app = h.app) {
  const url =
    op.route.url.replace(/:([A-Za-z_]+)/g, (_m, n: string) => r.path[n] ?? '') +
    (r.query.length > 0 ? `?${r.query.map(([k, v]) => `${k}=${v}`).join('&')}` : '');
  const headers: Record<string, string> = { ...r.headers, authorization: `Bearer ${callerFor(op.route).token}` };
  let payload: string | Buffer | undefined;
  if (r.body.kind === 'json') {
    const raws: Raw[] = [];
    const text = JSON.stringify(r.body.value, (_k, v: unknown) => {
      if (v instanceof Raw) {
        raws.push(v);
        return `__raw_${raws.length - 1}__`;
      }
      return v;
    });
    payload = text === undefined ? undefined : text.replace(/"__raw_(\d+)__"/g, (_m, i: string) => raws[Number(i)]!.text);
    headers['content-type'] = 'application/json';
  } else if (r.body.kind === 'raw') {
    payload = r.body.text;
    headers['content-type'] = r.body.contentType;
  }
  const res = await app.inject({ method: op.route.method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) });
  let body: unknown;
  try {
    body = res.json();
  } catch {
    body = undefined;
  }
  return { url, status: res.statusCode, body, text: res.body };
}

/** Does a validation issue's path name the field (itself, a part of it, or its container)? */
function names(issuePath: string, issueMessage: string, field: string): boolean {
  if (field === 'body' || ['params', 'querystring', 'headers'].includes(field)) return true;
  if (issuePath === field || field.startsWith(`${issuePath}.`) || issuePath.startsWith(`${field}.`)) return true;
  // An unknown key is reported on its object: its message names it.
  const last = field.split('.').at(-1)!;
  return ['body', 'params', 'querystring', 'headers'].includes(issuePath) && issueMessage.includes(last.slice(0, 60));
}

/** Refusals that cannot name a field: the body is not JSON, or the URL is not one. */
const FIELDLESS = new Set(['invalid_json', 'bad_url']);

/** What is wrong with an answer to a spoiled request (undefined: nothing). */
function problem(res: { status: number; body: unknown; text: string }, field: string): string | undefined {
  const text = res.text.slice(0, 300);
  if (res.status >= 500) return `${res.status} ${text}`;
  if (res.status < 400) return undefined;
  // The error shape of every non-2xx answer (ErrorBody in the contract): a code, a message, maybe issues.
  const b = res.body as { error?: unknown; message?: unknown; issues?: unknown } | undefined;
  if (!b || typeof b !== 'object' || typeof b.error !== 'string' || typeof b.message !== 'string' || b.message === '') {
    return `${res.status} without a JSON error body: ${text}`;
  }
  if (!/^[a-z][a-z0-9_]*$/.test(b.error)) return `${res.status} with "${b.error}" for an error code: ${text}`;
  if ('statusCode' in b || 'code' in b) return `${res.status} with Fastify's own error body: ${text}`;
  // A huge value is refused, not echoed back.
  if (res.text.length > 5_000) return `${res.status} with a ${res.text.length}-character error body: ${text}`;
  const issues = b.issues as { path?: unknown; message?: unknown }[] | undefined;
  if (issues !== undefined) {
    if (!Array.isArray(issues) || issues.length === 0) return `empty or malformed issues: ${text}`;
    if (issues.some((i) => typeof i.path !== 'string' || typeof i.message !== 'string')) return `malformed issues: ${text}`;
  }
  // A refusal of the request's content names what is wrong: in issues, or at least in its message.
  const mentions = field === 'body' ? /./ : new RegExp(field.split('.').at(-1)!.replace(/[^A-Za-z0-9]/g, '.'), 'i');
  if ((res.status === 400 || res.status === 422) && !FIELDLESS.has(b.error) && !issues && !mentions.test(b.message)) {
    return `${res.status} ${b.error} names no field: ${text}`;
  }
  if (b.error === 'validation_error' && !issues!.some((i) => names(i.path as string, i.message as string, field))) {
    return `validation_error does not name ${field}: ${text}`;
  }
  return undefined;
}

describe('bad input everywhere', () => {
  it(`never gets a 5xx, and every refusal is a JSON error naming the field (seed ${SEED}, ${RUNS} runs a route)`, async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThanOrEqual(60);
    const failures: string[] = [];
    for (const op of ops) {
      const run = await fc.check(
        fc.asyncProperty(mutationsFor(op), async (m) => {
          const r = baseRequest(op);
          const field = m.apply(r) ?? m.field;
          const res = await send(op, r);
          const p = problem(res, field);
          if (p) throw new Error(`${op.route.method} ${res.url.slice(0, 200)} [${m.what}] → ${p}`);
        }),
      );
      if (run.failed) {
        const error = run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance);
        failures.push(`${error} (replay: FUZZ_SEED=${run.seed}, path "${run.counterexamplePath}")`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

/** Hand-written bad bodies for the routes whose body is a file or a signed payload. */
describe('bad files and payloads', () => {
  const csv = (rows: string[]) => ({ kind: 'raw' as const, text: `${CSV_HEADER}\n${rows.join('\n')}\n`, contentType: 'text/csv' });
  const row = (cells: Partial<Record<'name' | 'sku' | 'price' | 'weight' | 'inventory' | 'status', string>>) =>
    [cells.name ?? 'Fuzz Candle', '', cells.sku ?? 'FUZ-2', '', 'Case', '1', cells.price ?? '1.00', '2.00', cells.weight ?? '1', 'lb', cells.status ?? 'Draft', cells.inventory ?? '1'].join(',');
  const bigImage = () => multipartBody([{ filename: 'big.png', contentType: 'image/png', data: Buffer.alloc(150_000, 7) }]);
  const cases: { name: string; method: 'POST'; url: () => string; body: () => Request['body']; headers?: Record<string, string>; stripe?: boolean }[] = [
    ...(['import/preview', 'import'] as const).flatMap((action) => {
      const url = () => `/api/product/organization/${seller.orgId}/${action}`;
      const files: [string, () => Request['body']][] = [
        ['no body', () => ({ kind: 'none' })],
        ['an empty CSV', () => ({ kind: 'raw', text: '', contentType: 'text/csv' })],
        ['only the header', () => csv([])],
        ['unknown columns', () => ({ kind: 'raw', text: 'foo,bar\n1,2\n', contentType: 'text/csv' })],
        ['binary bytes', () => ({ kind: 'raw', text: Buffer.from([0, 255, 254, 0, 1, 2, 0xed, 0xa0, 0x80]), contentType: 'text/csv' })],
        ['an unterminated quote', () => csv(['"Fuzz Candle,,FUZ-3,,Case,1,1.00,2.00,1,lb,Draft,1'])],
        ['a 100k-character name', () => csv([row({ name: HUGE })])],
        ['a NUL and a lone surrogate in cells', () => csv([row({ name: 'Fu\u0000zz', sku: 'FUZ-\ud800' })])],
        ['NaN, Infinity and 1e308 numbers', () => csv([row({ price: 'NaN', weight: 'Infinity', inventory: '1e308' })])],
        ['negative and fractional counts', () => csv([row({ price: '-1', inventory: '1.5', weight: '-0' })])],
        ['an unknown status', () => csv([row({ status: 'Bogus' })])],
        ['too many cells', () => csv([`${row({})},extra,cells`])],
        ['a multipart body without the file field', () => {
          const m = multipartBody([], { other: 'x' });
          return { kind: 'raw', text: m.body, contentType: m.headers['content-type'] };
        }],
        ['a multipart image instead of a CSV', () => ({ kind: 'raw', text: goodUpload.body, contentType: goodUpload.headers['content-type'] })],
        ['a truncated multipart body', () => ({ kind: 'raw', text: goodUpload.body.subarray(0, 80), contentType: goodUpload.headers['content-type'] })],
        ['JSON instead of a CSV', () => ({ kind: 'json', value: { file: 'name\nx' } })],
      ];
      return files.map(([name, body]) => ({ name: `${action}: ${name}`, method: 'POST' as const, url, body }));
    }),
    ...([
      ['no body', () => ({ kind: 'none' })],
      ['a multipart body without the file field', () => {
        const m = multipartBody([], { purpose: 'logo' });
        return { kind: 'raw', text: m.body, contentType: m.headers['content-type'] };
      }],
      ['text bytes called a PNG', () => {
        const m = multipartBody([{ filename: 'x.png', contentType: 'image/png', data: 'not an image at all' }]);
        return { kind: 'raw', text: m.body, contentType: m.headers['content-type'] };
      }],
      ['an empty file', () => {
        const m = multipartBody([{ filename: 'x.png', contentType: 'image/png', data: Buffer.alloc(0) }]);
        return { kind: 'raw', text: m.body, contentType: m.headers['content-type'] };
      }],
      ['a file beyond MEDIA_MAX_BYTES', () => {
        const m = bigImage();
        return { kind: 'raw', text: m.body, contentType: m.headers['content-type'] };
      }],
      ['a truncated multipart body', () => ({ kind: 'raw', text: goodUpload.body.subarray(0, 120), contentType: goodUpload.headers['content-type'] })],
      ['a boundary that is not in the body', () => ({ kind: 'raw', text: goodUpload.body, contentType: 'multipart/form-data; boundary=nothing-like-it' })],
      ['JSON instead of a file', () => ({ kind: 'json', value: { file: 'x' } })],
      ['raw PNG bytes without multipart', () => ({ kind: 'raw', text: goodUpload.body, contentType: 'image/png' })],
    ] as [string, () => Request['body']][]).map(([name, body]) => ({
      name: `media upload: ${name}`,
      method: 'POST' as const,
      url: () => `/api/media/${seller.orgId}/upload?purpose=logo`,
      body,
    })),
    ...([
      ['no body and no signature', () => ({ kind: 'none' }), {}],
      ['JSON without a signature', () => ({ kind: 'json', value: { type: 'checkout.session.completed', data: { object: { id: 'cs_x' } } } }), {}],
      ['a forged signature', () => ({ kind: 'json', value: { type: 'checkout.session.completed' } }), { 'stripe-signature': 't=1,v1=deadbeef' }],
      ['a malformed signature header', () => ({ kind: 'raw', text: '{}', contentType: 'application/json' }), { 'stripe-signature': 'x'.repeat(5000) }],
      ['bytes that are not JSON', () => ({ kind: 'raw', text: Buffer.from([0, 255, 1]), contentType: 'application/json' }), { 'stripe-signature': 't=1,v1=00' }],
      ['a form body', () => ({ kind: 'raw', text: 'a=b', contentType: 'application/x-www-form-urlencoded' }), {}],
      // Correctly signed, but not what an event looks like.
      ...(
        [
          ['signed bytes that are not JSON', '\u0000{not json'],
          ['a signed JSON array', '[1,2,3]'],
          ['a signed event of wrong types', '{"id":7,"type":["checkout.session.completed"],"data":null}'],
          ['a signed event with a session of nothing', '{"id":"evt_1","object":"event","type":"checkout.session.completed","data":{"object":{"id":"cs_nothing","object":"checkout.session","payment_status":"paid"}}}'],
          ['a signed event with a session id of the wrong type', '{"id":"evt_2","object":"event","type":"checkout.session.expired","data":{"object":{"id":{"$ne":null},"metadata":[]}}}'],
          ['a signed event with a 100k-character id', `{"id":"evt_3","object":"event","type":"checkout.session.completed","data":{"object":{"id":"cs_${HUGE}"}}}`],
        ] as const
      ).map(([name, text]): [string, () => Request['body'], Record<string, string>] => {
        const t = Math.floor(Date.now() / 1000);
        const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${text}`).digest('hex');
        return [name, () => ({ kind: 'raw', text, contentType: 'application/json' }), { 'stripe-signature': `t=${t},v1=${v1}` }];
      }),
    ] as [string, () => Request['body'], Record<string, string>][]).map(([name, body, headers]) => ({
      name: `payments webhook: ${name}`,
      method: 'POST' as const,
      url: () => '/api/stripe/webhook',
      body,
      headers,
      stripe: true,
    })),
  ];

  it.each(cases.map((c) => [c.name, c] as const))('%s: no 5xx, a JSON refusal', async (_name, c) => {
    const r: Request = { path: {}, query: [], headers: { ...(c.headers ?? {}) }, body: c.body() };
    const op: Operation = { route: { method: c.method, url: c.url(), access: 'signed-in', hasBody: false, consumes: [] }, params: [] };
    const res = await send(op, r, c.stripe ? stripeApp.app : h.app);
    expect(problem(res, c.stripe ? 'signature' : 'file') ?? 'ok').toBe('ok');
  });
});

/** Answers the fuzzing once got wrong, pinned whatever the seed. */
describe('found by fuzzing', () => {
  it('refuses a dimension too small to store (it rounded to 0 and broke a check: a 500) with a 400 naming it', async () => {
    for (const height of [5e-324, 0.0004]) {
      const res = await h.call('POST', '/api/package_template', {
        token: seller.token,
        body: { name: 'Tiny Box', height, width: 2, length: 3, dimension_unit: { id: 2 }, organization_id: seller.orgId },
      });
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'height', message: 'must be at least 0.001' }]);
    }
  });

  it('answers a malformed or over-long path in the API’s error shape', async () => {
    const badEscape = await h.call('GET', '/api/product/%E2%82', { token: seller.token });
    expect(badEscape.status).toBe(400);
    expect(badEscape.body).toEqual({ error: 'bad_url', message: expect.stringContaining('not correctly percent-encoded') });
    const tooLong = await h.call('GET', `/api/product/${'y'.repeat(100_000)}`, { token: seller.token });
    expect(tooLong.status).toBe(414);
    expect(tooLong.body).toEqual({ error: 'uri_too_long', message: expect.stringContaining('too long') });
    expect(tooLong.headers['x-content-type-options']).toBe('nosniff');
  });
});
