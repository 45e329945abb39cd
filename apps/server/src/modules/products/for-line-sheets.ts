/**
 * Products as the line-sheets module reads them (issue 25 part 3): a sheet's products in one
 * statement — each as contract LineSheetProduct JSON, with its variants for sale, the first
 * photo (its resized copies up to 600 px) and the stored locator of the photo's small copy the
 * PDF draws. Prices are the sheet's price list's (price-lists/sql.ts through `listedUnitPriceSql`:
 * a fixed price, else wholesale less the list's percentage; no list: wholesale) for one unit, and
 * the products the list hides are left out — the same definitions the storefront prices with.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { joinMediaSql } from '../media/sql.js';
import { hiddenFromListSql, priceListByIdSql } from '../price-lists/sql.js';
import { listedUnitPriceSql, mediaUrlSql } from './sql.js';

/** The widest resized copy the sheet's page lists (cards of at most ~300 CSS px, 2× screens). */
const PAGE_MAX_VARIANT_WIDTH = 600;
/** The copy the PDF draws (a grid cell is ~120 pt wide). */
export const PDF_IMAGE_WIDTH = '200';

export interface LineSheetProductsQuery {
  sellerId: string;
  liveStateId: number;
  publicUrl: string;
  /** The chosen products in order, or 'all' for the seller's live products, newest first. */
  productIds: readonly string[] | 'all';
  limit: number;
  /** Whose prices: the sheet's price list (the seller's; null: wholesale). */
  priceListId: string | null;
}

export type LineSheetProductRow = {
  id: string;
  /** The product as contract LineSheetProduct, as JSON text. */
  doc: string;
  /** The stored locator (key or URL) of the photo's small copy; null without a photo. */
  image_locator: string | null;
  /** True when the photo has no resized copy (it is smaller than the copy's width). */
  image_is_original: boolean;
};

/** A JSON object (contract LineSheetShipWindow) of the pre-order window of products row `p`, or null. */
function shipWindowSql(p: string): SQL {
  const a = sql.identifier(p);
  return sql`case when ${a}.preorder_ships_from is not null then json_build_object(
                 'ships_from', ${a}.preorder_ships_from, 'ships_until', ${a}.preorder_ships_until,
                 'order_by', ${a}.preorder_order_by) end`;
}

/** The sheet's products, live and not hidden, in the sheet's order (one statement). */
export async function lineSheetProducts(db: DbOrTx, q: LineSheetProductsQuery): Promise<LineSheetProductRow[]> {
  const live = q.liveStateId;
  const source =
    q.productIds === 'all'
      ? sql`(select x.id, row_number() over (order by x.created_at desc, x.id desc) as position
               from products x
              where x.organization_id = ${q.sellerId} and x.deleted_at is null and x.parent_id is null
                and x.state_id = ${live}
              order by x.created_at desc, x.id desc
              limit ${q.limit})`
      : sql`(select e.value::uuid as id, e.ordinality as position
               from json_array_elements_text(${JSON.stringify(q.productIds)}::json) with ordinality e)`;
  const price = listedUnitPriceSql('pl', 'p');
  const variantPrice = listedUnitPriceSql('pl', 'v');
  const result = await db.execute<LineSheetProductRow>(sql`
    select p.id,
           json_build_object(
             'id', p.id, 'name', p.name, 'description', nullif(p.description, ''),
             'stock_keeping_unit', p.stock_keeping_unit,
             'order_unit', ou.unit, 'quantity_per_unit', p.quantity_per_unit,
             'unit_price_in_cents', case when p.options is null then pp.price else vs.min_price end,
             'price_range', case when p.options is null
                                 then case when pp.price is not null then json_build_object('min', pp.price, 'max', pp.price) end
                                 when vs.min_price is not null then json_build_object('min', vs.min_price, 'max', vs.max_price) end,
             'msrp_in_cents', case when p.options is null then p.msrp_in_cents else vs.min_msrp end,
             'minimum_order_quantity', p.minimum_order_quantity, 'order_increment', p.order_increment,
             'image', case when img.id is null then null else json_build_object(
                        'url', ${mediaUrlSql(q.publicUrl, sql`img.storage_key`)}, 'width', img.width, 'height', img.height,
                        'variants', coalesce((
                          select json_object_agg(iv.key, ${mediaUrlSql(q.publicUrl, sql`iv.value`)} order by iv.width)
                            from (select key, value, case when key ~ '^[0-9]{1,6}$' then key::int end as width
                                    from jsonb_each_text(img.variants)) iv
                           where iv.width <= ${sql.raw(String(PAGE_MAX_VARIANT_WIDTH))}), '{}'::json)) end,
             'options', coalesce(p.options::json, '[]'::json),
             'variants', coalesce(vs.variants, '[]'::json),
             -- The product's window; for a product with options, its variants' earliest.
             'ship_window', coalesce(${shipWindowSql('p')}, vs.ship_window)
           )::text as doc,
           coalesce(img.variants ->> ${PDF_IMAGE_WIDTH}, img.storage_key) as image_locator,
           coalesce(img.id is not null and img.variants ->> ${PDF_IMAGE_WIDTH} is null, false) as image_is_original
      from ${source} s
      join products p on p.id = s.id
      cross join ${priceListByIdSql(sql`${q.priceListId}::uuid`)} pl
      left join order_units ou on ou.id = p.order_unit_id
      cross join lateral (select case when p.options is null then ${price} end as price) pp
      left join lateral (
        select json_agg(json_build_object(
                 'id', v.id, 'title', array_to_string(v.option_values, ' / '),
                 'stock_keeping_unit', v.stock_keeping_unit,
                 'unit_price_in_cents', v.price, 'msrp_in_cents', v.msrp_in_cents)
               order by v.variant_position, v.id) as variants,
               min(v.price) as min_price, max(v.price) as max_price, min(v.msrp_in_cents) as min_msrp,
               (array_agg(${shipWindowSql('v')} order by v.preorder_ships_from)
                  filter (where v.preorder_ships_from is not null))[1] as ship_window
          from (select v.*, ${variantPrice} as price from products v
                 where p.options is not null and v.parent_id = p.id and v.deleted_at is null and v.state_id = ${live}) v
      ) vs on true
      left join lateral (
        select m.id, m.storage_key, m.width, m.height, m.variants
          from (select media_id from product_media where product_id = p.id order by display_order, media_id limit 1) pm
          ${joinMediaSql('m', sql`pm.media_id`)}
      ) img on true
     where p.organization_id = ${q.sellerId} and p.deleted_at is null and p.parent_id is null and p.state_id = ${live}
       and not ${hiddenFromListSql('pl', sql`p.id`)}
       and (p.options is null or vs.variants is not null)
     order by s.position
     limit ${q.limit}`);
  return result.rows;
}

/** Which of `ids` are products of the seller a sheet may list: not variants, not removed (any state). */
export async function sellerProductIds(db: DbOrTx, sellerId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const result = await db.execute<{ id: string }>(sql`
    select p.id from products p
     where p.id = any(${`{${ids.join(',')}}`}::uuid[])
       and p.organization_id = ${sellerId} and p.parent_id is null and p.deleted_at is null`);
  return new Set(result.rows.map((r) => r.id));
}

/** How many Live products the seller has, up to `cap` (an "all live products" sheet's count). */
export async function liveProductCount(
  db: DbOrTx,
  sellerId: string,
  liveStateId: number,
  cap: number,
): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select 1 from products p
       where p.organization_id = ${sellerId} and p.deleted_at is null and p.parent_id is null and p.state_id = ${liveStateId}
       limit ${cap}) x`);
  return result.rows[0]?.n ?? 0;
}
