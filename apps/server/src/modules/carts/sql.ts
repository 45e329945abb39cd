/**
 * What other modules read of carts and their lines in their own one-query reads: the cart's
 * total and lines, and a placed order's lines — the lines of its cart (a leaf: it imports only
 * drizzle, db/ and other modules' sql.ts; docs/architecture.md → Boundaries).
 */
import { sql, type SQL } from 'drizzle-orm';
import { fromItem } from '../../db/from-item.js';
import { productForOrderLineSql, productUnitPriceSql } from '../products/sql.js';
import { customerPriceListSql } from '../price-lists/sql.js';

/**
 * A FROM item of one row (price-lists/sql.ts `customerPriceListSql`): the price list the cart's
 * purchaser buys on from its seller — what the cart's open lines are priced under.
 */
export function cartPriceListSql(cartId: SQL): SQL {
  return customerPriceListSql(
    sql`(select selling_organization_id from carts where id = ${cartId})`,
    sql`(select purchasing_organization_id from carts where id = ${cartId})`,
  );
}

/**
 * An integer: the unit price of an open cart's line `li` (alias) given `listed`, its product's
 * listed price at the line's quantity (products/sql.ts) — the price agreed in an order the seller
 * wrote and the retailer accepted (issue 25 part 2) when the line has one, whatever its quantity
 * became since, else `listed`. THE price of an open line: the cart read, the cart total and the
 * checkout's locked lines all use it.
 */
export function lineUnitPriceSql(listed: SQL): SQL {
  return sql`coalesce(li.agreed_unit_price_in_cents, ${listed})`;
}

/**
 * A bigint: the total of the cart's goods whose id is in `cartId`, its lines at their captured
 * price (or, before the order was submitted, the agreed or listed price: lineUnitPriceSql). Quantity × price is taken in bigint: an open cart may hold more than a 32-bit
 * integer (9,999 × $9,999,999.99 a line); read it as a number.
 */
export function cartTotalSql(cartId: SQL): SQL {
  return sql`(
             select coalesce(sum(li.quantity::bigint * coalesce(li.unit_price_in_cents,
                                                        ${lineUnitPriceSql(productUnitPriceSql(cartPriceListSql(cartId), sql`li.product_id`, sql`li.quantity`))})), 0)
               from line_items li
              where li.cart_id = ${cartId}
           )`;
}

/**
 * A FROM item (use it in a `cross join lateral`): the lines of the cart whose id is in `cartId`
 * — `product_id`, `quantity`, `unit_price_in_cents` (captured once its order was submitted).
 */
export const cartLinesSql = fromItem<{ product_id: string; quantity: number; unit_price_in_cents: number | null }>()(
  { product_id: true, quantity: true, unit_price_in_cents: true },
  (cartId: SQL) => sql`(select product_id, quantity, unit_price_in_cents from line_items where cart_id = ${cartId})`,
);

/** An integer: how many units the cart whose id is in `cartId` holds (every line). */
export function cartItemCountSql(cartId: SQL): SQL {
  return sql`(select coalesce(sum(li.quantity), 0)::int from line_items li where li.cart_id = ${cartId})`;
}

/**
 * A JSON array (contract OrderLine[]): the lines of a submitted order's cart whose id is in
 * `cartId`, in the order they were added, at the price captured when it was submitted (the
 * product's current name, SKU and unit; a removed product keeps its line).
 */
export function orderLinesJsonSql(cartId: SQL): SQL {
  return sql`coalesce((
    select json_agg(json_build_object(
             'id', li.id, 'product_id', li.product_id, 'name', coalesce(p.name, ''), 'variant_title', p.variant_title,
             'stock_keeping_unit', p.stock_keeping_unit, 'order_unit', p.order_unit,
             'quantity_per_unit', p.quantity_per_unit, 'quantity', li.quantity,
             'unit_price_in_cents', coalesce(li.unit_price_in_cents, 0),
             'line_total_cents', li.quantity::bigint * coalesce(li.unit_price_in_cents, 0),
             'cancelled_quantity', li.cancelled_quantity, 'shipped_quantity', li.shipped_quantity,
             'unavailable_quantity', li.unavailable_quantity, 'restock_on', li.restock_on::text, 'backorder', li.backorder,
             'ships_from', li.ships_from::text, 'ships_until', li.ships_until::text)
           order by li.created_at, li.id)
      from line_items li
      left join lateral ${productForOrderLineSql(sql`li.product_id`)} p on true
     where li.cart_id = ${cartId}), '[]'::json)`;
}

/** Text: the name of the order line whose id is in `lineId` (of the cart in `cartId`), as the product has it now ('' when gone). */
export function orderLineNameSql(lineId: SQL, cartId: SQL): SQL {
  return sql`coalesce((select p.name from line_items li
                        cross join lateral ${productForOrderLineSql(sql`li.product_id`)} p
                       where li.id = ${lineId} and li.cart_id = ${cartId}), '')`;
}

/**
 * A SELECT of one row per line of a placed order (its cart is no longer open) that names one of
 * the products whose ids are the uuid[] `productIds`: `exists (…)` tells whether any was ordered.
 */
export function orderedProductIdsSql(productIds: SQL): SQL {
  return sql`select li.product_id from line_items li join carts c on c.id = li.cart_id
              where li.product_id = any(${productIds}) and c.status <> 'open'`;
}

/**
 * A FROM item (issue 25): the distinct pre-order ship windows of the lines of the cart whose id
 * is in `cartId` — `ships_from`, `ships_until` (lines that ship now are left out).
 */
export function cartShipWindowsSql(cartId: SQL): SQL {
  return sql`(select distinct li.ships_from, li.ships_until from line_items li
               where li.cart_id = ${cartId} and li.ships_from is not null)`;
}
