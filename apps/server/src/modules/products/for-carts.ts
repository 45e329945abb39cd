/**
 * Products as the carts module reads them: the facts a cart line change is checked against,
 * and the JSON of a product as a cart line shows it (contract CartProduct, live price). Both
 * are SQL fragments, so a cart is read, and a line written, in one statement each.
 */
import { sql, type SQL } from 'drizzle-orm';
import { productMediaJsonSql } from './service.js';

/**
 * A FROM item of at most one row: what a cart line change is checked against, for the product
 * whose id is in `productId` — `id`, `organization_id` (the seller), `name`, `deleted`,
 * `live`, `track_inventory`, `inventory_count`, `unit_price_in_cents` (the live price, 0 when
 * unset). Removed products are included (their lines may still be removed). Give it an alias.
 */
export function productForCartSql(liveStateId: number, productId: SQL): SQL {
  return sql`(select id, organization_id, name, deleted_at is not null as deleted,
                     coalesce(state_id = ${liveStateId}, false) as live, track_inventory, inventory_count,
                     coalesce(unit_price_in_cents, 0) as unit_price_in_cents
                from products
               where id = ${productId})`;
}

/**
 * A FROM item of one row (use it in a `cross join lateral`) for the product whose id is in
 * `productId`: `product`, its JSON as contract CartProduct (live price, first photo only,
 * `inventory_count` only when tracked), and whether the product was removed (`deleted`) and is
 * for sale (`live`): with the product's stock, what the cart shows a line's availability from.
 */
export function cartProductSql(publicUrl: string, liveStateId: number, productId: SQL): SQL {
  return sql`(select json_build_object(
                       'id', p.id, 'name', p.name,
                       'unit_price_in_cents', p.unit_price_in_cents, 'msrp_in_cents', p.msrp_in_cents,
                       'order_unit', case when ou.id is null then null else json_build_object('id', ou.id, 'unit', ou.unit) end,
                       'stock_keeping_unit', p.stock_keeping_unit,
                       'media', ${productMediaJsonSql(publicUrl, sql`p.id`, 1)},
                       'track_inventory', p.track_inventory,
                       'inventory_count', case when p.track_inventory then p.inventory_count end
                     ) as product,
                     p.deleted_at is not null as deleted,
                     coalesce(p.state_id = ${liveStateId}, false) as live
                from products p
                left join order_units ou on ou.id = p.order_unit_id
               where p.id = ${productId})`;
}

/**
 * A FROM item of one row (use it in a `cross join lateral`) for the product whose id is in
 * `productId`, as an order line shows it: `name`, `stock_keeping_unit`, `order_unit` (its
 * name) and `quantity_per_unit` — as the product has them now, removed products included.
 */
export function productForOrderLineSql(productId: SQL): SQL {
  return sql`(select p.name, p.stock_keeping_unit, ou.unit as order_unit, p.quantity_per_unit
                from products p
                left join order_units ou on ou.id = p.order_unit_id
               where p.id = ${productId})`;
}
