/**
 * Payment terms (issue 13 item 1): per customer, the seller allows pay by card only (0, or no
 * row) or Net 15 / 30 / 60 — the days an invoice may stay open. The checkout reads them through
 * `paymentTermsDaysSql` (sql.ts) in its own statements.
 */
import { sql } from 'drizzle-orm';
import type { PaymentTerms } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { buysFrom } from '../../auth/access.js';
import { notFound } from '../../lib/errors.js';
import { paymentTermsDaysSql } from './sql.js';

/** The net days the seller gives the purchaser (0: card only). */
export async function paymentTermsDays(db: DbOrTx, sellerId: string, purchaserId: string): Promise<number> {
  const result = await db.execute<{ net_days: number }>(
    sql`select ${paymentTermsDaysSql(sql`${sellerId}::uuid`, sql`${purchaserId}::uuid`)}::int as net_days`,
  );
  return result.rows[0]?.net_days ?? 0;
}

/** GET …/purchasers/{id}/payment_terms: 404 when the organization does not buy from the seller. */
export async function getPaymentTerms(ctx: AppContext, sellerId: string, purchaserId: string): Promise<PaymentTerms> {
  if (!(await buysFrom(ctx.db, purchaserId, sellerId))) throw notFound('Customer');
  return { net_days: await paymentTermsDays(ctx.db, sellerId, purchaserId) };
}

/**
 * PUT …/purchasers/{id}/payment_terms: one upsert (the last of two racing writes wins, whole).
 * Orders already placed keep the terms they were placed on.
 */
export async function setPaymentTerms(
  ctx: AppContext,
  sellerId: string,
  purchaserId: string,
  netDays: number,
): Promise<PaymentTerms> {
  if (!(await buysFrom(ctx.db, purchaserId, sellerId))) throw notFound('Customer');
  await ctx.db.execute(sql`
    insert into payment_terms (seller_organization_id, purchaser_organization_id, net_days)
    values (${sellerId}, ${purchaserId}, ${netDays})
    on conflict (seller_organization_id, purchaser_organization_id)
    do update set net_days = excluded.net_days, updated_at = now()`);
  return { net_days: netDays };
}
