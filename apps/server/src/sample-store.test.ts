/**
 * `npm run seed:sample` (scripts/seed-sample.ts) on a fresh database: what a newcomer finds after
 * signing in — the seller's 30 Live products with photos and variants, the retailer's orders in
 * their states and its cart — and the refusals: a second run changes nothing, a database with
 * other organizations needs --force, NODE_ENV=production needs --yes-i-know.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig, type Config } from './config.js';
import { openTestDatabase, type TestDatabase } from '../test/support/database.js';
import { signInAndGetTokens } from '../test/support/test-login.js';
import { buildApp } from './app.js';
import {
  SAMPLE_BUYER,
  SAMPLE_PASSWORD,
  SAMPLE_SELLER,
  refusalBeforeOpening,
  seedSampleCommand,
  type Output,
} from '../../../scripts/seed-sample.js';

let testDb: TestDatabase;
let config: Config;
let dataDir: string;

beforeAll(async () => {
  testDb = await openTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cb-sample-'));
  config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3999',
    DATABASE_URL: testDb.url,
    DATA_DIR: dataDir,
  });
});
afterAll(async () => {
  await testDb?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function capture(): Output & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, log: (l) => lines.push(l), error: (l) => errors.push(l) };
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await testDb.database.db.execute(query)).rows as T[];
}

describe('npm run seed:sample', () => {
  it('refuses NODE_ENV=production without --yes-i-know, before touching anything', () => {
    const out = capture();
    expect(refusalBeforeOpening([], { NODE_ENV: 'production' }, out)).toBe(1);
    expect(out.errors.join('\n')).toMatch(/NODE_ENV=production.*--yes-i-know/s);
    expect(refusalBeforeOpening(['--yes-i-know'], { NODE_ENV: 'production' }, capture())).toBeNull();
    expect(refusalBeforeOpening([], {}, capture())).toBeNull();
  });

  it('seeds a store to sign in to, then refuses to seed it twice', async () => {
    const out = capture();
    expect(await seedSampleCommand(config, testDb.database, [], out)).toBe(0);
    const printed = out.lines.join('\n');
    expect(printed).toContain('http://localhost:3999');
    expect(printed).toContain(`${SAMPLE_SELLER.email}  password: ${SAMPLE_PASSWORD}`);
    expect(printed).toContain(SAMPLE_BUYER.email);

    // The seller's catalogue: 30 Live products (variants aside), each with a photo; some in sizes × colours.
    const [catalogue] = await rows<{ live: number; photographed: number; with_variants: number; tracked: number }>(sql`
      select count(*)::int as live,
             count(*) filter (where exists (select 1 from product_media m where m.product_id = p.id))::int as photographed,
             count(*) filter (where exists (select 1 from products v where v.parent_id = p.id))::int as with_variants,
             count(*) filter (where p.track_inventory)::int as tracked
        from products p join organizations o on o.id = p.organization_id
        join product_states s on s.id = p.state_id
       where o.name = ${SAMPLE_SELLER.organization} and s.state = 'Live' and p.parent_id is null`);
    expect(catalogue!.live).toBeGreaterThanOrEqual(30);
    expect(catalogue!.photographed).toBe(catalogue!.live);
    expect(catalogue!.with_variants).toBeGreaterThanOrEqual(3);
    expect(catalogue!.tracked).toBeGreaterThanOrEqual(5);

    // The retailer's orders as it sees them: shipped by card, awaiting shipment, Net 30 with an
    // open invoice, and a cart in progress — read through the API after signing in with the printed password.
    const app = await buildApp({ config, database: testDb.database });
    try {
      await app.ready();
      const { access_token: token } = await signInAndGetTokens(app, {
        email: SAMPLE_BUYER.email,
        password: SAMPLE_PASSWORD,
      });
      const me = (await app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${token}` } })).json();
      const buyerOrg = (me.organizations as { id: string; name: string }[]).find(
        (o) => o.name === SAMPLE_BUYER.organization,
      )?.id;
      expect(buyerOrg, JSON.stringify(me)).toBeTruthy();
      const list = await app.inject({
        url: `/api/order/organization/${buyerOrg}/purchasing`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(list.statusCode, list.body).toBe(200);
      const orders = list.json() as { state: string; is_net_30?: boolean; invoice: { stripe_status: string } | null }[];
      expect(orders.map((o) => o.state).sort()).toEqual(['placed', 'placed', 'shipped']);
      expect(orders.filter((o) => o.invoice?.stripe_status === 'OPEN')).toHaveLength(1);
    } finally {
      await app.close();
    }
    const [tracked] = await rows<{ n: number }>(
      sql`select count(*)::int as n from shipments where tracking_number <> ''`,
    );
    expect(tracked!.n).toBe(1);
    const [cart] = await rows<{ lines: number }>(sql`
      select count(li.*)::int as lines from orders o join line_items li on li.cart_id = o.cart_id where o.status = 'draft'`);
    expect(cart!.lines).toBe(2);

    // Again: found, nothing written.
    const again = capture();
    expect(await seedSampleCommand(config, testDb.database, ['--force'], again)).toBe(0);
    expect(again.lines.join('\n')).toMatch(/already in .*nothing changed/);
    const [orgs] = await rows<{ n: number }>(sql`select count(*)::int as n from organizations`);
    expect(orgs!.n).toBe(2);
  });

  it('refuses a database that has other organizations unless --force', async () => {
    const other = await openTestDatabase();
    try {
      await other.database.db.execute(
        sql`insert into organizations (name, selected_type) values ('Someone Else', 'Merchant')`,
      );
      const out = capture();
      expect(await seedSampleCommand(config, other.database, [], out)).toBe(1);
      expect(out.errors.join('\n')).toMatch(/already has 1 organization .*--force/s);
      const left = await other.database.db.execute<{ n: number }>(sql`select count(*)::int as n from organizations`);
      expect(left.rows[0]!.n).toBe(1);
    } finally {
      await other.drop();
    }
  });
});
