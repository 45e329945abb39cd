/**
 * The catalogue in bulk, as the products module offers it to the catalogue import and export:
 * find products by SKU or name, write batches of rows, read the catalogue page by page. Batches
 * are JSON arrays read with json_to_recordset, so a batch is one statement.
 */
import { sql } from 'drizzle-orm';
import type { OptionSpec, PriceBreak } from '@cratebase/contract';
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
  /** The product of a variant row (null for a product). */
  parent_id: string | null;
  /** Whether it is a product with options (not sold itself). */
  has_options: boolean;
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
             p.order_increment, ${priceBreaksJsonSql('p')} as price_breaks, p.parent_id, p.has_options
        from json_array_elements_text(${JSON.stringify(skus)}::json) as v(sku)
        cross join lateral (
          select id, stock_keeping_unit as sku, state_id, inventory_count, track_inventory, minimum_order_quantity,
                 order_increment, parent_id, options is not null as has_options from products
           where organization_id = ${organizationId} and deleted_at is null and stock_keeping_unit = v.sku
        ) p
      ${forUpdate}`);
}

/**
 * The organization's catalogue products (not variants) without a SKU whose lower-cased name is
 * one of `names` (lower-cased), locked `for update` when `lock`; one index lookup per name
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
             p.order_increment, ${priceBreaksJsonSql('p')} as price_breaks, p.parent_id, p.has_options
        from (select distinct value as lname from json_array_elements_text(${JSON.stringify(names)}::json)) as v
        cross join lateral (
          select id, lower(name) as lname, state_id, inventory_count, track_inventory, minimum_order_quantity,
                 order_increment, parent_id, options is not null as has_options from products
           where organization_id = ${organizationId} and deleted_at is null and stock_keeping_unit is null
             and lower(name) = v.lname and parent_id is null
        ) p
      ${forUpdate}`);
}

/**
 * Inserts the rows (with the ids given; created_at just before now() in `ord` order, so the
 * newest-first list shows them in file order), or updates the product with the same SKU when
 * something changed. One row per product written, saying whether it was inserted. A null
 * `order_increment` keeps the product's (1 for a new one). `options` (a new product with
 * options, without SKU) is written on insert only.
 */
export async function upsertProductsBySku(
  tx: DbOrTx,
  organizationId: string,
  batch: object[],
): Promise<{ rows: { id: string; inserted: boolean }[] }> {
  return tx.execute<{ id: string; inserted: boolean }>(sql`
    insert into products as p (id, organization_id, name, description, stock_keeping_unit, universal_product_code,
      order_unit_id, quantity_per_unit, unit_price_in_cents, msrp_in_cents, weight, weight_unit_id, state_id,
      inventory_count, track_inventory, order_increment, options, created_at, updated_at)
    select v.id, ${organizationId}::uuid, v.name, v.description, v.sku, v.upc, v.order_unit_id, v.quantity_per_unit,
           v.unit_price_in_cents, v.msrp_in_cents, v.weight, v.weight_unit_id, v.state_id, v.inventory_count,
           v.track_inventory, coalesce(v.order_increment, 1), v.options, now() - v.ord * interval '1 microsecond', now()
      from json_to_recordset(${JSON.stringify(batch)}::json) as v(id uuid, ord int, name text, description text,
           sku text, upc text, order_unit_id int, quantity_per_unit int, unit_price_in_cents int, msrp_in_cents int,
           weight numeric, weight_unit_id int, state_id int, inventory_count int, track_inventory boolean,
           order_increment int, options jsonb)
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
  /** A product with options (its variants are exported in its place). */
  options: OptionSpec[] | null;
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

/**
 * A page of the organization's catalogue (products, not variants; not removed), newest first,
 * before `cursor` (products_org_list_idx).
 */
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
           track_inventory, order_increment, ${priceBreaksJsonSql('p')} as price_breaks, options
      from products p
     where organization_id = ${organizationId} and deleted_at is null and parent_id is null
       ${cursor ? sql`and (created_at, id) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)` : sql``}
     order by created_at desc nulls last, id desc nulls last
     limit ${limit}`);
}

// ─── Products with options (variants) ──────────────────────────────────────────────────
// A variant is a products row under its product (variants.ts): the import writes the same rows
// the product save does — option_values, variant_position, the composed name, the product's
// shared fields — but for many products per statement.

/** A product the import gives variants to, as it is now. */
export type ExistingParent = {
  id: string;
  name: string;
  state_id: number | null;
  options: OptionSpec[] | null;
  minimum_order_quantity: number;
  order_increment: number;
  price_breaks: PriceBreak[];
};

/**
 * The organization's products (not variants, not removed) with these ids, locked when `lock`
 * (an index condition on the primary key, like variantsOfProducts).
 */
export async function productsById(
  db: DbOrTx,
  organizationId: string,
  ids: string[],
  lock: boolean,
): Promise<{ rows: ExistingParent[] }> {
  if (ids.length === 0) return { rows: [] };
  const forUpdate = lock ? sql`for update of p` : sql``;
  return db.execute<ExistingParent>(sql`
    select p.id, p.name, p.state_id, p.options, p.minimum_order_quantity, p.order_increment,
           ${priceBreaksJsonSql('p')} as price_breaks
      from products p
     where p.id = any(${sql.param(ids)}::uuid[]) and p.organization_id = ${organizationId}
       and p.deleted_at is null and p.parent_id is null
    ${forUpdate}`);
}

/** A variant the import may update, as it is now. */
export type ExistingVariantRow = {
  id: string;
  parent_id: string;
  option_values: string[];
  variant_position: number;
  stock_keeping_unit: string | null;
  universal_product_code: string | null;
  unit_price_in_cents: number | null;
  msrp_in_cents: number | null;
  weight: string | null;
  inventory_count: number;
  track_inventory: boolean;
  own_volume_rules: boolean;
  order_increment: number;
  price_breaks: PriceBreak[];
};

/**
 * The live variants of these products, locked when `lock`. One index condition on parent_id
 * (products_parent_idx): the worst plan, with statistics from before a big import, is one scan
 * of the catalogue, never one per product (a join with the list of ids could be).
 */
export async function variantsOfProducts(
  db: DbOrTx,
  organizationId: string,
  parentIds: string[],
  lock: boolean,
): Promise<{ rows: ExistingVariantRow[] }> {
  if (parentIds.length === 0) return { rows: [] };
  const forUpdate = lock ? sql`for update of p` : sql``;
  return db.execute<ExistingVariantRow>(sql`
    select p.id, p.parent_id, p.option_values, p.variant_position, p.stock_keeping_unit, p.universal_product_code,
           p.unit_price_in_cents, p.msrp_in_cents, p.weight::text as weight, p.inventory_count, p.track_inventory,
           p.own_volume_rules, p.order_increment, ${priceBreaksJsonSql('p')} as price_breaks
      from products p
     where p.parent_id = any(${sql.param(parentIds)}::uuid[]) and p.organization_id = ${organizationId}
       and p.deleted_at is null
    ${forUpdate}`);
}

/**
 * Writes the product cells and options of products with options (the import's first row of
 * each product) where something changed; the ids written.
 */
export async function updateProductsWithOptions(
  tx: DbOrTx,
  organizationId: string,
  batch: {
    id: string;
    name: string;
    description: string | null;
    order_unit_id: number | null;
    quantity_per_unit: number | null;
    weight_unit_id: number | null;
    state_id: number | null;
    options: OptionSpec[];
  }[],
): Promise<{ rows: { id: string }[] }> {
  if (batch.length === 0) return { rows: [] };
  return tx.execute<{ id: string }>(sql`
    update products as p set
      name = v.name, description = v.description, order_unit_id = v.order_unit_id,
      quantity_per_unit = v.quantity_per_unit, weight_unit_id = v.weight_unit_id, state_id = v.state_id,
      options = v.options, updated_at = now()
      from json_to_recordset(${JSON.stringify(batch)}::json) as v(id uuid, name text, description text,
           order_unit_id int, quantity_per_unit int, weight_unit_id int, state_id int, options jsonb)
     where p.id = v.id and p.organization_id = ${organizationId} and p.parent_id is null
       and (p.name, p.description, p.order_unit_id, p.quantity_per_unit, p.weight_unit_id, p.state_id, p.options)
           is distinct from
           (v.name, v.description, v.order_unit_id, v.quantity_per_unit, v.weight_unit_id, v.state_id, v.options)
    returning p.id`);
}

/** A variant as the import writes it (`new`: inserted with this id; otherwise updated). */
export type VariantWrite = {
  id: string;
  new: boolean;
  parent_id: string;
  option_values: string[];
  position: number;
  sku: string | null;
  upc: string | null;
  unit_price_in_cents: number | null;
  msrp_in_cents: number | null;
  weight: string | null;
  inventory_count: number;
  track_inventory: boolean;
  own_volume_rules: boolean;
  order_increment: number;
};

/**
 * Before `writeVariants`: the variants whose SKU or values change let go of them, so two
 * variants may swap SKUs or values (products_org_sku_key, products_variant_values_key), as
 * variants.ts saveVariants does.
 */
export async function releaseVariantKeys(tx: DbOrTx, organizationId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update products p set stock_keeping_unit = null, option_values = array[p.id::text]
      from json_array_elements_text(${JSON.stringify(ids)}::json) as v(id)
     where p.id = v.id::uuid and p.organization_id = ${organizationId} and p.parent_id is not null`);
}

/**
 * Updates the variants (their own fields, where changed) and inserts the new ones, which copy
 * their product's shared fields and are named "Product — M / Black" (variantDisplayName); the
 * product rows must be written first. One statement per batch; the ids written.
 */
export async function writeVariants(
  tx: DbOrTx,
  organizationId: string,
  batch: VariantWrite[],
): Promise<{ rows: { id: string; inserted: boolean }[] }> {
  if (batch.length === 0) return { rows: [] };
  return tx.execute<{ id: string; inserted: boolean }>(sql`
    with v as (
      select * from json_to_recordset(${JSON.stringify(batch)}::json) as x(id uuid, new boolean, parent_id uuid,
             option_values text[], position int, sku text, upc text, unit_price_in_cents int, msrp_in_cents int,
             weight numeric, inventory_count int, track_inventory boolean, own_volume_rules boolean, order_increment int)
    ),
    upd as (
      update products p set
        option_values = v.option_values, variant_position = v.position, stock_keeping_unit = v.sku,
        universal_product_code = v.upc, unit_price_in_cents = v.unit_price_in_cents, msrp_in_cents = v.msrp_in_cents,
        weight = v.weight, inventory_count = v.inventory_count, track_inventory = v.track_inventory,
        own_volume_rules = v.own_volume_rules, order_increment = v.order_increment, updated_at = now()
        from v
       where not v.new and p.id = v.id and p.parent_id = v.parent_id and p.organization_id = ${organizationId}
         and (p.option_values, p.variant_position, p.stock_keeping_unit, p.universal_product_code,
              p.unit_price_in_cents, p.msrp_in_cents, p.weight, p.inventory_count, p.track_inventory,
              p.own_volume_rules, p.order_increment)
             is distinct from
             (v.option_values, v.position, v.sku, v.upc, v.unit_price_in_cents, v.msrp_in_cents, v.weight,
              v.inventory_count, v.track_inventory, v.own_volume_rules, v.order_increment)
      returning p.id, false as inserted
    ),
    ins as (
      insert into products (id, organization_id, parent_id, name, option_values, variant_position, stock_keeping_unit,
        universal_product_code, unit_price_in_cents, msrp_in_cents, weight, inventory_count, track_inventory,
        own_volume_rules, order_increment, state_id, description, order_unit_id, quantity_per_unit,
        minimum_order_quantity, weight_unit_id, length, width, height, dimension_unit_id, tags, created_at, updated_at)
      select v.id, par.organization_id, par.id, par.name || ' — ' || array_to_string(v.option_values, ' / '),
             v.option_values, v.position, v.sku, v.upc, v.unit_price_in_cents, v.msrp_in_cents, v.weight,
             v.inventory_count, v.track_inventory, v.own_volume_rules, v.order_increment, par.state_id,
             par.description, par.order_unit_id, par.quantity_per_unit, par.minimum_order_quantity, par.weight_unit_id,
             par.length, par.width, par.height, par.dimension_unit_id, par.tags, par.created_at, now()
        from v join products par on par.id = v.parent_id and par.organization_id = ${organizationId}
       where v.new
      returning id, true as inserted
    )
    select id, inserted from upd union all select id, inserted from ins`);
}

/**
 * Copies the products' shared fields onto all their live variants where they differ — the
 * composed name, the state (Draft for an unavailable variant), description, units, minimum,
 * measurements except weight, tags, the pre-order window (issue 25) — as saveVariants does on a product save; the ids written.
 */
export async function syncVariantsWithProducts(
  tx: DbOrTx,
  organizationId: string,
  parentIds: string[],
  draftStateId: number,
): Promise<{ rows: { id: string }[] }> {
  if (parentIds.length === 0) return { rows: [] };
  return tx.execute<{ id: string }>(sql`
    update products p set
      name = par.name || ' — ' || array_to_string(p.option_values, ' / '),
      state_id = case when p.variant_available then par.state_id else ${draftStateId} end,
      description = par.description, order_unit_id = par.order_unit_id, quantity_per_unit = par.quantity_per_unit,
      minimum_order_quantity = par.minimum_order_quantity, weight_unit_id = par.weight_unit_id, length = par.length,
      width = par.width, height = par.height, dimension_unit_id = par.dimension_unit_id, tags = par.tags,
      preorder_ships_from = par.preorder_ships_from, preorder_ships_until = par.preorder_ships_until,
      preorder_order_by = par.preorder_order_by,
      updated_at = now()
      from products par
     where p.parent_id = any(${sql.param(parentIds)}::uuid[]) and p.deleted_at is null and par.id = p.parent_id
       and par.organization_id = ${organizationId}
       and (p.name, p.state_id, p.description, p.order_unit_id, p.quantity_per_unit, p.minimum_order_quantity,
            p.weight_unit_id, p.length, p.width, p.height, p.dimension_unit_id, p.tags,
            p.preorder_ships_from, p.preorder_ships_until, p.preorder_order_by)
           is distinct from
           (par.name || ' — ' || array_to_string(p.option_values, ' / '),
            case when p.variant_available then par.state_id else ${draftStateId} end, par.description,
            par.order_unit_id, par.quantity_per_unit, par.minimum_order_quantity, par.weight_unit_id, par.length,
            par.width, par.height, par.dimension_unit_id, par.tags,
            par.preorder_ships_from, par.preorder_ships_until, par.preorder_order_by)
    returning p.id`);
}

/** A page's variants for the export: of these products, by product and position. */
export async function catalogExportVariants(
  db: DbOrTx,
  organizationId: string,
  parentIds: string[],
): Promise<{ rows: (CatalogExportRow & { parent_id: string; option_values: string[] })[] }> {
  if (parentIds.length === 0) return { rows: [] };
  return db.execute<CatalogExportRow & { parent_id: string; option_values: string[] }>(sql`
    select p.id, p.parent_id, p.option_values, '' as cursor_ts, p.name, p.description, p.stock_keeping_unit,
           p.universal_product_code, p.order_unit_id, p.quantity_per_unit, p.unit_price_in_cents, p.msrp_in_cents,
           p.weight::text as weight, p.weight_unit_id, p.state_id, p.inventory_count, p.track_inventory,
           p.order_increment, ${priceBreaksJsonSql('p')} as price_breaks, null::jsonb as options
      from products p
     where p.parent_id = any(${sql.param(parentIds)}::uuid[]) and p.organization_id = ${organizationId}
       and p.deleted_at is null
     order by p.parent_id, p.variant_position, p.id`);
}
