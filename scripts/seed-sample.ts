// The server's declarations for oidc-provider (ambient, found through apps/server's tsconfig);
// this script is typechecked with the tools' tsconfig, which does not include them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../apps/server/src/identity/oidc-provider.d.ts" />
/**
 * `npm run seed:sample`: a sample store to look around in (issue 27) — the seller "Juniper & Oak
 * Goods" with 30 Live products (photos drawn here with sharp, a few products in size × colour),
 * and its customer "Corner Boutique" with an order paid by card and shipped, one placed and
 * waiting to ship, one on Net 30 with an open invoice, and a cart in progress.
 *
 * Everything goes through the app's own routes (app.inject on the app `npm start` builds, with
 * the built-in sign-in and payments), so every rule, event and e-mail applies as if a person had
 * clicked. The database is the one `npm start` uses (DATABASE_URL, else the embedded one in
 * DATA_DIR — stop the server first: one process per embedded directory).
 *
 * Safety: refuses when NODE_ENV=production (unless --yes-i-know) and when the database already
 * has organizations (unless --force); a second run finds the sample and changes nothing.
 */
// First: drops oidc-provider's Node 22 line on Node 20 as `npm start` does (node20-notice.ts).
import { endNode20Notice } from '../apps/server/src/node20-notice.js';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { TEST_CARDS } from '@cratebase/contract';
import { loadConfig, type Config } from '../apps/server/src/config.js';
import {
  DatabaseInUseError,
  EmbeddedPostgresError,
  openDatabase,
  type Database,
} from '../apps/server/src/db/client.js';
import { buildApp } from '../apps/server/src/app.js';
import { signUpAndGetTokens } from '../apps/server/test/support/test-login.js';
import { multipartBody } from '../apps/server/test/support/media.js';
import { BOX, CARD, ONBOARDING_FORM, SHIP_FROM, SHIP_TO } from '../apps/server/test/support/checkout-fixtures.js';

export const SAMPLE_PASSWORD = 'sample store 2026';
export const SAMPLE_SELLER = { email: 'seller@sample.cratebase.test', organization: 'Juniper & Oak Goods', person: 'June Oakley' };
export const SAMPLE_BUYER = { email: 'buyer@sample.cratebase.test', organization: 'Corner Boutique', person: 'Cora Bishop' };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Account {
  email: string;
  token: string;
  orgId: string;
}

/** Calls the app as a browser would; any answer but 200 stops the seed, naming the call. */
function apiOf(app: FastifyInstance) {
  return async function api<T = any>(
    method: Method,
    url: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await app.inject({
      method,
      url,
      headers,
      ...(opts.body !== undefined ? { payload: opts.body as string | Buffer | object } : {}),
    });
    if (res.statusCode !== 200)
      throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
    return res.json() as T;
  };
}
type Api = ReturnType<typeof apiOf>;

/** A person who signs up with the built-in sign-in, then creates their organization. */
async function signUp(
  app: FastifyInstance,
  api: Api,
  email: string,
  type: 'Merchant' | 'Buyer',
  name: string,
  person: string,
): Promise<Account> {
  const tokens = await signUpAndGetTokens(app, { email, password: SAMPLE_PASSWORD });
  const token = tokens.access_token;
  await api('POST', '/api/user/create', { token });
  // Sign-up asks the person's name (issue 27): the sample's people have one.
  await api('PUT', '/api/user/me', { token, body: { name: person } });
  const org = await api<{ id: string }>('POST', '/api/organization', { token, body: { selected_type: type, name } });
  return { email, token, orgId: org.id };
}

interface SampleProduct {
  name: string;
  category: string;
  description: string;
  price: number;
  msrp: number;
  unit: 'Each' | 'Case';
  perUnit: number;
  weightLb: number;
  stock?: number;
  minimum?: number;
  options?: { name: string; values: string[] }[];
}

const COLOURS: Record<string, string> = {
  Kitchen: '#c8553d',
  Home: '#588b8b',
  Bath: '#8e7dbe',
  Paper: '#d9a441',
  Apparel: '#2f4858',
};

/** 30 products over five categories; a few in size × colour, some with tracked stock or a minimum. */
function sampleProducts(): SampleProduct[] {
  const rows: [string, string, number, number, Partial<SampleProduct>?][] = [
    ['Kitchen', 'Olive Wood Spoon', 650, 1400],
    ['Kitchen', 'Linen Tea Towel', 800, 1800, { stock: 120 }],
    ['Kitchen', 'Stoneware Mug', 1100, 2400, { stock: 48, minimum: 4 }],
    ['Kitchen', 'Enamel Colander', 1650, 3600],
    ['Kitchen', 'Beeswax Food Wraps', 700, 1600, { unit: 'Case', perUnit: 6 }],
    ['Kitchen', 'Walnut Cutting Board', 2400, 5200, { stock: 20 }],
    ['Home', 'Hand-poured Candle', 900, 2200, { stock: 80, minimum: 6 }],
    ['Home', 'Wool Throw', 4200, 9000],
    ['Home', 'Ceramic Bud Vase', 1200, 2800],
    ['Home', 'Jute Doormat', 1500, 3400, { stock: 30 }],
    ['Home', 'Linen Cushion Cover', 1800, 3900],
    ['Home', 'Brass Hook Set', 1300, 2900, { unit: 'Case', perUnit: 4 }],
    ['Bath', 'Oat Milk Soap', 350, 800, { unit: 'Case', perUnit: 12, minimum: 2 }],
    ['Bath', 'Cedar Bath Salts', 750, 1700],
    ['Bath', 'Waffle Bath Towel', 2100, 4600, { stock: 60 }],
    ['Bath', 'Konjac Sponge', 300, 700, { unit: 'Case', perUnit: 10 }],
    ['Bath', 'Lavender Body Oil', 1150, 2600],
    ['Bath', 'Bamboo Soap Dish', 450, 1000],
    ['Paper', 'Dot Grid Notebook', 600, 1400, { stock: 200 }],
    ['Paper', 'Letterpress Cards', 1800, 4000, { unit: 'Case', perUnit: 6 }],
    ['Paper', 'Kraft Gift Wrap', 500, 1200],
    ['Paper', 'Botanical Calendar', 1400, 3200],
    ['Paper', 'Wax Seal Kit', 1700, 3800],
    ['Paper', 'Pocket Planner', 800, 1900],
    [
      'Apparel',
      'Everyday Tee',
      1200,
      2800,
      {
        options: [
          { name: 'Size', values: ['S', 'M', 'L'] },
          { name: 'Colour', values: ['Oat', 'Moss'] },
        ],
      },
    ],
    ['Apparel', 'Canvas Apron', 1900, 4200, { options: [{ name: 'Colour', values: ['Natural', 'Indigo', 'Rust'] }] }],
    ['Apparel', 'Knit Beanie', 1000, 2400, { options: [{ name: 'Colour', values: ['Charcoal', 'Mustard'] }] }],
    [
      'Apparel',
      'Crew Socks',
      550,
      1300,
      {
        options: [
          { name: 'Size', values: ['S/M', 'L/XL'] },
          { name: 'Colour', values: ['Grey', 'Forest'] },
        ],
      },
    ],
    ['Apparel', 'Tote Bag', 900, 2000, { stock: 75 }],
    ['Apparel', 'Linen Scarf', 1600, 3600],
  ];
  return rows.map(([category, name, price, msrp, extra = {}]) => ({
    name,
    category,
    description: `${name} from the ${category.toLowerCase()} collection of Juniper & Oak Goods. A sample product: change anything you like.`,
    price,
    msrp,
    unit: 'Each',
    perUnit: 1,
    weightLb: 1,
    ...extra,
  }));
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A square photo stand-in: the category's colour, a lighter disc and the product's name. */
export function productPhoto(name: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
  <rect width="800" height="800" fill="${colour}"/>
  <circle cx="400" cy="340" r="200" fill="#ffffff" fill-opacity="0.25"/>
  <text x="400" y="660" font-family="sans-serif" font-size="56" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(name)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function uploadPhoto(api: Api, seller: Account, product: SampleProduct): Promise<string> {
  const photo = await productPhoto(product.name, COLOURS[product.category] ?? '#555555');
  const filename = `${product.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.png`;
  const mp = multipartBody([{ name: 'file', filename, contentType: 'image/png', data: photo }]);
  const media = await api<{ id: string }>('POST', `/api/media/${seller.orgId}/upload`, {
    token: seller.token,
    body: mp.body,
    headers: mp.headers,
  });
  return media.id;
}

/** The seller ready to sell: address, a box, payments set up with the test values, minimums. */
async function setUpSeller(api: Api, seller: Account): Promise<void> {
  const { token, orgId } = seller;
  await api('POST', `/api/organization/${orgId}/address`, { token, body: SHIP_FROM });
  await api('POST', '/api/package_template', { token, body: { ...BOX, name: 'Standard box', organization_id: orgId } });
  const base = `/api/stripe/organization/${orgId}`;
  const { account } = await api('POST', `${base}/create-connect-account`, { token });
  const { client_secret } = await api('POST', `${base}/refresh-connect-account`, { token, body: { account } });
  await api('POST', `${base}/onboarding`, {
    token,
    body: { ...ONBOARDING_FORM, legal_name: 'Juniper & Oak Goods LLC', client_secret },
  });
  await api('PUT', `/api/organization/${orgId}`, {
    token,
    body: { order_terms: { new_customer_min_cents: 10_000, returning_customer_min_cents: 5_000 } },
  });
}

/** Creates the products; answers each one's id (its first variant's for products with options). */
async function createProducts(api: Api, seller: Account): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  let sku = 1000;
  for (const p of sampleProducts()) {
    const mediaId = await uploadPhoto(api, seller, p);
    const created = await api<{ id: string; variants: { id: string }[] }>('PUT', '/api/product', {
      token: seller.token,
      body: {
        organization: { id: seller.orgId },
        name: p.name,
        description: p.description,
        state: 'Live',
        order_unit: p.unit,
        quantity_per_unit: p.perUnit,
        unit_price_in_cents: p.price,
        msrp_in_cents: p.msrp,
        stock_keeping_unit: `JO-${(sku += 1)}`,
        tags: [p.category],
        media: [{ media: { id: mediaId }, display_order: 0 }],
        product_physical_measurements: { weight: p.weightLb, weight_unit: 'lb' },
        ...(p.minimum ? { minimum_order_quantity: p.minimum } : {}),
        ...(p.options ? { options: p.options } : {}),
      },
    });
    if (p.stock !== undefined) {
      await api('POST', '/api/inventory/transaction', {
        token: seller.token,
        body: { product: { id: created.id }, inventory_transaction_type: 'set', count: p.stock },
      });
    }
    ids.set(p.name, created.variants[0]?.id ?? created.id);
  }
  return ids;
}

/** The buyer's cart with these lines (product or variant id → quantity), shipping to SHIP_TO at the first rate. */
async function fillCart(api: Api, seller: Account, buyer: Account, lines: Record<string, number>, addressId: string) {
  const cart = await api(
    'GET',
    `/api/cart/selling_organization/${seller.orgId}/purchasing_organization/${buyer.orgId}`,
    {
      token: buyer.token,
    },
  );
  for (const [productId, quantity] of Object.entries(lines)) {
    await api('PUT', `/api/cart/${cart.id}/line_item`, {
      token: buyer.token,
      body: { product_id: productId, quantity },
    });
  }
  const orderId: string = cart.order.id;
  await api('POST', `/api/order/${orderId}/shipping_address?address_id=${addressId}`, { token: buyer.token });
  const rates = await api<{ object_id: string }[]>('GET', `/api/shipping/order/${orderId}/estimates`, {
    token: buyer.token,
  });
  await api('POST', `/api/shipping/order/${orderId}/rate`, {
    token: buyer.token,
    body: { rate_id: rates[0]!.object_id },
  });
  return { cartId: cart.id as string, orderId };
}

async function payByCard(api: Api, seller: Account, buyer: Account, cartId: string): Promise<void> {
  const cart = await api(
    'GET',
    `/api/cart/selling_organization/${seller.orgId}/purchasing_organization/${buyer.orgId}`,
    {
      token: buyer.token,
    },
  );
  if (cart.id !== cartId) throw new Error('The cart changed while paying.');
  const session = await api('POST', `/api/stripe/organization/${seller.orgId}/create-checkout-session`, {
    token: buyer.token,
    body: { cart },
  });
  await api('POST', '/api/payments/checkout/pay', {
    token: buyer.token,
    body: { client_secret: session.clientSecret, card: { ...CARD, number: TEST_CARDS.succeeds } },
  });
}

export interface SampleSeeded {
  seller: Account;
  buyer: Account;
  products: number;
  orders: { shipped: string; awaitingShipment: string; onTerms: string };
}

/** Seeds the sample store through `app` (built with the built-in sign-in and payments). */
export async function seedSampleStore(app: FastifyInstance): Promise<SampleSeeded> {
  const api = apiOf(app);
  const seller = await signUp(app, api, SAMPLE_SELLER.email, 'Merchant', SAMPLE_SELLER.organization, SAMPLE_SELLER.person);
  await setUpSeller(api, seller);
  const ids = await createProducts(api, seller);
  const id = (name: string) => ids.get(name)!;

  const buyer = await signUp(app, api, SAMPLE_BUYER.email, 'Buyer', SAMPLE_BUYER.organization, SAMPLE_BUYER.person);
  const [invite] = await api('POST', '/api/invite/purchaser', {
    token: seller.token,
    body: { to_organization_id: seller.orgId, to_emails: [buyer.email] },
  });
  await api('POST', `/api/invite/purchaser/accept/${invite.id}`, { token: buyer.token, body: {} });
  await api('PUT', `/api/order/organization/${seller.orgId}/purchasers/${buyer.orgId}/payment_terms`, {
    token: seller.token,
    body: { net_days: 30 },
  });
  const saved = await api('POST', '/api/address/organization', {
    token: buyer.token,
    body: { organization: { id: buyer.orgId }, address: { ...SHIP_TO, first_name: 'Rosa', last_name: 'Park' } },
  });
  const addressId: string = saved.address.id;

  // 1. Paid by card, then shipped in full with a tracking number.
  const first = await fillCart(
    api,
    seller,
    buyer,
    { [id('Stoneware Mug')]: 8, [id('Hand-poured Candle')]: 12 },
    addressId,
  );
  await payByCard(api, seller, buyer, first.cartId);
  await api('POST', `/api/organization/${seller.orgId}/orders/${first.orderId}/shipments`, {
    token: seller.token,
    body: { carrier: 'UPS', tracking_number: '1Z999AA10123456784' },
    headers: { 'idempotency-key': `sample-shipment-${first.orderId}` },
  });

  // 2. Paid by card, waiting for the seller to ship.
  const second = await fillCart(api, seller, buyer, { [id('Everyday Tee')]: 12, [id('Tote Bag')]: 6 }, addressId);
  await payByCard(api, seller, buyer, second.cartId);

  // 3. Placed on Net 30: an open invoice.
  const third = await fillCart(api, seller, buyer, { [id('Wool Throw')]: 2, [id('Oat Milk Soap')]: 4 }, addressId);
  await api('POST', `/api/order/${third.orderId}/submit-on-terms`, { token: buyer.token });

  // 4. A cart in progress.
  const cart = await api(
    'GET',
    `/api/cart/selling_organization/${seller.orgId}/purchasing_organization/${buyer.orgId}`,
    {
      token: buyer.token,
    },
  );
  for (const [name, quantity] of [
    ['Dot Grid Notebook', 10],
    ['Linen Tea Towel', 6],
  ] as const) {
    await api('PUT', `/api/cart/${cart.id}/line_item`, {
      token: buyer.token,
      body: { product_id: id(name), quantity },
    });
  }

  return {
    seller,
    buyer,
    products: ids.size,
    orders: { shipped: first.orderId, awaitingShipment: second.orderId, onTerms: third.orderId },
  };
}

function signInLines(config: Config): string {
  return [
    `  Open ${config.publicUrl} and sign in with:`,
    `    Seller  ${SAMPLE_SELLER.organization.padEnd(20)} ${SAMPLE_SELLER.email}  password: ${SAMPLE_PASSWORD}`,
    `    Retailer ${SAMPLE_BUYER.organization.padEnd(19)} ${SAMPLE_BUYER.email}   password: ${SAMPLE_PASSWORD}`,
    '  (one in a private window to be both at once)',
  ].join('\n');
}

const WHAT_TO_TRY = `
  What to try:
    As the seller: Orders — ship the order waiting for it; Invoices — mark the Net 30 invoice paid;
      Products — edit a price, a photo, the Everyday Tee's sizes and colours.
    As the retailer: the cart in progress — add a few things and check out with the test card
      4242 4242 4242 4242 (any future expiry, any CVC); Orders — follow the shipped one's tracking.`;

/** Where the command writes: the terminal, or a test's lines. */
export interface Output {
  log(line: string): void;
  error(line: string): void;
}

/** The checks before anything is written: production, arguments. Answers an exit code to stop with, or null. */
export function refusalBeforeOpening(args: readonly string[], env: NodeJS.ProcessEnv, out: Output): number | null {
  const unknown = args.filter((a) => !['--yes-i-know', '--force'].includes(a));
  if (unknown.length > 0) {
    out.error(
      `Unknown option ${unknown.join(', ')}. Options: --force (the database has other organizations), --yes-i-know (NODE_ENV=production).`,
    );
    return 2;
  }
  if (env.NODE_ENV === 'production' && !args.includes('--yes-i-know')) {
    out.error(
      'Not seeding: NODE_ENV=production. The sample store adds made-up accounts with a published password;\n' +
        'run it against a production database only on purpose, with: npm run seed:sample -- --yes-i-know',
    );
    return 1;
  }
  return null;
}

/**
 * The command on an open database: finds an earlier sample (nothing to do), refuses a database
 * with other organizations unless --force, else seeds through the app built on `database`.
 */
export async function seedSampleCommand(
  config: Config,
  database: Database,
  args: readonly string[],
  out: Output,
): Promise<number> {
  const where = config.databaseUrl ? 'the database at DATABASE_URL' : `the embedded database in ${config.dataDir}`;
  const seeded = await database.db.execute(
    sql`select 1 from users where lower(email) = ${SAMPLE_SELLER.email} limit 1`,
  );
  if (seeded.rows.length > 0) {
    out.log(`The sample store is already in ${where}: nothing changed.\n${signInLines(config)}`);
    return 0;
  }
  const orgs = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from organizations`);
  const count = orgs.rows[0]!.n;
  if (count > 0 && !args.includes('--force')) {
    out.error(
      `Not seeding: ${where} already has ${count} organization${count === 1 ? '' : 's'} — the sample is meant for an empty one.\n` +
        'Use an empty DATA_DIR or database, or add it anyway with: npm run seed:sample -- --force',
    );
    return 1;
  }
  out.log(`Seeding the sample store into ${where}…`);
  const app = await buildApp({ config, database });
  try {
    await app.ready();
    const result = await seedSampleStore(app);
    out.log(
      `Sample store ready: ${SAMPLE_SELLER.organization} with ${result.products} products, ${SAMPLE_BUYER.organization} with 3 orders (shipped, awaiting shipment, Net 30 invoice) and a cart in progress.\n` +
        `  Start Cratebase with npm start${config.databaseUrl ? ' (same DATABASE_URL)' : ''}.\n${signInLines(config)}${WHAT_TO_TRY}`,
    );
  } finally {
    await app.close();
  }
  return 0;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const out: Output = { log: (line) => console.log(line), error: (line) => console.error(line) };
  const refused = refusalBeforeOpening(args, process.env, out);
  if (refused !== null) return refused;
  // The server's own settings (as `npm start` reads them), quietly: the seed prints its own lines.
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.SAMPLE_LOG_LEVEL ?? 'warn' });
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      embeddedDir: path.join(config.dataDir, 'pg'),
      poolSize: 3,
    });
  } catch (err) {
    if (err instanceof DatabaseInUseError)
      out.error(`Not seeding: ${err.message}\nStop Cratebase (npm start) first, seed, then start it again.`);
    else if (err instanceof EmbeddedPostgresError) out.error(`Not seeding: ${err.message}`);
    else
      out.error(
        `Not seeding: cannot open ${config.databaseUrl ? 'the database at DATABASE_URL' : config.dataDir}: ${(err as Error).message}`,
      );
    return 1;
  }
  try {
    return await seedSampleCommand(config, database, args, out);
  } finally {
    endNode20Notice();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error('The sample store could not be seeded:', err);
      process.exit(1);
    },
  );
}
