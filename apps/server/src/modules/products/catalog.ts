/**
 * The catalogue in bulk, as the products module offers it to the catalogue import and export:
 * find products by SKU or name, write batches of rows, read the catalogue page by page. Batches
 * are JSON arrays read with json_to_recordset, so a batch is one statement.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** What the import needs to know of a product it matched. */
export type ExistingProduct = { id: string; state_id: number | null; inventory_count: number; track_inventory: boolean };

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
      select p.id, p.sku, p.state_id, p.inventory_count, p.track_inventory
        from json_array_elements_text(${JSON.stringify(skus)}::json) as v(sku)
        cross join lateral (
          select id, stock_keeping_unit as sku, state_id, inventory_count, track_inventory from products
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
      select p.id, p.lname, p.state_id, p.inventory_count, p.track_inventory
        from (select distinct value as lname from json_array_elements_text(${JSON.stringify(names)}::json)) as v
        cross join lateral (
          select id, lower(name) as lname, state_id, inventory_count, track_inventory from products
           where organization_id = ${organizationId} and deleted_at is null and stock_keeping_unit is null
             and lower(name) = v.lname
        ) p
      ${forUpdate}`);
}

/**
 * Inserts the rows (with the ids given; created_at just before now() in `ord` order, so the
 * newest-first list shows them in file order), or updates the product with the same SKU when
 * something changed. One row per product written, saying whether it was inserted.
 */
export async function upsertProductsBySku(
  tx: DbOrTx,
  organizationId: string,
  batch: object[],
): Promise<{ rows: { inserted: boolean }[] }> {
  return tx.execute<{ inserted: boolean }>(sql`
    insert into products as p (id, organization_id, name, description, stock_keeping_unit, universal_product_code,
      order_unit_id, quantity_per_unit, unit_price_in_cents, msrp_in_cents, weight, weight_unit_id, state_id,
      inventory_count, track_inventory, created_at, updated_at)
    select v.id, ${organizationId}::uuid, v.name, v.description, v.sku, v.upc, v.order_unit_id, v.quantity_per_unit,
           v.unit_price_in_cents, v.msrp_in_cents, v.weight, v.weight_unit_id, v.state_id, v.inventory_count,
           v.track_inventory, now() - v.ord * interval '1 microsecond', now()
      from json_to_recordset(${JSON.stringify(batch)}::json) as v(id uuid, ord int, name text, description text,
           sku text, upc text, order_unit_id int, quantity_per_unit int, unit_price_in_cents int, msrp_in_cents int,
           weight numeric, weight_unit_id int, state_id int, inventory_count int, track_inventory boolean)
    on conflict (organization_id, stock_keeping_unit) where deleted_at is null and stock_keeping_unit is not null
    do update set
      name = excluded.name, description = excluded.description, universal_product_code = excluded.universal_product_code,
      order_unit_id = excluded.order_unit_id, quantity_per_unit = excluded.quantity_per_unit,
      unit_price_in_cents = excluded.unit_price_in_cents, msrp_in_cents = excluded.msrp_in_cents,
      weight = excluded.weight, weight_unit_id = excluded.weight_unit_id, state_id = excluded.state_id,
      inventory_count = excluded.inventory_count, track_inventory = excluded.track_inventory, updated_at = now()
    where (p.name, p.description, p.universal_product_code, p.order_unit_id, p.quantity_per_unit,
           p.unit_price_in_cents, p.msrp_in_cents, p.weight, p.weight_unit_id, p.state_id, p.inventory_count,
           p.track_inventory)
      is distinct from
          (excluded.name, excluded.description, excluded.universal_product_code, excluded.order_unit_id,
           excluded.quantity_per_unit, excluded.unit_price_in_cents, excluded.msrp_in_cents, excluded.weight,
           excluded.weight_unit_id, excluded.state_id, excluded.inventory_count, excluded.track_inventory)
    returning (xmax = 0) as inserted`);
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
      updated_at = now()
      from json_to_recordset(${JSON.stringify(batch)}::json) as v(id uuid, name text, description text, upc text,
           order_unit_id int, quantity_per_unit int, unit_price_in_cents int, msrp_in_cents int, weight numeric,
           weight_unit_id int, state_id int, inventory_count int, track_inventory boolean)
     where p.id = v.id and p.organization_id = ${organizationId}
       and (p.name, p.description, p.universal_product_code, p.order_unit_id, p.quantity_per_unit,
            p.unit_price_in_cents, p.msrp_in_cents, p.weight, p.weight_unit_id, p.state_id, p.inventory_count,
            p.track_inventory)
           is distinct from
           (v.name, v.description, v.upc, v.order_unit_id, v.quantity_per_unit, v.unit_price_in_cents,
            v.msrp_in_cents, v.weight, v.weight_unit_id, v.state_id, v.inventory_count, v.track_inventory)
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
};

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
           track_inventory
      from products
     where organization_id = ${organizationId} and deleted_at is null
       ${cursor ? sql`and (created_at, id) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)` : sql``}
     order by created_at desc nulls last, id desc nulls last
     limit ${limit}`);
}
