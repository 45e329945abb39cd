/**
 * Carts. Other modules read them in their own queries through the fragments here.
 */
import { sql, type SQL } from 'drizzle-orm';
import { joinProductSql } from '../products/service.js';

/**
 * An integer: the total of the cart whose id is in `cartId`, its lines at their captured price
 * (or the product's current price before the order was submitted).
 */
export function cartTotalSql(cartId: SQL): SQL {
  return sql`(
             select coalesce(sum(li.quantity * coalesce(li.unit_price_in_cents, p.unit_price_in_cents, 0)), 0)
               from line_items li ${joinProductSql('p', sql`li.product_id`)}
              where li.cart_id = ${cartId}
           )`;
}
