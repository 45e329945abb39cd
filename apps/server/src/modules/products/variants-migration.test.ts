/**
 * Migration 0028 (issue 24: variants) on a catalogue made before it: every product becomes a
 * product without options — its own one variant, with the same id, price, SKU and stock — its
 * cart lines and orders untouched, and the new constraints keep the shape (a variant always has
 * its values and a product; a combination once per product).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Product } from '@cratebase/contract';
import { migrationsFolder, openDatabase, type Database } from '../../db/client.js';
import { createScratchPostgres, testServerUrl } from '../../../test/support/database.js';
import { pgErrorCode, productFrom, productJsonSql } from './service.js';

let scratch: { url: string; drop: () => Promise<void> };
let database: Database;

/** The statements of the migrations whose number is in [from, to]. */
function statements(from: number, to: number): string[] {
  const folder = migrationsFolder();
  return fs
    .readdirSync(folder)
    .filter((f) => /^\d{4}_.*\.sql$/.test(f))
    .sort()
    .filter((f) => Number(f.slice(0, 4)) >= from && Number(f.slice(0, 4)) <= to)
    .flatMap((f) => fs.readFileSync(path.join(folder, f), 'utf8').split('--> statement-breakpoint'))
    .filter((s) => s.trim() !== '');
}

beforeAll(async () => {
  scratch = await createScratchPostgres(testServerUrl(), { empty: true });
  // Opened without migrating: the test walks the migrations itself.
  database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2, migrate: false });
});
afterAll(async () => {
  await database?.close();
  await scratch?.drop();
});

describe('migration 0028_product_variants', () => {
  it('turns every product into a product without options, its own one variant', async () => {
    const db = database.db;
    for (const s of statements(0, 27)) await db.execute(sql.raw(s));
    const org = (
      await db.execute<{ id: string }>(sql`
        insert into organizations (name, selected_type) values ('Old Jams', 'Merchant') returning id`)
    ).rows[0]!.id;
    const live = (await db.execute<{ id: number }>(sql`select id from product_states where state = 'Live'`)).rows[0]!.id;
    const jam = (
      await db.execute<{ id: string }>(sql`
        insert into products (organization_id, name, state_id, unit_price_in_cents, stock_keeping_unit, inventory_count,
                              track_inventory, order_increment)
        values (${org}, 'Fig jam', ${live}, 650, 'FIG-1', 40, true, 6) returning id`)
    ).rows[0]!.id;
    await db.execute(sql`insert into product_price_breaks (product_id, min_quantity, unit_price_in_cents) values (${jam}, 24, 600)`);

    // 0028, then the migrations after it: the product is read with today's code.
    for (const s of statements(28, 9999)) await db.execute(sql.raw(s));

    const read = await db.execute<{ doc: string }>(sql`
      select ${productJsonSql('http://localhost')} as doc ${productFrom()} where p.id = ${jam}`);
    const product = Product.parse(JSON.parse(read.rows[0]!.doc));
    expect(product).toMatchObject({
      id: jam,
      name: 'Fig jam',
      options: [],
      parent_product_id: null,
      variant_title: null,
      price_range: { min: 650, max: 650 },
    });
    expect(product.variants).toEqual([
      {
        id: jam,
        title: '',
        option_values: [],
        position: 0,
        stock_keeping_unit: 'FIG-1',
        universal_product_code: null,
        unit_price_in_cents: 650,
        msrp_in_cents: null,
        weight: null,
        inventory_count: 40,
        track_inventory: true,
        available: true,
        order_increment: 6,
        price_breaks: [{ min_quantity: 24, unit_price_in_cents: 600 }],
        own_volume_rules: false,
        media_id: null,
      },
    ]);
    // Still listed: the rebuilt list index covers the products without a parent.
    const listed = await db.execute<{ id: string }>(sql`
      select id from products where organization_id = ${org} and deleted_at is null and parent_id is null`);
    expect(listed.rows.map((r) => r.id)).toEqual([jam]);

    // The shape holds: no variant without values, no values without a product, no combination twice.
    const noValues = await db
      .execute(sql`insert into products (organization_id, name, parent_id) values (${org}, 'x', ${jam})`)
      .catch((e: unknown) => e);
    expect(pgErrorCode(noValues)).toMatchObject({ code: '23514', constraint: 'products_variant_shape' });
    const orphanValues = await db
      .execute(sql`insert into products (organization_id, name, option_values) values (${org}, 'x', array['S'])`)
      .catch((e: unknown) => e);
    expect(pgErrorCode(orphanValues)).toMatchObject({ code: '23514' });
    await db.execute(sql`update products set options = '[{"name":"Size","values":["S"]}]' where id = ${jam}`);
    await db.execute(sql`insert into products (organization_id, name, parent_id, option_values) values (${org}, 'Fig jam — S', ${jam}, array['S'])`);
    const twice = await db
      .execute(sql`insert into products (organization_id, name, parent_id, option_values) values (${org}, 'Fig jam — S', ${jam}, array['S'])`)
      .catch((e: unknown) => e);
    expect(pgErrorCode(twice)).toMatchObject({ code: '23505', constraint: 'products_variant_values_key' });
  });
});
