/**
 * The catalogue in bulk, as the products module offers it to the catalogue import and export:
 * find products by SKU or name, write batches of rows, read the catalogue page by page. Batches
 * are JSON arrays read with json_to_recordset, so a batch is one statement.
 */
import { sql } from 'drizzle-orm';
import type { PriceBreak } from '@cratebase/contract';
import type { DbOrTx } from '../../db/client.js';
import { priceBreaksJsonSql } from './sql.js';

/** What the import needs to know of a product it matched. */
export type ExistingProduct = {
  id: string;
  state_id: number | null;
  inventory_count: number;
  track_inventory: boolean;
  minimum_order_quantity: number;
  order_increment: number;
  /** By min_quantity. */
  price_breaks: PriceBreak[];
};

/**
 * The organization's catalogue products with these SKUs (not removed), locked `for update` when
 * `lock`. Driven from the keys: one index lookup per SKU (products_org_sku_key) whatever the
 * table statistics say.
 */
export async function productsBySku(
  db: DbOrTx,
  organizationId: string,
  skus: string[],
  lock: boolean,
): Promise<{ rows: (ExistingProduct & { sku: string })[] }> {
  if (skus.length === 0) return { rows: [] };
  const forUpdate = lock ? sql`for update of p` : sql``;
  return db.execute<ExistingProduct & { sku: string }>(sql`
      select p.id, p.sku, p.state_id, p.inventory_count, p.track_inventory, p.minimum_order_quantity,
             p.order_increment, ${priceBreaksJsonSql('p')} as price_breaks
        from json_array_elements_text(${JSON.stringify(skus)}::json) as v(sku)
        cross join lateral (
          select id, stock_keeping_unit as sku, state_id, inventory_count, track_inventory, minimum_order_quantity,
                 order_increment from products
           where organization_id = ${organizationId} and deleted_at is null and stock_keeping_unit = v.sku
        ) p
      ${forUpdate}`);
}

/**
 * The organization's catalogue products without a SKU whose lower-cased name is one of
 * `names` (lower-cased), locked `for update` when `lock`; one index lookup per name
 * (products_org_name_no_sku_idx).
 */
export async function productsWithoutSkuByName(
  db: DbOrTx,
  organizationId: string,
  names: string[],
  lock: boolean,
): Promise<{ rows: (ExistingProduct & { lname: string })[] }> {
  if (names.length === 0) return { rows: [] };
  const forUpdate = lock ? sql`for update of p` : sql``;
  return db.execute<ExistingProduct & { lname: string }>(sql`
      select p.id, p.lname, p.state_id, p.inventory_count, p.track_inventory, p.minimum_order_quantity,
             p.order_increment, ${priceBreaksJsonSql('p')} as price_breaks
        from (select distinct value as lname from json_array_elements_text(${JSON.stringify(names)}::json)) as v
        cross join lateral (
          select id, lower(name) as lname, state_id, inventory_count, track_inventory, minimum_order_quantity,
                 order_increment from products
           where organization_id = ${organizationId} and deleted_at is null and stock_keeping_unit is null
             and lower(name) = v.lname
        ) p
      ${forUpdate}`);
}

/**
 * Inserts the rows (with the ids given; created_at just before now() in `ord` order, so the
 * newest-first list shows them in file order), or updates the product with the same SKU when
 * something changed. One row per product written, saying whether it was inserted. A null
 * `order_increment` keeps the product's (1 for a new one).
 */
export async function upsertProductsBySku(
  tx: DbOrTx,
  organizationId: string,
  batch: object[],
): Promise<{ rows: { id: string; inserted: boolean }[] }> {
  return tx.execute<{ id: string; inserted: boolean }>(sql`
    insert into products as p (id, organization_id, name, description, stock_keeping_unit, universal_product_code,
      order_unit_id, quantity_per_unit, unit_price_in_cents, msrp_in_cents, weight, weight_unit_id, state_id,
      inventory_count, track_inventory, order_increment, created_at, updated_at)
    select v.id, ${organizationId}::uuid, v.name, v.description, v.sku, v.upc, v.order_unit_id, v.quantity_per_unit,
           v.unit_price_in_cents, v.msrp_in_cents, v.weight, v.weight_unit_id, v.state_id, v.inventory_count,
           v.track_inventory, coalesce(v.order_increment, 1), now() - v.ord * interval '1 microsecond', now()
      from json_to_recordset(${JSON.stringify(batch)}::json) as v(id uuid, ord int, name text, description text,
           sku text, upc text, order_unit_id int, quantity_per_unit int, unit_price_in_cents int, msrp_in_cents int,
           weight numeric, weight_unit_id int, state_id int, inventory_count int, track_inventory boolean,
           order_increment int)
    on conflict (organization_id, stock_keeping_unit) where deleted_at is null and stock_keeping_unit is not null
    do update set
      name = excluded.name, description = excluded.description, universal_product_code = excluded.universal_product_code,
      order_unit_id = excluded.order_unit_id, quantity_per_unit = excluded.quantity_per_unit,
      unit_price_in_cents = excluded.unit_price_in_cents, msrp_in_cents = excluded.msrp_in_cents,
      weight = excluded.weight, weight_unit_id = excluded.weight_unit_id, state_id = excluded.state_id,
      inventory_count = excluded.inventory_count, track_inventory = excluded.track_inventory,
      order_increment = excluded.order_increment, updated_at = now()
    where (p.name, p.description, p.universal_product_code, p.order_unit_id, p.quantity_per_unit,
           p.unit_price_in_cents, p.msrp_in_cents, p.weight, p.weight_unit_id, p.state_id, p.inventory_count,
           p.track_inventory, p.order_increment)
      is distinct from
          (excluded.name, excluded.description, excluded.universal_product_code, excluded.order_unit_id,
           excluded.quantity_per_unit, excluded.unit_price_in_cents, excluded.msrp_in_cents, excluded.weight,
           excluded.weight_unit_id, excluded.state_id, excluded.inventory_count, excluded.track_inventory,
           excluded.order_increment)
    returning p.id, (xmax = 0) as inserted`);
}

/** Updates the organization's products named by `id` where something changed; the ids written. */
export async function updateProductsById(
  tx: DbOrTx,
  organizationId: string,
  batch: object[],
): Promise<{ rows: { id: string }[] }> {
  return tx.execute<{ id: string }>(sql`
    update products as p set
      name = v.name, description = v.description, universal_product_code = v.upc, order_unit_id = v.order_unit_id,
      quantity_per_unit = v.quantity_per_unit, unit_price_in_cents = v.unit_price_in_cents,
      msrp_in_cents = v.msrp_in_cents, weight = v.weight, weight_unit_id = v.weight_unit_id,
      state_id = v.state_id, inventory_count = v.inventory_count, track_inventory = v.track_inventory,
      order_increment = coalesce(v.order_increment, p.order_increment), updated_at = now()
      from json_to_recordset(${JSON.stringify(batch)}::json) as v(id uuid, name text, description text, upc text,
           order_unit_id int, quantity_per_unit int, unit_price_in_cents int, msrp_in_cents int, weight numeric,
           weight_unit_id int, state_id int, inventory_count int, track_inventory boolean, order_increment int)
     where p.id = v.id and p.organization_id = ${organizationId}
       and (p.name, p.description, p.universal_product_code, p.order_unit_id, p.quantity_per_unit,
            p.unit_price_in_cents, p.msrp_in_cents, p.weight, p.weight_unit_id, p.state_id, p.inventory_count,
            p.track_inventory, p.order_increment)
           is distinct from
           (v.name, v.description, v.upc, v.order_unit_id, v.quantity_per_unit, v.unit_price_in_cents,
            v.msrp_in_cents, v.weight, v.weight_unit_id, v.state_id, v.inventory_count, v.track_inventory,
            coalesce(v.order_increment, p.order_increment))
    returning p.id`);
}

export type CatalogExportRow = {
  id: string;
  cursor_ts: string;
  name: string;
  description: string | null;
  stock_keeping_unit: string | null;
  universal_product_code: string | null;
  order_unit_id: number | null;
  quantity_per_unit: number | null;
  unit_price_in_cents: number | null;
  msrp_in_cents: number | null;
  weight: string | null;
  weight_unit_id: number | null;
  state_id: number | null;
  inventory_count: number;
  track_inventory: boolean;
  order_increment: number;
  price_breaks: PriceBreak[];
};

/**
 * Replaces the price breaks of the organization's products in `items` (each its product's
 * whole list; [] removes them): one delete and one insert. The caller checked them
 * (volume-rules.ts) and holds the seller's catalogue version lock.
 */
export async function replacePriceBreaks(
  tx: DbOrTx,
  organizationId: string,
  items: { product_id: string; breaks: PriceBreak[] }[],
): Promise<void> {
  if (items.length === 0) return;
  const ids = items.map((i) => i.product_id);
  await tx.execute(sql`
    delete from product_price_breaks b
     using products p
     where b.product_id = p.id and p.organization_id = ${organizationId}
       and b.product_id = any(${sql.param(ids)}::uuid[])`);
  const rows = items.flatMap((i) => i.breaks.map((b) => ({ product_id: i.product_id, ...b })));
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into product_price_breaks (product_id, min_quantity, unit_price_in_cents)
    select v.product_id, v.min_quantity, v.unit_price_in_cents
      from json_to_recordset(${JSON.stringify(rows)}::json) as v(product_id uuid, min_quantity int, unit_price_in_cents int)
      join products p on p.id = v.product_id and p.organization_id = ${organizationId}`);
}

/** A page of the organization's catalogue (not removed), newest first, before `cursor`. */
export async function catalogExportPage(
  db: DbOrTx,
  organizationId: string,
  cursor: { ts: string; id: string } | null,
  limit: number,
): Promise<{ rows: CatalogExportRow[] }> {
  return db.execute<CatalogExportRow>(sql`
    select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_ts,
           name, description, stock_keeping_unit, universal_product_code, order_unit_id, quantity_per_unit,
           unit_price_in_cents, msrp_in_cents, weight::text as weight, weight_unit_id, state_id, inventory_count,
           track_inventory, order_increment, ${priceBreaksJsonSql('p')} as price_breaks
      from products p
     where organization_id = ${organizationId} and deleted_at is null
       ${cursor ? sql`and (created_at, id) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)` : sql``}
     order by created_at desc nulls last, id desc nulls last
     limit ${limit}`);
}
