/**
 * Orders. Other modules read them in their own queries through the fragments here.
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * A FROM item: the completed orders of one seller (to one purchaser when given), with `id`,
 * `cart_id`, `selling_organization_id`, `purchasing_organization_id`, `completed_on`,
 * `subtotal_cents` and `total_cents`; give it an alias.
 */
export function completedOrdersSql(sellerId: string, purchaserId?: string): SQL {
  const purchaser = purchaserId === undefined ? sql`` : sql`and purchasing_organization_id = ${purchaserId}`;
  return sql`(select id, cart_id, selling_organization_id, purchasing_organization_id, completed_on,
                     subtotal_cents, total_cents
                from orders
               where selling_organization_id = ${sellerId} ${purchaser} and completed_on is not null)`;
}
