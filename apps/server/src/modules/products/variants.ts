/**
 * Variants (issue 24; DECISIONS "Variants"; contract variant-rules.ts): a product's options and
 * the variants sold under it, read as JSON by PostgreSQL and saved with the product.
 *
 * A variant is a products row with `parent_id` = its product: the unit a cart line, an order
 * line, a stock hold, a price break and an inventory transaction name, so every rule of the
 * money path (held stock, the last unit, volume prices, captured prices) applies to it as it
 * applied to a product. The product itself (with `options`) is not sold. What the variants
 * share with their product — its name (a variant is named "Tee — M / Black"), order unit,
 * minimum, measurements, state, and its order increment and price breaks unless the variant
 * keeps its own — is copied onto them by `saveVariants`, in the save's transaction: the
 * storefront and the checkout read a variant's row alone, as they read a product's.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  allCombinations,
  combinationCount,
  combinationKey,
  variantDisplayName,
  VARIANT_LIMITS,
  variantIssues,
  volumeRuleIssues,
  type OptionSpec,
  type PriceBreak,
  type ProductInput,
  type VariantInput,
} from '@cratebase/contract';
import type { Db, Tx } from '../../db/client.js';
import { DomainError } from '../../lib/errors.js';
import { orderedProductIdsSql } from '../carts/sql.js';
import { listedPriceBreaksJsonSql, listedUnitPriceSql, priceBreaksJsonSql } from './sql.js';
import { syncVariantsWithProducts } from './catalog.js';

/**
 * A variant of alias `v` as contract ProductVariant (a product without options: itself, position
 * 0), priced under the price list alias `pl` when given (products/sql.ts, issue 25).
 */
export function variantJsonSql(v: string, pl: string | null = null): SQL {
  const a = sql.identifier(v);
  return sql`json_build_object(
    'id', ${a}.id, 'title', coalesce(array_to_string(${a}.option_values, ' / '), ''),
    'option_values', coalesce(to_json(${a}.option_values), '[]'::json), 'position', coalesce(${a}.variant_position, 0),
    'stock_keeping_unit', ${a}.stock_keeping_unit, 'universal_product_code', ${a}.universal_product_code,
    'unit_price_in_cents', ${listedUnitPriceSql(pl, v)}, 'msrp_in_cents', ${a}.msrp_in_cents, 'weight', ${a}.weight::float8,
    'inventory_count', ${a}.inventory_count, 'track_inventory', ${a}.track_inventory,
    'available', ${a}.variant_available, 'order_increment', ${a}.order_increment,
    'price_breaks', ${listedPriceBreaksJsonSql(pl, v)}, 'own_volume_rules', ${a}.own_volume_rules,
    'media_id', ${a}.variant_media_id)`;
}

/** The variants of product `p` (contract Product.variants): its variant rows by position, or itself. */
export function variantsJsonSql(p: string, pl: string | null = null): SQL {
  const a = sql.identifier(p);
  return sql`case when ${a}.options is null then json_build_array(${variantJsonSql(p, pl)})
             else coalesce((select json_agg(${variantJsonSql('vr', pl)} order by vr.variant_position, vr.id)
                              from products vr where vr.parent_id = ${a}.id and vr.deleted_at is null), '[]'::json) end`;
}

/**
 * The price range of product `p` (contract PriceRange): of its available variants, or its own
 * price. Uses products_parent_idx.
 */
export function priceRangeJsonSql(p: string, pl: string | null = null): SQL {
  const a = sql.identifier(p);
  const own = listedUnitPriceSql(pl, p);
  const each = listedUnitPriceSql(pl, 'pr');
  return sql`case when ${a}.options is null then
               case when ${own} is null then null
                    else json_build_object('min', ${own}, 'max', ${own}) end
             else (select case when count(${each}) > 0
                               then json_build_object('min', min(${each}), 'max', max(${each})) end
                     from products pr
                    where pr.parent_id = ${a}.id and pr.deleted_at is null and pr.variant_available) end`;
}

/** The product fields of alias `p` that tell its variants apart (contract productVariantFields). */
export function productVariantFieldsSql(p: string, pl: string | null = null): SQL {
  const a = sql.identifier(p);
  return sql`'parent_product_id', ${a}.parent_id,
    'variant_title', case when ${a}.parent_id is not null then array_to_string(${a}.option_values, ' / ') end,
    'options', coalesce(${a}.options::json, '[]'::json),
    'variants', ${variantsJsonSql(p, pl)},
    'price_range', ${priceRangeJsonSql(p, pl)}`;
}

// ─── Saving ──────────────────────────────────────────────────────────────────────────
const invalid = (path: string, message: string) =>
  new DomainError('invalid', 'validation_error', `${path}: ${message}.`, [{ path, message }]);
const conflict = (code: string, path: string, message: string) =>
  new DomainError('conflict', code, `${path}: ${message}.`, [{ path, message }]);

/** The product as saved so far in the transaction: what its variants copy. */
type ParentRow = {
  id: string;
  organization_id: string;
  name: string;
  state_id: number | null;
  options: OptionSpec[] | null;
  unit_price_in_cents: number | null;
  msrp_in_cents: number | null;
  weight: string | null;
  track_inventory: boolean;
  minimum_order_quantity: number;
  order_increment: number;
  price_breaks: PriceBreak[];
  stock_keeping_unit: string | null;
};

type ExistingVariant = {
  id: string;
  option_values: string[];
  stock_keeping_unit: string | null;
  universal_product_code: string | null;
  unit_price_in_cents: number | null;
  msrp_in_cents: number | null;
  weight: string | null;
  track_inventory: boolean;
  variant_available: boolean;
  own_volume_rules: boolean;
  order_increment: number;
  price_breaks: PriceBreak[];
  variant_media_id: string | null;
};

/** A variant as it will be written. */
interface PlannedVariant {
  id: string | null;
  option_values: string[];
  position: number;
  sku: string | null;
  upc: string | null;
  unit_price_in_cents: number | null;
  msrp_in_cents: number | null;
  weight: string | null;
  track_inventory: boolean;
  available: boolean;
  own_volume_rules: boolean;
  order_increment: number;
  price_breaks: PriceBreak[];
  media_id: string | null;
}

/** Options as the seller sent them: trimmed; [] when none. */
function normalizeOptions(options: ProductInput['options']): OptionSpec[] {
  return (options ?? []).map((o) => ({ name: o.name.trim(), values: o.values.map((v) => v.trim()) }));
}

/** The values in the options' own spelling ("black" sent for "Black" is "Black"). */
function canonicalValues(options: OptionSpec[], values: readonly string[]): string[] {
  return values.map((v, j) => options[j]!.values.find((x) => x.toLowerCase() === v.trim().toLowerCase()) ?? v.trim());
}

const measure = (v: number | null | undefined) => (v == null ? null : String(v));

/** The variants a save asks for: the ones sent, or every combination (keeping existing ones by their values). */
function planVariants(
  parent: ParentRow,
  options: OptionSpec[],
  existing: ExistingVariant[],
  sent: VariantInput[] | null | undefined,
): PlannedVariant[] {
  const byId = new Map(existing.map((v) => [v.id, v]));
  const byKey = new Map(existing.map((v) => [combinationKey(v.option_values), v]));
  const fromExisting = (e: ExistingVariant | undefined, values: string[], position: number): PlannedVariant => ({
    id: e?.id ?? null,
    option_values: values,
    position,
    sku: e?.stock_keeping_unit ?? null,
    upc: e?.universal_product_code ?? null,
    unit_price_in_cents: e ? e.unit_price_in_cents : parent.unit_price_in_cents,
    msrp_in_cents: e ? e.msrp_in_cents : parent.msrp_in_cents,
    weight: e ? e.weight : parent.weight,
    track_inventory: e ? e.track_inventory : parent.track_inventory,
    available: e ? e.variant_available : true,
    own_volume_rules: e?.own_volume_rules ?? false,
    order_increment: e?.own_volume_rules ? e.order_increment : parent.order_increment,
    price_breaks: e?.own_volume_rules ? e.price_breaks : parent.price_breaks,
    media_id: e?.variant_media_id ?? null,
  });
  if (!sent) {
    const count = combinationCount(options);
    if (count > VARIANT_LIMITS.variants) {
      throw invalid(
        'options',
        `these values make ${count.toLocaleString('en-US')} variants; a product has at most ${VARIANT_LIMITS.variants.toLocaleString('en-US')}`,
      );
    }
    return allCombinations(options).map((values, i) => fromExisting(byKey.get(combinationKey(values)), values, i));
  }
  return sent.map((s, i) => {
    let e: ExistingVariant | undefined;
    if (s.id) {
      e = byId.get(s.id);
      if (!e) throw invalid(`variants.${i}.id`, 'is not a variant of this product');
    }
    const base = fromExisting(e, canonicalValues(options, s.option_values), i);
    const own = s.own_volume_rules ?? base.own_volume_rules;
    return {
      ...base,
      sku: s.stock_keeping_unit !== undefined ? (s.stock_keeping_unit ?? null) : base.sku,
      upc: s.universal_product_code !== undefined ? (s.universal_product_code ?? null) : base.upc,
      unit_price_in_cents: s.unit_price_in_cents !== undefined ? (s.unit_price_in_cents ?? null) : base.unit_price_in_cents,
      msrp_in_cents: s.msrp_in_cents !== undefined ? (s.msrp_in_cents ?? null) : base.msrp_in_cents,
      weight: s.weight !== undefined ? measure(s.weight) : base.weight,
      track_inventory: s.track_inventory ?? base.track_inventory,
      available: s.available ?? base.available,
      own_volume_rules: own,
      order_increment: own ? (s.order_increment ?? (e?.own_volume_rules ? e.order_increment : parent.order_increment)) : parent.order_increment,
      price_breaks: own ? (s.price_breaks !== undefined ? (s.price_breaks ?? []) : base.price_breaks) : parent.price_breaks,
      media_id: s.media_id !== undefined ? (s.media_id ?? null) : base.media_id,
    };
  });
}

/** Each variant's order rules and price breaks, as the volume rules read them; the first problem is the answer. */
function checkVolumeRules(parent: ParentRow, planned: PlannedVariant[]): void {
  planned.forEach((v, i) => {
    const issues = volumeRuleIssues({
      unit_price_in_cents: v.unit_price_in_cents,
      minimum_order_quantity: parent.minimum_order_quantity,
      order_increment: v.order_increment,
      price_breaks: v.price_breaks,
    });
    if (issues.length === 0) return;
    const list = issues.map((x) => ({
      path: x.path === 'minimum_order_quantity' ? x.path : `variants.${i}.${x.path}`,
      message: v.own_volume_rules || !x.path.startsWith('price_breaks') ? x.message : `${x.message} (the product's price breaks)`,
    }));
    throw new DomainError('invalid', 'validation_error', `${list[0]!.path}: ${list[0]!.message}.`, list);
  });
}

/**
 * Saves the options and variants of the product whose row `tx` has just written (its photos
 * too): called by the product save, under the seller's catalogue version lock. With options,
 * the variants become the ones sent (or every combination); the ones left out are removed
 * (soft: orders keep showing them). Removing an option — or all of them — is refused (409
 * option_in_use) once any of the product's variants has been ordered. Refusals change nothing
 * (the caller's transaction rolls back).
 */
export async function saveVariants(
  tx: Tx,
  productId: string,
  input: ProductInput,
  states: { draftStateId: number },
): Promise<void> {
  const parentResult = await tx.execute<ParentRow>(sql`
    select p.id, p.organization_id, p.name, p.state_id, p.options, p.unit_price_in_cents, p.msrp_in_cents,
           p.weight::text as weight, p.track_inventory, p.minimum_order_quantity, p.order_increment,
           p.stock_keeping_unit, ${priceBreaksJsonSql('p')} as price_breaks
      from products p where p.id = ${productId}`);
  const parent = parentResult.rows[0]!;
  const before = parent.options ?? [];
  const options = input.options !== undefined ? normalizeOptions(input.options) : before;
  const existing = (
    await tx.execute<ExistingVariant>(sql`
      select v.id, v.option_values, v.stock_keeping_unit, v.universal_product_code, v.unit_price_in_cents,
             v.msrp_in_cents, v.weight::text as weight, v.track_inventory, v.variant_available, v.own_volume_rules,
             v.order_increment, v.variant_media_id, ${priceBreaksJsonSql('v')} as price_breaks
        from products v where v.parent_id = ${productId} and v.deleted_at is null
       order by v.variant_position, v.id`)
  ).rows;
  if (options.length === 0 && existing.length === 0 && input.variants == null) {
    if (parent.options !== null) await tx.execute(sql`update products set options = null where id = ${productId}`);
    return;
  }

  // Removing an option the orders name: refused (what was bought must keep its name).
  const kept = new Set(options.map((o) => o.name.toLowerCase()));
  const removed = before.filter((o) => !kept.has(o.name.toLowerCase()));
  if (removed.length > 0 && existing.length > 0) {
    const ordered = await tx.execute<{ ordered: boolean }>(sql`
      select exists (${orderedProductIdsSql(sql`array(select id from products where parent_id = ${productId})`)}) as ordered`);
    if (ordered.rows[0]?.ordered) {
      throw conflict(
        'option_in_use',
        'options',
        `cannot remove the option "${removed[0]!.name}": orders include variants of this product. Mark variants unavailable instead`,
      );
    }
  }

  if (input.variants && input.options === undefined) {
    const issues = variantIssues(options, input.variants);
    if (issues.length > 0) throw new DomainError('invalid', 'validation_error', `${issues[0]!.path}: ${issues[0]!.message}.`, issues);
  }
  const planned = options.length === 0 ? [] : planVariants(parent, options, existing, input.variants);
  if (options.length > 0 && planned.length === 0) throw invalid('variants', 'a product with options needs at least one variant');
  checkVolumeRules(parent, planned);

  // Photos a variant points at must be the product's.
  const mediaIds = [...new Set(planned.map((v) => v.media_id).filter((m): m is string => m !== null))];
  if (mediaIds.length > 0) {
    const photos = await tx.execute<{ media_id: string }>(sql`
      select media_id from product_media where product_id = ${productId} and media_id = any(${sql.param(mediaIds)}::uuid[])`);
    const ofProduct = new Set(photos.rows.map((r) => r.media_id));
    const i = planned.findIndex((v) => v.media_id !== null && !ofProduct.has(v.media_id));
    if (i >= 0) throw invalid(`variants.${i}.media_id`, 'must be one of the product\u2019s photos');
  }

  // SKUs: not the product's own, nor another product's or variant's in the store.
  const skus = planned.map((v) => v.sku).filter((s): s is string => s !== null);
  if (skus.length > 0) {
    const keptIds = planned.map((v) => v.id).filter((id): id is string => id !== null);
    const clashes = await tx.execute<{ sku: string }>(sql`
      select stock_keeping_unit as sku from products
       where organization_id = ${parent.organization_id} and deleted_at is null
         and stock_keeping_unit = any(${sql.param(skus)}::text[])
         and not (id = any(${sql.param(keptIds)}::uuid[]))`);
    if (clashes.rows.length > 0) {
      const taken = new Set(clashes.rows.map((r) => r.sku));
      const i = planned.findIndex((v) => v.sku !== null && taken.has(v.sku));
      throw conflict(
        'duplicate_sku',
        `variants.${i}.stock_keeping_unit`,
        `another product or variant already uses the SKU "${planned[i]!.sku}"`,
      );
    }
  }

  // Variants left out are removed; the rest free their SKUs and values first, so two may swap them.
  const keepIds = planned.map((v) => v.id).filter((id): id is string => id !== null);
  await tx.execute(sql`
    update products set deleted_at = now(), updated_at = now()
     where parent_id = ${productId} and deleted_at is null and not (id = any(${sql.param(keepIds)}::uuid[]))`);
  if (keepIds.length > 0) {
    await tx.execute(sql`
      update products set stock_keeping_unit = null, option_values = array[id::text]
       where id = any(${sql.param(keepIds)}::uuid[])`);
  }
  await tx.execute(sql`update products set options = ${options.length === 0 ? null : JSON.stringify(options)}::jsonb where id = ${productId}`);
  if (planned.length === 0) return;

  const rows = planned.map((v) => ({
    id: v.id,
    name: variantDisplayName(parent.name, v.option_values),
    option_values: v.option_values,
    position: v.position,
    sku: v.sku,
    upc: v.upc,
    unit_price_in_cents: v.unit_price_in_cents,
    msrp_in_cents: v.msrp_in_cents,
    weight: v.weight,
    track_inventory: v.track_inventory,
    available: v.available,
    own_volume_rules: v.own_volume_rules,
    order_increment: v.order_increment,
    media_id: v.media_id,
  }));
  // One statement writes each variant's own fields (new ones get an id); the product's shared
  // fields are copied next, by the rule the catalogue import uses too (syncVariantsWithProducts).
  const written = await tx.execute<{ id: string; position: number }>(sql`
    with v as (
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(id uuid, name text, option_values text[],
             position int, sku text, upc text, unit_price_in_cents int, msrp_in_cents int, weight numeric,
             track_inventory boolean, available boolean, own_volume_rules boolean, order_increment int, media_id uuid)
    ),
    upd as (
      update products p set
        option_values = v.option_values, variant_position = v.position,
        stock_keeping_unit = v.sku, universal_product_code = v.upc, unit_price_in_cents = v.unit_price_in_cents,
        msrp_in_cents = v.msrp_in_cents, weight = v.weight, track_inventory = v.track_inventory,
        variant_available = v.available, own_volume_rules = v.own_volume_rules, order_increment = v.order_increment,
        variant_media_id = v.media_id, updated_at = now()
        from v
       where v.id is not null and p.id = v.id and p.parent_id = ${productId}
      returning p.id, p.variant_position as position
    ),
    ins as (
      insert into products (organization_id, parent_id, name, option_values, variant_position, stock_keeping_unit,
        universal_product_code, unit_price_in_cents, msrp_in_cents, weight, track_inventory, variant_available,
        own_volume_rules, order_increment, variant_media_id, created_at)
      select par.organization_id, par.id, v.name, v.option_values, v.position, v.sku, v.upc, v.unit_price_in_cents,
             v.msrp_in_cents, v.weight, v.track_inventory, v.available, v.own_volume_rules, v.order_increment, v.media_id,
             par.created_at
        from v, products par
       where v.id is null and par.id = ${productId}
      returning id, variant_position as position
    )
    select id, position from upd union all select id, position from ins`);
  await syncVariantsWithProducts(tx, parent.organization_id, [productId], states.draftStateId);
  if (written.rows.length !== planned.length) throw new Error('variant write lost rows');

  // Price breaks: each variant's own, or a copy of the product's.
  const byPosition = new Map(written.rows.map((r) => [Number(r.position), r.id]));
  const breaks = planned.flatMap((v) =>
    v.price_breaks.map((b) => ({ product_id: byPosition.get(v.position)!, ...b })),
  );
  await tx.execute(sql`
    delete from product_price_breaks b using products p
     where b.product_id = p.id and p.parent_id = ${productId}`);
  if (breaks.length > 0) {
    await tx.execute(sql`
      insert into product_price_breaks (product_id, min_quantity, unit_price_in_cents)
      select v.product_id, v.min_quantity, v.unit_price_in_cents
        from json_to_recordset(${JSON.stringify(breaks)}::json) as v(product_id uuid, min_quantity int, unit_price_in_cents int)`);
  }
}

/** Whether the row is a variant (and of which product): a variant is saved through its product. */
export async function parentOf(tx: Tx | Db, id: string): Promise<string | null> {
  const r = await tx.execute<{ parent_id: string | null }>(sql`select parent_id from products where id = ${id}`);
  return r.rows[0]?.parent_id ?? null;
}
