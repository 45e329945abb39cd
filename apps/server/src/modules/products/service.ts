/**
 * Products: create/update (one transaction, photos in order), read, soft delete, the merchant
 * list and the storefront (for-sale) list with keyset pages. A list is one SQL statement: the
 * page's photos come from a correlated subquery over product_media's (product_id,
 * display_order) index, not one query per product.
 */
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  isSquare,
  volumeRuleIssues,
  type PriceBreak,
  type Product,
  type ProductInput,
  type ProductListQuery,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { Db, Tx } from '../../db/client.js';
import { productMedia, productPriceBreaks, products } from './schema.js';
import { imagesOfOrganization } from '../media/service.js';
import { joinOrganizationSql } from '../organizations/sql.js';
import { fieldError, DomainError, notFound } from '../../lib/errors.js';
import { beforeCursor, containsPattern, decodeCursor, isoTimestampSql, keysetTimestamp, limitPlusOne, takePage, type JsonPage } from '../../lib/pagination.js';
import { getLookups, resolveLookup, type Lookups } from './lookups.js';
import { lockCatalogVersion } from './catalog-version.js';
import { listedPriceBreaksJsonSql, listedUnitPriceSql, preorderJsonSql, productMediaJsonSql } from './sql.js';
import { parentOf, productVariantFieldsSql, saveVariants } from './variants.js';
import { catalogBeforeSave, recordCatalogWebhooks } from './webhook-events.js';
import { productStateFilterSql } from './product-list.js';

export const DEFAULT_PAGE_SIZE = 50;

// ─── Reading ─────────────────────────────────────────────────────────────────────────
/**
 * The one place a product's JSON (contract `Product`) is built: by PostgreSQL, for the single
 * read and the lists alike. A list page is then one text column per row that Node joins into an
 * array — no row parsing, no object building, no JSON.stringify of 50 products. Tests check
 * every answer against the contract's Product schemas. Needs the joins of `productFrom`; with
 * `priced`, the buyer's prices under the price list `pl` that `productFrom(pricing)` joins.
 */
export function productJsonSql(publicUrl: string, priced = false) {
  const pl = priced ? 'pl' : null;
  return sql`json_build_object(
    'id', p.id, 'name', p.name, 'description', p.description, ${productVariantFieldsSql('p', pl)},
    'order_unit', case when ou.id is null then null else json_build_object('id', ou.id, 'unit', ou.unit) end,
    'quantity_per_unit', p.quantity_per_unit,
    'state', case when ps.id is null then null else json_build_object('id', ps.id, 'state', ps.state) end,
    'unit_price_in_cents', ${listedUnitPriceSql(pl, 'p')}, 'msrp_in_cents', p.msrp_in_cents,
    'stock_keeping_unit', p.stock_keeping_unit, 'minimum_order_quantity', p.minimum_order_quantity,
    'order_increment', p.order_increment, 'price_breaks', ${listedPriceBreaksJsonSql(pl, 'p')},
    'universal_product_code', p.universal_product_code, 'inventory_count', p.inventory_count,
    'track_inventory', p.track_inventory, 'preorder', ${preorderJsonSql('p')},
    'organization', json_build_object('id', o.id, 'name', o.name),
    'tags', coalesce(to_json(p.tags), '[]'::json),
    'media', ${productMediaJsonSql(publicUrl, sql`p.id`)},
    'product_physical_measurements', json_build_object(
      'weight', p.weight::float8,
      'weight_unit', case when wu.id is null then null else json_build_object('id', wu.id, 'unit', wu.unit) end,
      'length', p.length::float8, 'width', p.width::float8, 'height', p.height::float8,
      'dimension_unit', case when du.id is null then null else json_build_object('id', du.id, 'unit', du.unit) end),
    'created_at', ${isoTimestampSql(sql`p.created_at`)},
    'updated_at', ${isoTimestampSql(sql`p.updated_at`)},
    'deleted_at', case when p.deleted_at is null then null else ${isoTimestampSql(sql`p.deleted_at`)} end
  )::text`;
}

/**
 * The tables productJsonSql reads: `p` products, `o` organizations and the lookup lists — and,
 * given `pricing` (a FROM item of price-lists/sql.ts), the buyer's price list as `pl`.
 */
export function productFrom(pricing?: SQL): SQL {
  return sql`
      from products p
      ${pricing === undefined ? sql`` : sql`cross join lateral ${pricing} pl`}
      ${joinOrganizationSql('o', sql`p.organization_id`)}
      left join order_units ou on ou.id = p.order_unit_id
      left join product_states ps on ps.id = p.state_id
      left join weight_units wu on wu.id = p.weight_unit_id
      left join dimension_units du on du.id = p.dimension_unit_id`;
}

type ProductDoc = { organization_id: string; state_id: number | null; deleted: boolean; doc: string };

async function loadProductDoc(ctx: AppContext, id: string): Promise<ProductDoc | undefined> {
  const result = await ctx.db.execute<ProductDoc>(sql`
    select p.organization_id, p.state_id, p.deleted_at is not null as deleted, ${productJsonSql(ctx.config.publicUrl)} as doc
    ${productFrom()}
     where p.id = ${id}`);
  return result.rows[0];
}

async function readProduct(ctx: AppContext, id: string): Promise<Product> {
  const row = await loadProductDoc(ctx, id);
  if (!row) throw notFound('Product');
  return JSON.parse(row.doc) as Product;
}

// ─── Lists ───────────────────────────────────────────────────────────────────────────
/**
 * A product `p` matches a search `pattern` (an ILIKE pattern, or a placeholder for one): by its
 * name or SKU, or by the SKU of one of its variants (products_parent_idx).
 */
export function productSearchSql(pattern: SQL | string | ReturnType<typeof sql.placeholder>): SQL {
  return sql`(p.name ilike ${pattern} or p.stock_keeping_unit ilike ${pattern}
              or (p.options is not null and exists (select 1 from products sv where sv.parent_id = p.id
                    and sv.deleted_at is null and sv.stock_keeping_unit ilike ${pattern})))`;
}

/** A page of products as a JSON array text (built by PostgreSQL), and the next cursor. */
/**
 * The merchant list: every product not removed, newest first, keyset-paged on (created_at, id)
 * — the order of the products_org_list_idx index. `q` matches name or SKU (case-insensitive,
 * anywhere); `state` keeps one status (product-list.ts). The storefront's list of Live products is for-sale.ts.
 */
export async function listProducts(ctx: AppContext, organizationId: string, query: ProductListQuery): Promise<JsonPage> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const conditions: SQL[] = [
    sql`p.organization_id = ${organizationId}`,
    sql`p.deleted_at is null`,
    sql`p.parent_id is null`,
  ];
  if (query.q) conditions.push(productSearchSql(containsPattern(query.q)));
  // Issue 27: one status (products_org_state_idx keeps the same keyset order).
  if (query.state) conditions.push(productStateFilterSql(await getLookups(ctx.db), query.state));
  const cursor = decodeCursor(query.cursor);
  const result = await ctx.db.execute<{ id: string; keyset_at: string; doc: string }>(sql`
    select p.id, ${keysetTimestamp(sql`p.created_at`)} as keyset_at, ${productJsonSql(ctx.config.publicUrl)} as doc
    ${productFrom()}
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
  new DomainError('conflict', 'duplicate_sku', `stock_keeping_unit: another product already uses the SKU "${sku}".`, [
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
  if (has('order_increment') || creating) c.orderIncrement = input.order_increment ?? 1;
  if (has('universal_product_code')) c.universalProductCode = input.universal_product_code ?? null;
  if (has('tags')) c.tags = [...new Set(input.tags ?? [])];
  if (has('track_inventory')) c.trackInventory = input.track_inventory;
  if (has('preorder')) {
    // Issue 25: the window (checked by the contract: from ≤ until, order by ≤ until); null ends the pre-order.
    c.preorderShipsFrom = input.preorder?.ships_from ?? null;
    c.preorderShipsUntil = input.preorder?.ships_until ?? null;
    c.preorderOrderBy = input.preorder?.order_by ?? null;
  }
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
      throw new DomainError('invalid', 'validation_error', `media.${m.i}.media.id: the same photo is listed twice.`, [
        { path: `media.${m.i}.media.id`, message: 'the same photo is listed twice' },
      ]);
    }
    seen.add(m.id);
  }
  return list.sort((a, b) => a.order - b.order || a.i - b.i).map((m) => m.id);
}

async function checkMedia(db: Db, organizationId: string, input: ProductInput, ids: string[]) {
  if (ids.length === 0) return;
  const rows = await imagesOfOrganization(db, organizationId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  (input.media ?? []).forEach((m, i) => {
    const row = byId.get(m.media.id);
    const path = `media.${i}.media.id`;
    if (!row) {
      throw new DomainError(
        'invalid',
        'validation_error',
        `${path}: no image with this id was uploaded for this organization.`,
        [{ path, message: 'no image with this id was uploaded for this organization' }],
      );
    }
    if (row.width && row.height && !isSquare(row.width, row.height)) {
      throw new DomainError(
        'invalid',
        'validation_error',
        `${path}: The product photo must be square (got ${row.width}×${row.height}).`,
        [{ path, message: `must be square (got ${row.width}×${row.height})` }],
      );
    }
  });
}

/**
 * Checks the product's order rules and price breaks as they will be saved (its columns are
 * written already, in `tx`; `breaks` replace its price breaks, or undefined keeps them) and
 * writes the breaks. A 400 naming each field that breaks a rule (volume-rules.ts) rolls the
 * whole save back — also when a change of the unit price, minimum or increment alone no longer
 * fits the breaks the product has.
 */
async function saveVolumeRules(tx: Tx, productId: string, breaks: ProductInput['price_breaks']): Promise<void> {
  const [saved] = await tx
    .select({
      unitPriceInCents: products.unitPriceInCents,
      minimumOrderQuantity: products.minimumOrderQuantity,
      orderIncrement: products.orderIncrement,
    })
    .from(products)
    .where(eq(products.id, productId));
  const replacing = breaks !== undefined;
  const list: PriceBreak[] = replacing
    ? (breaks ?? [])
    : await tx
        .select({ min_quantity: productPriceBreaks.minQuantity, unit_price_in_cents: productPriceBreaks.unitPriceInCents })
        .from(productPriceBreaks)
        .where(eq(productPriceBreaks.productId, productId))
        .orderBy(productPriceBreaks.minQuantity);
  const issues = volumeRuleIssues({
    unit_price_in_cents: saved!.unitPriceInCents,
    minimum_order_quantity: saved!.minimumOrderQuantity,
    order_increment: saved!.orderIncrement,
    price_breaks: list,
  });
  if (issues.length > 0) {
    const first = issues[0]!;
    throw new DomainError('invalid', 'validation_error', `${first.path}: ${first.message}.`, issues);
  }
  if (!replacing) return;
  await tx.delete(productPriceBreaks).where(eq(productPriceBreaks.productId, productId));
  if (list.length > 0) {
    await tx.insert(productPriceBreaks).values(
      list.map((b) => ({ productId, minQuantity: b.min_quantity, unitPriceInCents: b.unit_price_in_cents })),
    );
  }
}

/**
 * PUT /api/product: creates (no id) or updates (id) a product and its photos in one transaction.
 * The route's policy made sure the caller is a member of body.organization.id and of the
 * product's organization.
 */
export async function saveProduct(ctx: AppContext, input: ProductInput): Promise<Product> {
  const lk = await getLookups(ctx.db);
  const orgId = input.organization.id;
  const creating = !input.id;
  if (input.id) {
    const [existing] = await ctx.db
      .select({ organizationId: products.organizationId, deletedAt: products.deletedAt })
      .from(products)
      .where(eq(products.id, input.id));
    if (!existing) throw notFound('Product');
    if (existing.deletedAt)
      throw new DomainError('not_found', 'not_found', 'Product not found: it was removed from the catalog.');
    if (existing.organizationId !== orgId) {
      throw fieldError('organization.id', 'cannot change: a product stays in the organization that created it');
    }
    const parentId = await parentOf(ctx.db, input.id);
    if (parentId) {
      throw fieldError('id', `is a variant: save its product (${parentId}) with its variants`);
    }
  }
  const columns = columnsFromInput(input, lk, creating);
  const mediaIds = orderedMedia(input);
  if (mediaIds) await checkMedia(ctx.db, orgId, input, mediaIds);

  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      // Products and photos change in several statements: the version row first (catalog-version.ts).
      await lockCatalogVersion(tx, orgId);
      const webhooksBefore = await catalogBeforeSave(tx, orgId, input.id);
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
          // The contract requires a name when there is no id.
          .values({ ...columns, name: input.name!, organizationId: orgId })
          .returning({ id: products.id });
        productId = created!.id;
      }
      await saveVolumeRules(tx, productId, input.price_breaks);
      if (mediaIds) {
        await tx.delete(productMedia).where(eq(productMedia.productId, productId));
        if (mediaIds.length > 0) {
          await tx.insert(productMedia).values(mediaIds.map((mediaId, i) => ({ productId, mediaId, displayOrder: i })));
        }
      }
      await saveVariants(tx, productId, input, lk);
      await recordCatalogWebhooks(tx, orgId, productId, creating, webhooksBefore);
      return productId;
    });
  } catch (err) {
    const pg = pgErrorCode(err);
    if (pg.code === '23505' && pg.constraint === 'products_org_sku_key') {
      // Another save took the SKU between the check and the write.
      if (columns.stockKeepingUnit) throw duplicateSku(columns.stockKeepingUnit);
      throw new DomainError('conflict', 'duplicate_sku', 'variants: another product or variant took one of these SKUs meanwhile.', [
        { path: 'variants', message: 'another product or variant took one of these SKUs meanwhile' },
      ]);
    }
    throw err;
  }
  return readProduct(ctx, id);
}

/**
 * Soft delete: the product leaves the catalogue and the lists, and its SKU is free again;
 * carts and orders that reference it keep working. Deleting twice answers the same.
 */
export async function deleteProduct(ctx: AppContext, id: string): Promise<Product> {
  const [owner] = await ctx.db.select({ organizationId: products.organizationId }).from(products).where(eq(products.id, id));
  if (!owner) throw notFound('Product');
  await ctx.db.transaction(async (tx) => {
    await lockCatalogVersion(tx, owner.organizationId);
    // A product's variants leave with it.
    await tx.execute(sql`
      update products set deleted_at = now(), updated_at = now()
       where (id = ${id} or parent_id = ${id}) and deleted_at is null`);
  });
  return readProduct(ctx, id);
}
