/**
 * The storefront list, GET /api/product/organization/{org_id}/for-sale: a seller's Live
 * products, newest first, keyset-paged, `q` on name or SKU — as full Products (the default,
 * `view=full`), as the grid's lean tiles (`view=tile`, contract ProductTile) or as the
 * quick-order sheet's rows (`view=sheet`, contract ProductSheetRow, no photos). It is the
 * busiest read of the storefront, so:
 *
 *  - PostgreSQL builds each page's JSON (one text per product, joined in Node); the tile is a
 *    quarter of a full product: the first photo only, with the resized copies a tile can need.
 *  - Statement texts are compiled once per shape (view, q or not, cursor or not, page size) and
 *    run with the values (compiled-query.ts): no SQL building per request.
 *  - Pages are cached per process (lib/page-cache.ts) under seller + view + limit + cursor + q, with
 *    the seller's catalogue stamp (catalog-version.ts). The route's access check selects the
 *    current stamp in the same statement (policies.ts, `accessAlongside`), and the process keeps
 *    the stamp with the check until a PostgreSQL notification names the seller or the user
 *    (auth/access-facts.ts), so a cached page costs no round trip; a miss builds the page and
 *    reads the stamp in ONE statement, so a page is never kept under a stamp older than its data.
 *    A change made through any process shows in every process once its notification arrives
 *    (at once in the process that made it).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ForSaleQuery } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { containsPattern, decodeCursor, keysetTimestamp, limitPlusOne, takePage } from '../../lib/pagination.js';
import { joinMediaSql } from '../media/sql.js';
import { catalogStampSql } from './catalog-version.js';
import { compileQuery, runCompiled, type CompiledQuery } from '../../db/compiled-query.js';
import { getLookups } from './lookups.js';
import { DEFAULT_PAGE_CACHE, PageCache, type CachedPage, type PageCacheOptions } from '../../lib/page-cache.js';
import { DEFAULT_PAGE_SIZE, productFrom, productJsonSql, productSearchSql } from './service.js';
import { listedPriceBreaksJsonSql, listedUnitPriceSql, mediaUrlSql, preorderJsonSql } from './sql.js';
import { hiddenFromListSql, priceListByIdSql, priceListKeySql, customerPriceListSql } from '../price-lists/sql.js';
import { viewerPurchaserSql } from '../../auth/access.js';
import { keptUntilNotified, type KeptAlongside } from '../../auth/policies.js';

export type ForSaleView = NonNullable<ForSaleQuery['view']>;

/**
 * The resized copies a tile lists: those a grid tile can need (contract IMAGE_SLOTS.tile, 173 to
 * 368 CSS px, at device pixel ratio 1 to 3; media-rules.ts).
 */
export const TILE_MIN_VARIANT_WIDTH = 200;
export const TILE_MAX_VARIANT_WIDTH = 1152;

/**
 * A product as a grid tile (contract ProductTile), as JSON text. Needs `p` products, `ou`
 * order_units, `pl` the buyer's price list and `lp` its unit price under it (read once). The image is the first photo by display order (product_media's index); the price
 * breaks one index range of product_price_breaks' primary key (most products have none).
 */
function tileJsonSql(publicUrl: string): SQL {
  return sql`json_build_object(
    'id', p.id, 'name', p.name, 'order_unit', ou.unit, 'quantity_per_unit', p.quantity_per_unit,
    'options', coalesce(p.options::json, '[]'::json),
    'variant_count', case when p.options is null then 1 else vs.n end,
    'price_range', case when p.options is null then
                          case when lp.unit_price is not null
                               then json_build_object('min', lp.unit_price, 'max', lp.unit_price) end
                        when vs.min_price is not null then json_build_object('min', vs.min_price, 'max', vs.max_price) end,
    'unit_price_in_cents', case when p.options is null then lp.unit_price else vs.min_price end,
    'msrp_in_cents', case when p.options is null then p.msrp_in_cents else vs.min_msrp end,
    'minimum_order_quantity', p.minimum_order_quantity, 'order_increment', p.order_increment,
    'price_breaks', ${listedPriceBreaksJsonSql('pl', 'p')},
    'track_inventory', p.preorder_ships_from is null
                       and case when p.options is null then p.track_inventory else coalesce(vs.tracked, false) end,
    'inventory_count', case when p.preorder_ships_from is not null then null
                            when p.options is null then case when p.track_inventory then p.inventory_count end
                            when vs.tracked then vs.stock end,
    'preorder', ${preorderJsonSql('p')},
    'image', (
      select json_build_object(
               'url', ${mediaUrlSql(publicUrl, sql`m.storage_key`)}, 'width', m.width, 'height', m.height,
               'variants', coalesce((
                 select json_object_agg(v.key, ${mediaUrlSql(publicUrl, sql`v.value`)} order by v.width)
                   from (select key, value, case when key ~ '^[0-9]{1,6}$' then key::int end as width
                           from jsonb_each_text(m.variants)) v
                  where v.width between ${sql.raw(String(TILE_MIN_VARIANT_WIDTH))} and ${sql.raw(String(TILE_MAX_VARIANT_WIDTH))}), '{}'::json))
        from (select media_id from product_media where product_id = p.id order by display_order, media_id limit 1) pm
        ${joinMediaSql('m', sql`pm.media_id`)})
  )::text`;
}

/**
 * A product as a quick-order sheet row (contract ProductSheetRow), as JSON text. Needs `p`
 * products and `ou` order_units; no photo, so a row is a fraction of a tile.
 */
function sheetRowJsonSql(v: string): SQL {
  const a = sql.identifier(v);
  return sql`json_build_object(
    'id', ${a}.id, 'product_id', p.id, 'name', ${a}.name,
    'variant_title', case when ${a}.parent_id is not null then array_to_string(${a}.option_values, ' / ') end,
    'stock_keeping_unit', ${a}.stock_keeping_unit, 'order_unit', ou.unit,
    'quantity_per_unit', ${a}.quantity_per_unit, 'unit_price_in_cents', ${listedUnitPriceSql('pl', v)},
    'minimum_order_quantity', ${a}.minimum_order_quantity, 'order_increment', ${a}.order_increment,
    'price_breaks', ${listedPriceBreaksJsonSql('pl', v)},
    'track_inventory', ${a}.track_inventory and ${a}.preorder_ships_from is null,
    'inventory_count', case when ${a}.track_inventory and ${a}.preorder_ships_from is null then ${a}.inventory_count end,
    'preorder', ${preorderJsonSql(v)}
  )::text`;
}

/**
 * The sheet rows of product `p`: itself, or one row per variant for sale, by position — as one
 * text of comma-separated JSON objects (null when none is for sale). A sheet page counts
 * products, so it may hold more rows than its limit.
 */
function sheetRowsSql(live: ReturnType<typeof sql.placeholder>): SQL {
  return sql`case when p.options is null then ${sheetRowJsonSql('p')}
             else (select string_agg(${sheetRowJsonSql('sv')}, ',' order by sv.variant_position, sv.id)
                     from products sv where sv.parent_id = p.id and sv.deleted_at is null and sv.state_id = ${live}) end`;
}

/**
 * The figures a tile of a product with options shows (`vs`): how many variants are for sale,
 * their lowest and highest price and MSRP, and their stock when every one is tracked. Read only
 * for products with options (products_parent_idx); a product without options reads nothing.
 */
function variantSummarySql(live: ReturnType<typeof sql.placeholder>): SQL {
  return sql`left join lateral (
      select count(*)::int as n, min(${listedUnitPriceSql('pl', 'v')}) as min_price, max(${listedUnitPriceSql('pl', 'v')}) as max_price,
             min(v.msrp_in_cents) as min_msrp, bool_and(v.track_inventory) as tracked,
             sum(v.inventory_count)::int as stock
        from products v
       where p.options is not null and v.parent_id = p.id and v.deleted_at is null and v.state_id = ${live}) vs on true`;
}

/**
 * One page and the seller's stamp, in one statement (so they come from one snapshot). Always
 * one row at least: an empty page is a row with a stamp and no product.
 */
function forSaleStatement(publicUrl: string, view: ForSaleView, hasQ: boolean, hasCursor: boolean, limit: number): SQL {
  const org = sql.placeholder('org');
  const q = sql.placeholder('q');
  const live = sql.placeholder('live');
  // The buyer's price list (none: wholesale): every view prices under it and leaves out what it hides.
  const pricing = priceListByIdSql(sql`${sql.placeholder('list')}::uuid`);
  const doc =
    view === 'tile' ? tileJsonSql(publicUrl) : view === 'sheet' ? sheetRowsSql(live) : productJsonSql(publicUrl, true);
  const from =
    view === 'full'
      ? productFrom(pricing)
      : sql`from products p cross join lateral ${pricing} pl
            left join order_units ou on ou.id = p.order_unit_id
            ${view === 'tile' ? sql`cross join lateral (select ${listedUnitPriceSql('pl', 'p')} as unit_price) lp ${variantSummarySql(live)}` : sql``}`;
  return sql`
    select s.stamp, page.id, page.keyset_at, page.doc
      from (select ${catalogStampSql(org, view === 'full')} as stamp) s
      left join lateral (
        select p.id, p.created_at, ${keysetTimestamp(sql`p.created_at`)} as keyset_at, ${doc} as doc
        ${from}
         where p.organization_id = ${org} and p.deleted_at is null and p.parent_id is null and p.state_id = ${live}
           and not ${hiddenFromListSql('pl', sql`p.id`)}
           ${hasQ ? sql`and ${productSearchSql(q)}` : sql``}
           ${hasCursor ? sql`and (p.created_at, p.id) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)` : sql``}
         order by p.created_at desc nulls last, p.id desc nulls last
         ${limitPlusOne(limit)}
      ) page on true
     order by page.created_at desc nulls last, page.id desc nulls last`;
}

type PageRow = { stamp: string; id: string | null; keyset_at: string | null; doc: string | null };

export interface ForSalePages {
  /** Cached pages of this process (tests and diagnostics). */
  readonly cache: PageCache;
  /**
   * What the route's access check selects alongside (`accessAlongside`): the seller's catalogue
   * stamp and the price list the user sees the store under, as `stamp|list id` — kept by the
   * process until a notification names the seller or the user (`keptUntilNotified`, policies.ts).
   */
  stampSql(organizationId: string, view: ForSaleView, userId: string): KeptAlongside;
  /**
   * The page for the query, priced under the viewer's list: cached when it was built from the
   * seller's current stamp (`alongside`, read with the access check), else built now. `key` is
   * its cache key — a list's pages are never another's.
   */
  page(organizationId: string, query: ForSaleQuery, alongside: string): Promise<{ key: string; page: CachedPage }>;
}

/** The storefront list of one app: its statements and its page cache. */
export function createForSalePages(ctx: AppContext, cacheOptions: PageCacheOptions = DEFAULT_PAGE_CACHE): ForSalePages {
  const publicUrl = ctx.config.publicUrl;
  const cache = new PageCache(cacheOptions);
  const statements = new Map<string, CompiledQuery>();

  /** Compiled on first use of a shape: at most 3 views × 2 × 2 × 200 page sizes. */
  function statementFor(view: ForSaleView, hasQ: boolean, hasCursor: boolean, limit: number): CompiledQuery {
    const shape = `${view}:${hasQ ? 'q' : ''}:${hasCursor ? 'c' : ''}:${limit}`;
    let statement = statements.get(shape);
    if (!statement) {
      statement = compileQuery(forSaleStatement(publicUrl, view, hasQ, hasCursor, limit));
      statements.set(shape, statement);
    }
    return statement;
  }

  return {
    cache,
    // The statement depends on the seller, whether the view names it, and the user (added by the keeper).
    stampSql: (organizationId, view, userId) =>
      keptUntilNotified(
        `${organizationId}:${view === 'full' ? 'full' : 'lean'}`,
        () => sql`(select ${catalogStampSql(sql`${organizationId}::uuid`, view === 'full')} || '|' || ${priceListKeySql('vl')}
             from ${customerPriceListSql(sql`${organizationId}::uuid`, viewerPurchaserSql(sql`${organizationId}::uuid`, sql`${userId}::uuid`))} vl)`,
      ),
    async page(organizationId, query, alongside) {
      const bar = alongside.lastIndexOf('|');
      const stamp = alongside.slice(0, bar);
      const list = alongside.slice(bar + 1) || null;
      const view = query.view ?? 'full';
      const limit = query.limit ?? DEFAULT_PAGE_SIZE;
      const cursor = decodeCursor(query.cursor);
      const q = query.q || undefined;
      // \u0000 cannot occur in any part (q is single-line text without control characters).
      const key = [organizationId, list ?? '', view, limit, query.cursor ?? '', q ?? ''].join('\u0000');
      const page = await cache.getOrBuild(key, stamp, async () => {
        const lk = await getLookups(ctx.db);
        const rows = await runCompiled<PageRow>(ctx.db, statementFor(view, q !== undefined, cursor !== null, limit), {
          org: organizationId,
          list,
          live: lk.liveStateId,
          q: q === undefined ? undefined : containsPattern(q),
          at: cursor?.at,
          id: cursor?.id,
        });
        const products = rows.filter(
          (r): r is PageRow & { id: string; keyset_at: string; doc: string } => r.id !== null,
        );
        const taken = takePage(products, limit);
        return {
          stamp: rows[0]!.stamp,
          // A sheet row text is '' or null for a product with no variant for sale.
          json: `[${taken.rows.filter((r) => r.doc).map((r) => r.doc).join(',')}]`,
          nextCursor: taken.nextCursor,
        };
      });
      return { key, page };
    },
  };
}
