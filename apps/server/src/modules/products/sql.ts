/**
 * What other modules read of products in their own one-query reads (a leaf: it imports only
 * drizzle, db/ and other modules' sql.ts; docs/architecture.md → Boundaries): the photos and
 * price breaks of a product's JSON, and the products as the carts module reads them: the facts
 * a cart line change is checked against, and the JSON of a product as a cart line shows it
 * (contract CartProduct, live price). Both are SQL fragments, so a cart is read, and a line
 * written, in one statement each.
 *
 * ── The price of a cart line ─────────────────────────────────────────────────────────────
 * `effectiveUnitPriceSql` below is THE definition of what one unit of a line costs at its
 * quantity (issue 13 item 3): the price of the product's volume break with the largest
 * min_quantity at or below the quantity, else its unit price (0 when unset) — and, for a buyer on
 * a price list (issue 25), `listedUnitPriceAtSql` applies the list to it. The cart read,
 * the cart total, checkout's locked lines and so the prices captured on the order and its
 * invoice all come from it; the browser's display mirrors it (contract volume-rules.ts
 * `unitPriceForQuantity`, with the same cases tested on both).
 */
import { sql, type SQL } from 'drizzle-orm';
import { joinMediaSql } from '../media/sql.js';
import {
  discountedCentsSql,
  hiddenFromListSql,
  listBreakPriceAtSql,
  listBreaksJsonSql,
  listFixedPriceSql,
} from '../price-lists/sql.js';

/** The public URL of a stored file, in SQL (the same rule as lib/media-url.ts). */
export const mediaUrlSql = (publicUrl: string, key: SQL) =>
  sql`case when ${key} ~ '^https?://' then ${key} else ${publicUrl}::text || '/media/' || ${key} end`;

/**
 * A JSON array: the photos of the product whose id is in `productId`, in display order, each as
 * contract ProductMedia (`display_order`, `product_id`, `media` with its URL and resized
 * variants) (the product's `media`) — the
 * first `limit` of them when given — `preferMediaId`'s photo first when given (a variant's own
 * photo among its product's). Uses product_media's (product_id, display_order) index.
 */
export function productMediaJsonSql(publicUrl: string, productId: SQL, limit?: number, preferMediaId?: SQL): SQL {
  const top = limit === undefined ? sql`` : sql`limit ${limit}`;
  const first = preferMediaId === undefined ? sql`` : sql`(media_id = ${preferMediaId}) is true desc,`;
  return sql`coalesce((
      select json_agg(json_build_object(
               'display_order', pm.display_order, 'product_id', pm.product_id,
               'media', json_build_object(
                 'id', m.id, 'cloudinary_url', ${mediaUrlSql(publicUrl, sql`m.storage_key`)},
                 'width', m.width, 'height', m.height,
                 'variants', coalesce((select json_object_agg(v.key, ${mediaUrlSql(publicUrl, sql`v.value`)})
                                         from jsonb_each_text(m.variants) v), '{}'::json)))
             order by pm.display_order, pm.media_id)
        from (select product_id, media_id, display_order from product_media
               where product_id = ${productId}
               order by ${first} display_order, media_id ${top}) pm
        ${joinMediaSql('m', sql`pm.media_id`)}), '[]'::json)`;
}

/**
 * A JSON array (contract PriceBreakList): the price breaks of product `p`, by min_quantity —
 * each price less the price list `pl`'s percentage when given.
 */
export function priceBreaksJsonSql(p: string, pl?: string): SQL {
  const a = sql.identifier(p);
  const price = pl === undefined ? sql`b.unit_price_in_cents` : discountedCentsSql(pl, sql`b.unit_price_in_cents`);
  return sql`coalesce((select json_agg(json_build_object('min_quantity', b.min_quantity,
                                                         'unit_price_in_cents', ${price})
                                       order by b.min_quantity)
                         from product_price_breaks b where b.product_id = ${a}.id), '[]'::json)`;
}

// ─── Prices under a price list (issue 25) ────────────────────────────────────────────
// `pl` is the alias of the price list in force (price-lists/sql.ts: one row, `id` null when the
// buyer has none); null means a read without a buyer (the seller's own screens): wholesale.
// With a list, a sellable product's price is the list's fixed price (with the list's own
// breaks) when it has one, else its wholesale price — breaks included — less the list's
// percentage. The browser gets the resulting unit price and breaks, and computes a line's price
// from them with the same rule as ever (contract volume-rules.ts `unitPriceForQuantity`).

/** An integer or null: the unit price of sellable product `p` before volume breaks, under list `pl`. */
export function listedUnitPriceSql(pl: string | null, p: string): SQL {
  const a = sql.identifier(p);
  if (pl === null) return sql`${a}.unit_price_in_cents`;
  const l = sql.identifier(pl);
  return sql`case when ${l}.id is null then ${a}.unit_price_in_cents
                  else coalesce(${listFixedPriceSql(pl, sql`${a}.id`)},
                                ${discountedCentsSql(pl, sql`${a}.unit_price_in_cents`)}) end`;
}

/** A JSON array (contract PriceBreakList): the volume breaks of sellable product `p` under list `pl`. */
export function listedPriceBreaksJsonSql(pl: string | null, p: string): SQL {
  if (pl === null) return priceBreaksJsonSql(p);
  const a = sql.identifier(p);
  const l = sql.identifier(pl);
  return sql`case when ${l}.id is null then ${priceBreaksJsonSql(p)}
                  when ${listFixedPriceSql(pl, sql`${a}.id`)} is not null then ${listBreaksJsonSql(pl, sql`${a}.id`)}
                  else ${priceBreaksJsonSql(p, pl)} end`;
}

/** An integer: what one unit of product `p` costs in a line of `quantity` units under list `pl`. */
function listedUnitPriceAtSql(pl: string, p: string, quantity: SQL): SQL {
  const a = sql.identifier(p);
  const l = sql.identifier(pl);
  return sql`case when ${l}.id is null then ${effectiveUnitPriceSql(p, quantity)}
                  else coalesce(${listBreakPriceAtSql(pl, sql`${a}.id`, quantity)},
                                ${listFixedPriceSql(pl, sql`${a}.id`)},
                                ${discountedCentsSql(pl, effectiveUnitPriceSql(p, quantity))}) end`;
}

/** A boolean: list `pl` hides sellable product `p` (its product is hidden; false without a list). */
export function hiddenForBuyerSql(pl: string, p: string): SQL {
  const a = sql.identifier(p);
  return sql`(${sql.identifier(pl)}.id is not null and ${hiddenFromListSql(pl, sql`coalesce(${a}.parent_id, ${a}.id)`)})`;
}

/** The unit price of product `p` (an alias of products) for `quantity` units (see above). */
function effectiveUnitPriceSql(p: string, quantity: SQL): SQL {
  const a = sql.identifier(p);
  return sql`coalesce((select b.unit_price_in_cents from product_price_breaks b
                        where b.product_id = ${a}.id and b.min_quantity <= ${quantity}
                        order by b.min_quantity desc limit 1),
                      ${a}.unit_price_in_cents, 0)`;
}

/**
 * Whether the row `p` is sold now: Live, and not a product with options (its variants are sold;
 * a variant copies its product's state and is not Live when unavailable — products/variants.ts).
 */
function liveSql(p: string, liveStateId: number): SQL {
  const a = sql.identifier(p);
  return sql`(coalesce(${a}.state_id = ${liveStateId}, false) and ${a}.options is null)`;
}

/**
 * Why product `p` cannot be in a line of `quantity` units: 'below_minimum', 'not_a_multiple'
 * (of its order increment), or null (0 units is no line: always null). The rule of contract
 * volume-rules.ts `quantityProblem`.
 */
function quantityProblemSql(p: string, quantity: SQL): SQL {
  const a = sql.identifier(p);
  return sql`case when ${quantity} = 0 then null
                  when ${quantity} < ${a}.minimum_order_quantity then 'below_minimum'
                  when ${quantity} % ${a}.order_increment <> 0 then 'not_a_multiple'
             end`;
}

/**
 * An integer: what one unit of the product whose id is in `productId` costs in a line of
 * `quantity` units under the price list `pricing` (a FROM item of price-lists/sql.ts: the
 * buyer's list) — 0 for an unknown product.
 */
export function productUnitPriceSql(pricing: SQL, productId: SQL, quantity: SQL): SQL {
  return sql`coalesce((select ${listedUnitPriceAtSql('pl', 'p', quantity)}
                         from products p cross join lateral ${pricing} pl where p.id = ${productId}), 0)`;
}

/**
 * A FROM item of at most one row (use it in a `left join lateral`): the `id` of the seller's
 * product named by `productId` (any of its products, removed ones included) or, when that is
 * null, by `sku` (its live-or-draft product with that SKU; removed ones keep theirs but are no
 * longer found by it). For lines that name a product either way (the quick-order sheet, a
 * pasted "SKU, quantity" list).
 */
export function sellerProductByIdOrSkuSql(sellerId: string, productId: SQL, sku: SQL): SQL {
  return sql`(select x.id from products x
               where ${productId} is not null and x.id = ${productId} and x.organization_id = ${sellerId}
              union all
              select x.id from products x
               where ${productId} is null and x.organization_id = ${sellerId} and x.deleted_at is null
                 and x.stock_keeping_unit = ${sku}
              limit 1)`;
}

/**
 * A FROM item of at most one row: what a line of `quantity` units is checked against, for the
 * product whose id is in `productId` — `id`, `organization_id` (the seller), `name`,
 * `stock_keeping_unit`, `deleted`,
 * `live`, `track_inventory`, `inventory_count`, `minimum_order_quantity`, `order_increment`,
 * `quantity_problem` (see quantityProblemSql) and `unit_price_in_cents` (the price of one unit
 * at that quantity under the buyer's price list `pricing`, a FROM item of price-lists/sql.ts:
 * listedUnitPriceAtSql). A product the list hides is `hidden` (and not `live`) for that buyer. Removed products
 * are included (their lines may still be removed). Give it an alias.
 */
export function productForCartSql(pricing: SQL, liveStateId: number, productId: SQL, quantity: SQL): SQL {
  return sql`(select p.id, p.organization_id, p.name, p.stock_keeping_unit, p.deleted_at is not null as deleted,
                     (${liveSql('p', liveStateId)} and not ${hiddenForBuyerSql('pl', 'p')}) as live,
                     ${hiddenForBuyerSql('pl', 'p')} as hidden, p.options is not null as has_variants,
                     (p.track_inventory and p.preorder_ships_from is null) as track_inventory, p.inventory_count,
                     ${preorderClosedSql('p')} as preorder_closed,
                     p.minimum_order_quantity, p.order_increment,
                     ${quantityProblemSql('p', quantity)} as quantity_problem,
                     ${listedUnitPriceAtSql('pl', 'p', quantity)} as unit_price_in_cents
                from products p
                cross join lateral ${pricing} pl
               where p.id = ${productId})`;
}

/**
 * A FROM item of one row (use it in a `cross join lateral`) for the product whose id is in
 * `productId`, in a line of `quantity` units: `product`, its JSON as contract CartProduct (live
 * price, first photo only, `inventory_count` only when tracked, order rules and price breaks),
 * whether the product was removed (`deleted`) and is for sale (`live`) — with the product's
 * stock, what the cart shows a line's availability from —, `quantity_problem` and
 * `unit_price_in_cents`, the price of one unit at that quantity — all priced under the buyer's
 * price list `pricing` (a FROM item of price-lists/sql.ts; a product it hides is not `live`).
 */
export function cartProductSql(pricing: SQL, publicUrl: string, liveStateId: number, productId: SQL, quantity: SQL): SQL {
  return sql`(select json_build_object(
                       'id', p.id, 'name', p.name, 'parent_product_id', p.parent_id,
                       'variant_title', case when p.parent_id is not null then array_to_string(p.option_values, ' / ') end,
                       'unit_price_in_cents', ${listedUnitPriceSql('pl', 'p')}, 'msrp_in_cents', p.msrp_in_cents,
                       'order_unit', case when ou.id is null then null else json_build_object('id', ou.id, 'unit', ou.unit) end,
                       'quantity_per_unit', p.quantity_per_unit, 'stock_keeping_unit', p.stock_keeping_unit,
                       'media', ${productMediaJsonSql(publicUrl, sql`coalesce(p.parent_id, p.id)`, 1, sql`p.variant_media_id`)},
                       'track_inventory', p.track_inventory and p.preorder_ships_from is null,
                       'inventory_count', case when p.track_inventory and p.preorder_ships_from is null then p.inventory_count end,
                       'preorder', ${preorderJsonSql('p')},
                       'minimum_order_quantity', p.minimum_order_quantity, 'order_increment', p.order_increment,
                       'price_breaks', ${listedPriceBreaksJsonSql('pl', 'p')}
                     ) as product,
                     p.deleted_at is not null as deleted,
                     ${preorderClosedSql('p')} as preorder_closed,
                     (${liveSql('p', liveStateId)} and not ${hiddenForBuyerSql('pl', 'p')}) as live,
                     ${quantityProblemSql('p', quantity)} as quantity_problem,
                     ${listedUnitPriceAtSql('pl', 'p', quantity)} as unit_price_in_cents
                from products p
                cross join lateral ${pricing} pl
                left join order_units ou on ou.id = p.order_unit_id
               where p.id = ${productId})`;
}

/**
 * A FROM item of one row (use it in a `cross join lateral`) for the product whose id is in
 * `productId`, as an order line shows it: `name`, `stock_keeping_unit`, `order_unit` (its
 * name) and `quantity_per_unit` — as the product has them now, removed products included.
 */
export function productForOrderLineSql(productId: SQL): SQL {
  return sql`(select p.name, p.stock_keeping_unit, ou.unit as order_unit, p.quantity_per_unit,
                     case when p.parent_id is not null then array_to_string(p.option_values, ' / ') end as variant_title
                from products p
                left join order_units ou on ou.id = p.order_unit_id
               where p.id = ${productId})`;
}

/**
 * A FROM item of at most one row (use it in a `left join lateral`) for the row whose id is in
 * `productId`: `parent_id` (its product, when it is a variant; null for a product) and
 * `variant_title` ("M / Black"; null for a product). For reads that group variants by product.
 */
export function variantOfSql(productId: SQL): SQL {
  return sql`(select p.parent_id,
                     case when p.parent_id is not null then array_to_string(p.option_values, ' / ') end as variant_title
                from products p
               where p.id = ${productId})`;
}

// ─── Pre-orders (issue 25 part 4; docs/decisions/012-pre-orders.md) ──────────────────────
// A product with a pre-order window is sold without stock: tracked inventory does not limit it
// and no stock is held for it (productForCartSql and cartProductSql answer it untracked,
// reservations.ts holds none); after its order-by day (UTC) it can no longer be added or
// checked out (409 preorder_closed). Its variants carry the window too (catalog.ts copies it).

/** JSON (contract Preorder) of product `p`'s pre-order window, or null when it is not a pre-order. */
export function preorderJsonSql(p: string): SQL {
  const a = sql.identifier(p);
  return sql`case when ${a}.preorder_ships_from is not null then json_build_object(
               'ships_from', ${a}.preorder_ships_from::text, 'ships_until', ${a}.preorder_ships_until::text,
               'order_by', ${a}.preorder_order_by::text) end`;
}

/** A boolean: product `p` is a pre-order whose order-by day has passed (UTC). */
export function preorderClosedSql(p: string): SQL {
  const a = sql.identifier(p);
  return sql`coalesce(${a}.preorder_order_by < (now() at time zone 'UTC')::date, false)`;
}

/**
 * A FROM item of one row (use it in a `left join lateral`): the pre-order ship window of the
 * product whose id is in `productId` — `ships_from`, `ships_until` (null: ships now). What an
 * order line captures when the order is placed (carts/service.ts closeCartWithLines).
 */
export function productShipWindowSql(productId: SQL): SQL {
  return sql`(select p.preorder_ships_from as ships_from, p.preorder_ships_until as ships_until
                from products p where p.id = ${productId})`;
}
