/**
 * What other modules read of price lists in their own one-query reads (a leaf: it imports only
 * drizzle, db/ and other modules' sql.ts; docs/architecture.md → Boundaries).
 *
 * A price list "in force" is a FROM item of exactly one row with two columns — `id` (the list's
 * id, null when the buyer has none) and `bp` (its percentage off wholesale in basis points, 0
 * when none) — joined once per statement under an alias (by convention `pl`). The fragments
 * below read that alias; products/sql.ts composes them into THE price of a unit
 * (`listedUnitPriceAtSql`), so the storefront, the cart, the checkout's locked lines and so the
 * prices captured on orders and invoices all come from one definition.
 */
import { sql, type SQL } from 'drizzle-orm';

/** A FROM item of one row (`id`, `bp`): the list the purchaser buys on from the seller (both SQL values). */
export function customerPriceListSql(sellerId: SQL, purchaserId: SQL): SQL {
  // Aliases no caller uses: the ids are often the caller's columns (c.selling_organization_id).
  return sql`(select cpl_l.id, coalesce(cpl_l.percent_off_basis_points, 0) as bp
                from (select 1) cpl_one
                left join (customer_price_lists cpl_c join price_lists cpl_l on cpl_l.id = cpl_c.price_list_id)
                  on cpl_c.seller_organization_id = ${sellerId} and cpl_c.purchaser_organization_id = ${purchaserId})`;
}

/** A FROM item of one row (`id`, `bp`): the list whose id is in `listId` (null or unknown: no list). */
export function priceListByIdSql(listId: SQL): SQL {
  return sql`(select pli_l.id, coalesce(pli_l.percent_off_basis_points, 0) as bp
                from (select 1) pli_one left join price_lists pli_l on pli_l.id = ${listId})`;
}

/** A FROM item of one row (`id`, `bp`) for reads without a buyer: wholesale prices. */
export const noPriceListSql: SQL = sql`(select null::uuid as id, 0 as bp)`;

/** An integer or null: the list `pl`'s fixed unit price for the sellable product in `productId`. */
export function listFixedPriceSql(pl: string, productId: SQL): SQL {
  const l = sql.identifier(pl);
  return sql`(select lp.unit_price_in_cents from price_list_prices lp
               where lp.price_list_id = ${l}.id and lp.product_id = ${productId})`;
}

/**
 * An integer or null: the price of the list `pl`'s volume break with the largest min_quantity at
 * or below `quantity`, for the sellable product in `productId` (only a fixed price has breaks).
 */
export function listBreakPriceAtSql(pl: string, productId: SQL, quantity: SQL): SQL {
  const l = sql.identifier(pl);
  return sql`(select lb.unit_price_in_cents from price_list_price_breaks lb
               where lb.price_list_id = ${l}.id and lb.product_id = ${productId} and lb.min_quantity <= ${quantity}
               order by lb.min_quantity desc limit 1)`;
}

/** A JSON array (contract PriceBreakList): the list `pl`'s breaks for the sellable product in `productId`. */
export function listBreaksJsonSql(pl: string, productId: SQL): SQL {
  const l = sql.identifier(pl);
  return sql`coalesce((select json_agg(json_build_object('min_quantity', lb.min_quantity,
                                                          'unit_price_in_cents', lb.unit_price_in_cents)
                                        order by lb.min_quantity)
                         from price_list_price_breaks lb
                        where lb.price_list_id = ${l}.id and lb.product_id = ${productId}), '[]'::json)`;
}

/**
 * An integer: `cents` less the list `pl`'s percentage, rounded half up to the cent — the rule of
 * contract price-list-rules.ts `discountedCents` (null stays null).
 */
export function discountedCentsSql(pl: string, cents: SQL): SQL {
  const l = sql.identifier(pl);
  return sql`(((${cents})::bigint * (10000 - ${l}.bp) + 5000) / 10000)::int`;
}

/** A boolean: the list `pl` hides the product (a product, not a variant) whose id is in `productId`. */
export function hiddenFromListSql(pl: string, productId: SQL): SQL {
  const l = sql.identifier(pl);
  return sql`exists (select 1 from price_list_hidden_products h where h.price_list_id = ${l}.id and h.product_id = ${productId})`;
}

/**
 * Text that changes whenever the list `pl` would price or hide anything differently for a buyer
 * whose pages are kept: its id (the pages of two lists are never one entry). A list's own changes
 * bump the seller's catalogue version (the commands lock it first), which every kept page is
 * already checked against.
 */
export function priceListKeySql(pl: string): SQL {
  const l = sql.identifier(pl);
  return sql`coalesce(${l}.id::text, '')`;
}
