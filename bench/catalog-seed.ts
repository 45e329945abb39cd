/**
 * Generates a large catalogue (default 100,000 products) in one organization, fast: one
 * INSERT ... SELECT FROM generate_series straight into the database, half of the products
 * Live, every product with one photo (1600 px square, resized copies of 200, 600 and 1200 px
 * as an upload makes them). PostgreSQL: through `pg` while the server runs.
 * the embedded PostgreSQL (one Cratebase process per directory): call it with the server stopped.
 *
 *   tsx bench/catalog-seed.ts <organization id> [count]     (DATABASE_URL or DATA_DIR)
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';

export interface SeedTarget {
  /** postgres:// URL of the database the server uses. */
  databaseUrl?: string;
  /** The server's DATA_DIR (the embedded PostgreSQL in DATA_DIR/pg); the server must be stopped. */
  dataDir?: string;
}

export async function seedCatalog(
  target: SeedTarget,
  organizationId: string,
  count = 100_000,
): Promise<{ seconds: number }> {
  const started = performance.now();
  let database: Database;
  if (target.databaseUrl)
    database = await openDatabase({ databaseUrl: target.databaseUrl, poolSize: 1, migrate: false, statementTimeoutMs: 0 });
  else if (target.dataDir)
    database = await openDatabase({ embeddedDir: path.join(target.dataDir, 'pg'), poolSize: 1, migrate: false, statementTimeoutMs: 0 });
  else throw new Error('seedCatalog needs databaseUrl or dataDir');
  try {
    const db = database.db;
    await db.transaction(async (tx) => {
      const mediaId = (
        await tx.execute<{ id: string }>(sql`
          insert into media (organization_id, storage_key, content_type, byte_size, width, height, variants)
          values (${organizationId}, ${`${organizationId}/bench/original.png`}, 'image/png', 1000, 1600, 1600,
                  ${JSON.stringify({
                    '200': `${organizationId}/bench/w200.webp`,
                    '600': `${organizationId}/bench/w600.webp`,
                    '1200': `${organizationId}/bench/w1200.webp`,
                  })}::jsonb)
          returning id`)
      ).rows[0]!.id;
      // One statement: the lookups read once (not per row), the photos linked from the insert's own rows.
      await tx.execute(sql`
        with lookups as (
          select (select array_agg(id order by id) from order_units) as units,
                 (select id from product_states where state = 'Live') as live,
                 (select id from product_states where state = 'Draft') as draft,
                 (select id from weight_units where unit = 'lb') as lb
        ),
        inserted as (
          insert into products (organization_id, name, description, stock_keeping_unit, order_unit_id, quantity_per_unit,
                                state_id, unit_price_in_cents, msrp_in_cents, inventory_count, weight, weight_unit_id,
                                tags, created_at, updated_at)
          select ${organizationId}::uuid,
                 'Bench product ' || g,
                 'A product generated for the benchmark, number ' || g || '.',
                 'BENCH-' || lpad(g::text, 7, '0'),
                 k.units[1 + g % 5],
                 6,
                 case when g % 2 = 0 then k.live else k.draft end,
                 100 + g % 5000,
                 200 + g % 9000,
                 g % 500,
                 (g % 100) / 10.0,
                 k.lb,
                 '{}'::text[],
                 now() - g * interval '1 second',
                 now()
            from lookups k cross join generate_series(1, ${count}::int) as g
          returning id
        )
        insert into product_media (product_id, media_id, display_order)
        select id, ${mediaId}::uuid, 0 from inserted`);
    });
    await db.execute(sql`analyze products`);
    await db.execute(sql`analyze product_media`);
    const seconds = (performance.now() - started) / 1000;
    // The embedded server is about to restart on these rows: vacuumed now (not timed) rather than
    // by autovacuum during the first measurement, as bench/product.ts does on a PostgreSQL server.
    if (!target.databaseUrl) await db.execute(sql`vacuum (analyze) products, product_media`);
    return { seconds };
  } finally {
    await database.close();
  }
}

const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** A catalogue CSV of `rows` products (for the import benchmark). */
export function catalogCsv(rows: number, skuPrefix = 'IMP'): string {
  const lines = [
    'name,description,sku,upc,order_unit,quantity_per_unit,wholesale_price,retail_price,weight,weight_unit,status,inventory',
  ];
  for (let i = 1; i <= rows; i++) {
    const n = String(i).padStart(6, '0');
    lines.push(
      `Imported product ${n},"Imported by the benchmark, row ${i}.",${skuPrefix}-${n},${String(100000000000 + i)},Case,12,${dollars(100 + (i % 9000))},${dollars(200 + ((i * 7) % 18000))},${(i % 50) / 10},lb,${i % 3 === 0 ? 'Draft' : 'Live'},${i % 700}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A catalogue CSV of products with variants (issue 24): `products` tees of `variants` rows each
 * (Size × Colour, 5 sizes), one row per variant grouped by handle, the product's cells on its
 * first row (README "Variants in the CSV").
 */
export function variantCatalogCsv(products: number, variants = 20, skuPrefix = 'VAR'): string {
  const lines = [
    'name,description,sku,upc,order_unit,quantity_per_unit,wholesale_price,retail_price,weight,weight_unit,status,inventory,handle,option1_name,option1_value,option2_name,option2_value',
  ];
  for (let p = 0; p < products; p++) {
    for (let v = 0; v < variants; v++) {
      const first = v === 0;
      lines.push(
        [
          first ? `Bench tee ${p}` : '',
          first ? 'Imported by the benchmark.' : '',
          `${skuPrefix}-${p}-${v}`,
          '',
          first ? 'Each' : '',
          first ? '1' : '',
          dollars(500 + (v % 5) * 100),
          dollars(1_400),
          '0.5',
          first ? 'lb' : '',
          first ? 'Live' : '',
          String(v),
          `bench-tee-${p}`,
          first ? 'Size' : '',
          `S${v % 5}`,
          first ? 'Colour' : '',
          `C${Math.floor(v / 5)}`,
        ].join(','),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [orgId, count] = process.argv.slice(2);
  if (!orgId) {
    console.error('usage: tsx bench/catalog-seed.ts <organization id> [count]   (DATABASE_URL or DATA_DIR)');
    process.exit(2);
  }
  const result = await seedCatalog(
    { databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? './data' },
    orgId,
    Number(count ?? 100_000),
  );
  console.log(`seeded ${count ?? 100_000} products in ${result.seconds.toFixed(1)} s`);
}
