/**
 * Products: create/update (one transaction, photos in order), read, soft delete, the merchant
 * list and the storefront (for-sale) list with keyset pages. A list is one SQL statement: the
 * page's photos come from a correlated subquery over product_media's (product_id,
 * display_order) index, not one query per product.
 */
import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { isSquare, type ListQuery, type Product, type ProductInput } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { Db } from '../../db/client.js';
import { media, productMedia, products } from '../../db/schema.js';
import { fieldError, forbidden, HttpError, notFound } from '../../lib/errors.js';
import { mediaUrl } from '../../lib/media-url.js';
import { beforeCursor, containsPattern, decodeCursor, keysetTimestamp, limitPlusOne, takePage } from '../../lib/pagination.js';
import { getLookups, resolveLookup, type Lookups } from './lookups.js';

export const DEFAULT_PAGE_SIZE = 50;

// ─── Access ──────────────────────────────────────────────────────────────────────────
/** How the user relates to an organization, in one query. */
export async function organizationAccess(
  db: Db,
  userId: string,
  organizationId: string,
): Promise<'member' | 'purchaser' | null> {
  const result = await db.execute<{ member: boolean; purchaser: boolean }>(sql`
    select exists (select 1 from memberships m where m.user_id = ${userId} and m.organization_id = ${organizationId}) as member,
           exists (select 1 from memberships m
                     join purchasing_relationships pr on pr.purchaser_organization_id = m.organization_id
                    where m.user_id = ${userId} and pr.seller_organization_id = ${organizationId}) as purchaser`);
  const row = result.rows[0];
  if (row?.member) return 'member';
  if (row?.purchaser) return 'purchaser';
  return null;
}

// ─── Reading ─────────────────────────────────────────────────────────────────────────
export type ProductRow = {
  id: string;
  organization_id: string;
  organization_name: string;
  name: string;
  description: string | null;
  order_unit_id: number | null;
  quantity_per_unit: number | null;
  state_id: number | null;
  unit_price_in_cents: number | null;
  msrp_in_cents: number | null;
  stock_keeping_unit: string | null;
  minimum_order_quantity: number;
  universal_product_code: string | null;
  inventory_count: number;
  tags: string[] | null;
  weight: number | null;
  weight_unit_id: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  dimension_unit_id: number | null;
  created_at: Date | string;
  updated_at: Date | string;
  deleted_at: Date | string | null;
  keyset_at: string;
  media:
    | { o: number; id: string; k: string; w: number | null; h: number | null; v: Record<string, string> | null }[]
    | string;
};

/** Every column a Product needs; `p` is products, `o` organizations. */
export const productSelect = sql`
  p.id, p.organization_id, o.name as organization_name, p.name, p.description, p.order_unit_id,
  p.quantity_per_unit, p.state_id, p.unit_price_in_cents, p.msrp_in_cents, p.stock_keeping_unit,
  p.minimum_order_quantity, p.universal_product_code, p.inventory_count, p.tags,
  p.weight::float8 as weight, p.weight_unit_id, p.length::float8 as length, p.width::float8 as width,
  p.height::float8 as height, p.dimension_unit_id,
  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
  to_char(p.deleted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as deleted_at,
  ${keysetTimestamp(sql`p.created_at`)} as keyset_at,
  coalesce((
    select json_agg(json_build_object('o', pm.display_order, 'id', m.id, 'k', m.storage_key, 'w', m.width, 'h', m.height, 'v', m.variants)
                    order by pm.display_order, m.id)
      from product_media pm join media m on m.id = pm.media_id
     where pm.product_id = p.id), '[]'::json) as media`;

/** Timestamps are formatted by the query (ISO 8601, UTC, milliseconds), so no Date is built per row. */
const iso = (v: Date | string) => (typeof v === 'string' ? v : v.toISOString());

export function toProduct(publicUrl: string, lk: Lookups, r: ProductRow): Product {
  const mediaRows =
    typeof r.media === 'string' ? (JSON.parse(r.media) as Exclude<ProductRow['media'], string>) : r.media;
  const url = (loc: string) => mediaUrl(publicUrl, loc);
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    order_unit: r.order_unit_id === null ? null : (lk.orderUnitById.get(r.order_unit_id) ?? null),
    quantity_per_unit: r.quantity_per_unit,
    state: r.state_id === null ? null : (lk.stateById.get(r.state_id) ?? null),
    unit_price_in_cents: r.unit_price_in_cents,
    msrp_in_cents: r.msrp_in_cents,
    stock_keeping_unit: r.stock_keeping_unit,
    minimum_order_quantity: r.minimum_order_quantity,
    universal_product_code: r.universal_product_code,
    inventory_count: r.inventory_count,
    organization: { id: r.organization_id, name: r.organization_name },
    tags: r.tags ?? [],
    media: mediaRows.map((m) => ({
      display_order: m.o,
      product_id: r.id,
      media: { id: m.id, cloudinary_url: url(m.k), width: m.w, height: m.h, variants: variantUrls(m.v, url) },
    })),
    product_physical_measurements: {
      weight: r.weight,
      weight_unit: r.weight_unit_id === null ? null : (lk.weightUnitById.get(r.weight_unit_id) ?? null),
      length: r.length,
      width: r.width,
      height: r.height,
      dimension_unit: r.dimension_unit_id === null ? null : (lk.dimensionUnitById.get(r.dimension_unit_id) ?? null),
    },
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    deleted_at: r.deleted_at === null ? null : iso(r.deleted_at),
  };
}

function variantUrls(v: Record<string, string> | null, url: (loc: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  if (v) for (const w in v) out[w] = url(v[w]!);
  return out;
}

async function loadProductRow(db: Db, id: string): Promise<ProductRow | undefined> {
  const result = await db.execute<ProductRow>(sql`
    select ${productSelect}
      from products p join organizations o on o.id = p.organization_id
     where p.id = ${id}`);
  return result.rows[0];
}

async function readProduct(ctx: AppContext, id: string): Promise<Product> {
  const [row, lk] = await Promise.all([loadProductRow(ctx.db, id), getLookups(ctx.db)]);
  if (!row) throw notFound('Product');
  return toProduct(ctx.config.publicUrl, lk, row);
}

/**
 * Members see their products (removed ones too, with deleted_at, for order history);
 * purchasers see Live products still in the catalogue; anyone else gets 404.
 */
export async function getProduct(ctx: AppContext, userId: string, id: string): Promise<Product> {
  const [row, lk] = await Promise.all([loadProductRow(ctx.db, id), getLookups(ctx.db)]);
  if (!row) throw notFound('Product');
  const access = await organizationAccess(ctx.db, userId, row.organization_id);
  if (access === 'member') return toProduct(ctx.config.publicUrl, lk, row);
  if (access === 'purchaser' && row.deleted_at === null && row.state_id === lk.liveStateId) {
    return toProduct(ctx.config.publicUrl, lk, row);
  }
  throw notFound('Product');
}

// ─── Lists ───────────────────────────────────────────────────────────────────────────
/** A page of products as a JSON array text (built by PostgreSQL), and the next cursor. */
export interface ProductPageJson {
  json: string;
  nextCursor: string | null;
}

/** The public URL of a stored file, in SQL (the same rule as lib/media-url.ts). */
const mediaUrlSql = (publicUrl: string, key: SQL) =>
  sql`case when ${key} ~ '^https?://' then ${key} else ${publicUrl}::text || '/media/' || ${key} end`;

const isoSql = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One product exactly as toProduct() shapes it (contract `Product`), built by PostgreSQL:
 * a list page is then one text column per row that Node joins into an array — no row
 * parsing, no object building, no JSON.stringify of 50 products. Tests check every list
 * answer against the contract's ProductList schema.
 */
function productJsonSql(publicUrl: string) {
  return sql`json_build_object(
    'id', p.id, 'name', p.name, 'description', p.description,
    'order_unit', case when ou.id is null then null else json_build_object('id', ou.id, 'unit', ou.unit) end,
    'quantity_per_unit', p.quantity_per_unit,
    'state', case when ps.id is null then null else json_build_object('id', ps.id, 'state', ps.state) end,
    'unit_price_in_cents', p.unit_price_in_cents, 'msrp_in_cents', p.msrp_in_cents,
    'stock_keeping_unit', p.stock_keeping_unit, 'minimum_order_quantity', p.minimum_order_quantity,
    'universal_product_code', p.universal_product_code, 'inventory_count', p.inventory_count,
    'organization', json_build_object('id', o.id, 'name', o.name),
    'tags', coalesce(to_json(p.tags), '[]'::json),
    'media', coalesce((
      select json_agg(json_build_object(
               'display_order', pm.display_order, 'product_id', p.id,
               'media', json_build_object(
                 'id', m.id, 'cloudinary_url', ${mediaUrlSql(publicUrl, sql`m.storage_key`)},
                 'width', m.width, 'height', m.height,
                 'variants', coalesce((select json_object_agg(v.key, ${mediaUrlSql(publicUrl, sql`v.value`)})
                                         from jsonb_each_text(m.variants) v), '{}'::json)))
             order by pm.display_order, m.id)
        from product_media pm join media m on m.id = pm.media_id
       where pm.product_id = p.id), '[]'::json),
    'product_physical_measurements', json_build_object(
      'weight', p.weight::float8,
      'weight_unit', case when wu.id is null then null else json_build_object('id', wu.id, 'unit', wu.unit) end,
      'length', p.length::float8, 'width', p.width::float8, 'height', p.height::float8,
      'dimension_unit', case when du.id is null then null else json_build_object('id', du.id, 'unit', du.unit) end),
    'created_at', ${isoSql(sql`p.created_at`)},
    'updated_at', ${isoSql(sql`p.updated_at`)},
    'deleted_at', case when p.deleted_at is null then null else ${isoSql(sql`p.deleted_at`)} end
  )::text`;
}

/**
 * Newest first, keyset-paged on (created_at, id) — the order of the products_org_list_idx and
 * products_org_state_idx indexes. `q` matches name or SKU (case-insensitive, anywhere).
 */
export async function listProducts(
  ctx: AppContext,
  organizationId: string,
  query: ListQuery,
  opts: { forSale: boolean },
): Promise<ProductPageJson> {
  const lk = await getLookups(ctx.db);
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const conditions: SQL[] = [sql`p.organization_id = ${organizationId}`, sql`p.deleted_at is null`];
  if (opts.forSale) conditions.push(sql`p.state_id = ${lk.liveStateId}`);
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(sql`(p.name ilike ${pattern} or p.stock_keeping_unit ilike ${pattern})`);
  }
  const cursor = decodeCursor(query.cursor);
  const result = await ctx.db.execute<{ id: string; keyset_at: string; doc: string }>(sql`
    select p.id, ${keysetTimestamp(sql`p.created_at`)} as keyset_at, ${productJsonSql(ctx.config.publicUrl)} as doc
      from products p
      join organizations o on o.id = p.organization_id
      left join order_units ou on ou.id = p.order_unit_id
      left join product_states ps on ps.id = p.state_id
      left join weight_units wu on wu.id = p.weight_unit_id
      left join dimension_units du on du.id = p.dimension_unit_id
     where ${sql.join(conditions, sql` and `)}
       ${beforeCursor(sql`p.created_at`, sql`p.id`, cursor)}
     order by p.created_at desc nulls last, p.id desc nulls last
     ${limitPlusOne(limit)}`);
  const page = takePage(result.rows, limit);
  return { json: `[${page.rows.map((r) => r.doc).join(',')}]`, nextCursor: page.nextCursor };
}

// ─── Writing ─────────────────────────────────────────────────────────────────────────
/** The Postgres error code of a failed query (drizzle wraps the driver's error). */
export function pgErrorCode(err: unknown): { code?: string; constraint?: string } {
  let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 5; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
    e = e.cause as typeof e;
  }
  return {};
}

const duplicateSku = (sku: string) =>
  new HttpError(409, 'duplicate_sku', `stock_keeping_unit: another product already uses the SKU "${sku}".`, [
    { path: 'stock_keeping_unit', message: `another product already uses the SKU "${sku}"` },
  ]);

type ProductColumns = Partial<typeof products.$inferInsert>;

/** The columns a ProductInput sets; on update, keys the client left out are not touched. */
function columnsFromInput(input: ProductInput, lk: Lookups, creating: boolean): ProductColumns {
  const c: ProductColumns = { name: input.name };
  const has = (k: keyof ProductInput) => input[k] !== undefined;
  if (has('description')) c.description = input.description ?? null;
  if (has('order_unit'))
    c.orderUnitId = input.order_unit == null ? null : resolveLookup(lk.orderUnits, input.order_unit, 'order_unit');
  if (has('quantity_per_unit')) c.quantityPerUnit = input.quantity_per_unit ?? null;
  if (has('state') || creating) {
    c.stateId = input.state == null ? lk.draftStateId : resolveLookup(lk.states, input.state, 'state');
  }
  if (has('unit_price_in_cents')) c.unitPriceInCents = input.unit_price_in_cents ?? null;
  if (has('msrp_in_cents')) c.msrpInCents = input.msrp_in_cents ?? null;
  if (has('stock_keeping_unit')) c.stockKeepingUnit = input.stock_keeping_unit ?? null;
  if (has('minimum_order_quantity') || creating) c.minimumOrderQuantity = input.minimum_order_quantity ?? 1;
  if (has('universal_product_code')) c.universalProductCode = input.universal_product_code ?? null;
  if (has('tags')) c.tags = [...new Set(input.tags ?? [])];
  const m = input.product_physical_measurements;
  if (m === null) {
    Object.assign(c, {
      weight: null,
      weightUnitId: null,
      length: null,
      width: null,
      height: null,
      dimensionUnitId: null,
    });
  } else if (m) {
    const num = (v: number | null | undefined) => (v == null ? null : String(v));
    if (m.weight !== undefined) c.weight = num(m.weight);
    if (m.weight_unit !== undefined) {
      c.weightUnitId =
        m.weight_unit === null
          ? null
          : resolveLookup(lk.weightUnits, m.weight_unit, 'product_physical_measurements.weight_unit');
    }
    if (m.length !== undefined) c.length = num(m.length);
    if (m.width !== undefined) c.width = num(m.width);
    if (m.height !== undefined) c.height = num(m.height);
    if (m.dimension_unit !== undefined) {
      c.dimensionUnitId =
        m.dimension_unit === null
          ? null
          : resolveLookup(lk.dimensionUnits, m.dimension_unit, 'product_physical_measurements.dimension_unit');
    }
  }
  return c;
}

/** Photos in the order given (display_order if sent, else list order), renumbered 0..n-1. */
function orderedMedia(input: ProductInput): string[] | undefined {
  if (input.media === undefined) return undefined;
  const list = (input.media ?? []).map((m, i) => ({ id: m.media.id, order: m.display_order ?? i, i }));
  const seen = new Set<string>();
  for (const m of list) {
    if (seen.has(m.id)) {
      throw new HttpError(400, 'validation_error', `media.${m.i}.media.id: the same photo is listed twice.`, [
        { path: `media.${m.i}.media.id`, message: 'the same photo is listed twice' },
      ]);
    }
    seen.add(m.id);
  }
  return list.sort((a, b) => a.order - b.order || a.i - b.i).map((m) => m.id);
}

async function checkMedia(db: Db, organizationId: string, input: ProductInput, ids: string[]) {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: media.id, width: media.width, height: media.height })
    .from(media)
    .where(and(eq(media.organizationId, organizationId), inArray(media.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  (input.media ?? []).forEach((m, i) => {
    const row = byId.get(m.media.id);
    const path = `media.${i}.media.id`;
    if (!row) {
      throw new HttpError(
        400,
        'validation_error',
        `${path}: no image with this id was uploaded for this organization.`,
        [{ path, message: 'no image with this id was uploaded for this organization' }],
      );
    }
    if (row.width && row.height && !isSquare(row.width, row.height)) {
      throw new HttpError(
        400,
        'validation_error',
        `${path}: The product photo must be square (got ${row.width}×${row.height}).`,
        [{ path, message: `must be square (got ${row.width}×${row.height})` }],
      );
    }
  });
}

/** PUT /api/product: creates (no id) or updates (id) a product and its photos in one transaction. */
export async function saveProduct(ctx: AppContext, userId: string, input: ProductInput): Promise<Product> {
  const lk = await getLookups(ctx.db);
  const orgId = input.organization.id;
  const creating = !input.id;
  if (input.id) {
    const [existing] = await ctx.db
      .select({ organizationId: products.organizationId, deletedAt: products.deletedAt })
      .from(products)
      .where(eq(products.id, input.id));
    const access = existing ? await organizationAccess(ctx.db, userId, existing.organizationId) : null;
    if (!existing || access !== 'member') throw notFound('Product');
    if (existing.deletedAt)
      throw new HttpError(404, 'not_found', 'Product not found: it was removed from the catalogue.');
    if (existing.organizationId !== orgId) {
      throw fieldError('organization.id', 'cannot change: a product stays in the organization that created it');
    }
  } else if ((await organizationAccess(ctx.db, userId, orgId)) !== 'member') {
    throw forbidden('You can add products only to an organization you are a member of.');
  }
  const columns = columnsFromInput(input, lk, creating);
  const mediaIds = orderedMedia(input);
  if (mediaIds) await checkMedia(ctx.db, orgId, input, mediaIds);

  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      if (columns.stockKeepingUnit) {
        const clash = await tx
          .select({ id: products.id })
          .from(products)
          .where(
            and(
              eq(products.organizationId, orgId),
              eq(products.stockKeepingUnit, columns.stockKeepingUnit),
              isNull(products.deletedAt),
              input.id ? ne(products.id, input.id) : undefined,
            ),
          )
          .limit(1);
        if (clash.length > 0) throw duplicateSku(columns.stockKeepingUnit);
      }
      let productId: string;
      if (input.id) {
        const updated = await tx
          .update(products)
          .set({ ...columns, updatedAt: sql`now()` })
          .where(and(eq(products.id, input.id), eq(products.organizationId, orgId), isNull(products.deletedAt)))
          .returning({ id: products.id });
        if (updated.length === 0) throw notFound('Product');
        productId = input.id;
      } else {
        const [created] = await tx
          .insert(products)
          .values({ ...columns, name: input.name, organizationId: orgId })
          .returning({ id: products.id });
        productId = created!.id;
      }
      if (mediaIds) {
        await tx.delete(productMedia).where(eq(productMedia.productId, productId));
        if (mediaIds.length > 0) {
          await tx.insert(productMedia).values(mediaIds.map((mediaId, i) => ({ productId, mediaId, displayOrder: i })));
        }
      }
      return productId;
    });
  } catch (err) {
    const pg = pgErrorCode(err);
    if (pg.code === '23505' && pg.constraint === 'products_org_sku_key' && columns.stockKeepingUnit) {
      throw duplicateSku(columns.stockKeepingUnit);
    }
    throw err;
  }
  return readProduct(ctx, id);
}

/**
 * Soft delete: the product leaves the catalogue and the lists, and its SKU is free again;
 * carts and orders that reference it keep working. Deleting twice answers the same.
 */
export async function deleteProduct(ctx: AppContext, userId: string, id: string): Promise<Product> {
  const [existing] = await ctx.db
    .select({ organizationId: products.organizationId })
    .from(products)
    .where(eq(products.id, id));
  if (!existing || (await organizationAccess(ctx.db, userId, existing.organizationId)) !== 'member')
    throw notFound('Product');
  await ctx.db
    .update(products)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(products.id, id), isNull(products.deletedAt)));
  return readProduct(ctx, id);
}
