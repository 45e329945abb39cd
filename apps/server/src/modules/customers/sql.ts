/**
 * What other modules read of customers in their own one-query reads (a leaf: it imports only
 * drizzle, db/ and other modules' sql.ts; docs/architecture.md → Boundaries).
 */
import { sql, type SQL } from 'drizzle-orm';

/** An integer: the net days the seller gives the purchaser (0 when none). Both are SQL values. */
export function paymentTermsDaysSql(sellerId: SQL, purchaserId: SQL): SQL {
  return sql`coalesce((select pt.net_days from payment_terms pt
                        where pt.seller_organization_id = ${sellerId}
                          and pt.purchaser_organization_id = ${purchaserId}), 0)`;
}
