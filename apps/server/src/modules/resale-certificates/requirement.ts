/**
 * A seller's requirement of a valid resale certificate before a new customer's first order (a
 * seller-wide setting, shown and changed on each customer's page), and the checkout gate that
 * applies it: card checkout and net-terms placing both call `refuseWithoutResaleCertificate`
 * before they price the order.
 */
import { sql } from 'drizzle-orm';
import {
  RESALE_CERTIFICATE_REQUIRED_MESSAGE,
  type ResaleCertificateCheck,
  type ResaleCertificateRequirement,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { buysFrom } from '../../auth/access.js';
import { notFound, refusal } from '../../lib/errors.js';
import { completedOrdersSql } from '../orders/sql.js';
import { certificateOnFileSql, certificateRequiredSql } from './sql.js';

export async function getRequirement(ctx: AppContext, sellerId: string): Promise<ResaleCertificateRequirement> {
  const result = await ctx.db.execute<{ required: boolean }>(
    sql`select ${certificateRequiredSql(sql`${sellerId}::uuid`)} as required`,
  );
  return { required: result.rows[0]?.required ?? false };
}

/** PUT …/resale_certificate_requirement: one upsert; orders already placed are not touched. */
export async function setRequirement(
  ctx: AppContext,
  sellerId: string,
  required: boolean,
): Promise<ResaleCertificateRequirement> {
  await ctx.db.execute(sql`
    insert into resale_certificate_requirements (seller_organization_id, required)
    values (${sellerId}, ${required})
    on conflict (seller_organization_id) do update set required = excluded.required, updated_at = now()`);
  return { required };
}

/**
 * What the seller asks of the purchaser before its next order, in one statement: `required` when
 * the seller requires a certificate and the purchaser has no completed order with it yet,
 * `on_file` when a valid certificate is on file now.
 */
export async function certificateCheck(db: DbOrTx, sellerId: string, purchaserId: string): Promise<ResaleCertificateCheck> {
  const seller = sql`${sellerId}::uuid`;
  const purchaser = sql`${purchaserId}::uuid`;
  const result = await db.execute<ResaleCertificateCheck>(sql`
    select (${certificateRequiredSql(seller)}
            and not exists (select 1 from ${completedOrdersSql(seller, purchaser)} o)) as required,
           ${certificateOnFileSql(purchaser, sql`now()`)} as on_file`);
  return result.rows[0] ?? { required: false, on_file: false };
}

/**
 * The checkout gate: 409 `resale_certificate_required` when the seller requires a certificate,
 * this is the purchaser's first order with it (no completed order yet) and the purchaser has no
 * valid certificate on file now.
 */
export async function refuseWithoutResaleCertificate(db: DbOrTx, sellerId: string, purchaserId: string): Promise<void> {
  const check = await certificateCheck(db, sellerId, purchaserId);
  if (check.required && !check.on_file) {
    throw refusal('conflict', 'resale_certificate_required', 'resale_certificate', RESALE_CERTIFICATE_REQUIRED_MESSAGE);
  }
}

/** GET …/resale_certificate/sellers/{seller_id}: 404 when the organization does not buy from the seller. */
export async function sellerCertificateCheck(ctx: AppContext, purchaserId: string, sellerId: string) {
  if (!(await buysFrom(ctx.db, purchaserId, sellerId))) throw notFound('Store');
  return certificateCheck(ctx.db, sellerId, purchaserId);
}

/** What an invoice says about sales tax (none is ever charged): see contract TAX_EXEMPT_LINE. */
export async function certificateOnFileAt(db: DbOrTx, purchaserId: string, at: Date): Promise<boolean> {
  const result = await db.execute<{ on_file: boolean }>(
    sql`select ${certificateOnFileSql(sql`${purchaserId}::uuid`, sql`${at.toISOString()}::timestamptz`)} as on_file`,
  );
  return result.rows[0]?.on_file ?? false;
}
