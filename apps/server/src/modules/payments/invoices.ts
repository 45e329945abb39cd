/**
 * Invoices after the order (issue 13 item 1): an order placed on net terms has an OPEN invoice
 * due `net_days` after its completion day. The seller lists its invoices by status with totals,
 * marks one paid (method and day) or voids it; the buyer may pay it by card later (checkout's
 * invoice sessions call `payInvoiceByCard`). Overdue is OPEN with due_on before today (UTC),
 * computed from a clock the caller passes, never stored.
 *
 * Every status change bumps the order lists' version of the order's seller and buyer as its
 * last statement (orders/list-version.ts), so cached list pages show the new Payment Status.
 */
import { sql } from 'drizzle-orm';
import {
  INVOICE_DUE_SOON_DAYS,
  isoDay,
  type InvoiceListQuery,
  type InvoiceTotals,
  type MarkInvoicePaidBody,
  type SellerInvoice,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { DomainError, notFound } from '../../lib/errors.js';
import { beforeCursor, decodeCursor, keysetTimestamp, limitPlusOne, takePage, toIso } from '../../lib/pagination.js';
import { joinOrganizationSql } from '../organizations/sql.js';
import { touchOrderLists } from '../orders/list-version.js';
import { lockOrder } from '../orders/submission.js';
import { invoiceLink, invoiceLinkSigner, type InvoiceLinkSigner } from '../orders/invoice-links.js';

type InvoiceRow = {
  id: string;
  keyset_at: string;
  number: string;
  status: string;
  amount_cents: number;
  created_at: Date | string;
  due_on: string | null;
  net_days: number | null;
  paid_at: Date | string | null;
  paid_method: string | null;
  voided_at: Date | string | null;
  order_id: string;
  buyer_id: string;
  buyer_name: string;
};

const INVOICE_COLUMNS = sql`i.id, ${keysetTimestamp(sql`i.created_at`)} as keyset_at, i.number, i.status, i.amount_cents,
       i.created_at, i.due_on::text as due_on, i.net_days, i.paid_at, i.paid_method, i.voided_at, i.order_id,
       b.id as buyer_id, b.name as buyer_name`;

function toSellerInvoice(signer: InvoiceLinkSigner, r: InvoiceRow, today: string): SellerInvoice {
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    overdue: r.status === 'OPEN' && r.due_on !== null && r.due_on < today,
    amount_cents: r.amount_cents,
    issued_on: toIso(r.created_at)!,
    due_on: r.due_on,
    net_days: r.net_days,
    paid_at: toIso(r.paid_at),
    paid_method: r.paid_method,
    voided_at: toIso(r.voided_at),
    order: { id: r.order_id },
    organization: { id: r.buyer_id, name: r.buyer_name },
    link: invoiceLink(signer, r.id),
  };
}

/**
 * GET /api/organization/{org_id}/invoices?status=open|overdue|paid|void: newest first, keyset
 * on the (seller, status, created_at, id) index; open by default.
 */
export async function listInvoices(
  ctx: AppContext,
  sellerId: string,
  query: InvoiceListQuery,
  now: Date = new Date(),
): Promise<{ items: SellerInvoice[]; nextCursor: string | null }> {
  const today = isoDay(now);
  const filter = query.status ?? 'open';
  const status = filter === 'overdue' ? 'OPEN' : filter.toUpperCase();
  const overdue = filter === 'overdue' ? sql`and i.due_on < ${today}::date` : sql``;
  const cursor = decodeCursor(query.cursor);
  const limit = query.limit ?? 50;
  const result = await ctx.db.execute<InvoiceRow>(sql`
    select ${INVOICE_COLUMNS}
      from invoices i
      ${joinOrganizationSql('b', sql`i.purchaser_organization_id`)}
     where i.seller_organization_id = ${sellerId} and i.status = ${status} ${overdue}
       ${beforeCursor(sql`i.created_at`, sql`i.id`, cursor)}
     order by i.created_at desc, i.id desc
     ${limitPlusOne(limit)}`);
  const page = takePage(result.rows, limit);
  const signer = await invoiceLinkSigner(ctx);
  return { items: page.rows.map((r) => toSellerInvoice(signer, r, today)), nextCursor: page.nextCursor };
}

/** GET /api/organization/{org_id}/invoices/totals: count and amount per status; overdue is part of open. */
export async function invoiceTotals(ctx: AppContext, sellerId: string, now: Date = new Date()): Promise<InvoiceTotals> {
  const today = isoDay(now);
  // Sums in bigint (a seller's invoices add up past 32 bits), read back as numbers.
  const result = await ctx.db.execute<{ bucket: string; count: number; amount_cents: number | string }>(sql`
    select lower(status) as bucket, count(*)::int as count, coalesce(sum(amount_cents), 0)::bigint as amount_cents
      from invoices where seller_organization_id = ${sellerId}
     group by status
    union all
    select 'overdue', count(*)::int, coalesce(sum(amount_cents), 0)::bigint
      from invoices where seller_organization_id = ${sellerId} and status = 'OPEN' and due_on < ${today}::date`);
  const zero = () => ({ count: 0, amount_cents: 0 });
  const totals: InvoiceTotals = { open: zero(), overdue: zero(), paid: zero(), void: zero() };
  for (const r of result.rows) {
    if (r.bucket in totals) {
      totals[r.bucket as keyof InvoiceTotals] = { count: r.count, amount_cents: Number(r.amount_cents) };
    }
  }
  return totals;
}

const notOpen = (status: string, action: string) =>
  new DomainError('conflict', 'invoice_not_open', `Only an open invoice can be ${action}; this one is ${status}.`, [
    { path: 'invoice_id', message: `is ${status}, not OPEN` },
  ]);

/**
 * Closes an OPEN invoice of the seller (recorded paid another way, or voided) in the caller's
 * transaction: the order's row locked first (the order every money command of an order locks
 * in — checkout/service.ts closeInvoice supersedes the invoice's Pay now sessions next), then
 * one statement that locks the invoice, checks it is still OPEN and writes; then the order
 * lists' versions. 409 when it is not OPEN (a second click, or the buyer paid it meanwhile),
 * 404 when it is not the seller's. Answers the invoice's order.
 */
export async function closeOpenInvoice(
  tx: DbOrTx,
  sellerId: string,
  invoiceId: string,
  change: { to: 'PAID'; method: string; paidOn: string } | { to: 'VOID' },
): Promise<{ orderId: string }> {
  const owned = await tx.execute<{ order_id: string }>(sql`
    select order_id from invoices where id = ${invoiceId} and seller_organization_id = ${sellerId}`);
  const orderId = owned.rows[0]?.order_id;
  if (!orderId) throw notFound('Invoice');
  await lockOrder(tx, orderId);
  const set =
    change.to === 'PAID'
      ? sql`status = 'PAID', paid_at = (${change.paidOn}::date)::timestamp at time zone 'UTC', paid_method = ${change.method}`
      : sql`status = 'VOID', voided_at = now()`;
  const result = await tx.execute<{ status: string; changed: boolean; purchaser: string }>(sql`
    with target as (
      select id, status, purchaser_organization_id from invoices
       where id = ${invoiceId} and seller_organization_id = ${sellerId}
         for update
    ),
    changed as (
      update invoices i set ${set} from target t where i.id = t.id and t.status = 'OPEN' returning i.id
    )
    select t.status, t.purchaser_organization_id as purchaser, exists (select 1 from changed) as changed from target t`);
  const found = result.rows[0];
  if (!found) throw notFound('Invoice');
  if (!found.changed) throw notOpen(found.status, change.to === 'PAID' ? 'marked paid' : 'voided');
  await touchOrderLists(tx, [sellerId, found.purchaser]);
  return { orderId };
}

/** mark-paid's day: 400 naming paid_on for a day after today (UTC). */
export function checkPaidOn(body: MarkInvoicePaidBody, now: Date = new Date()): void {
  if (body.paid_on > isoDay(now)) {
    throw new DomainError('invalid', 'invalid', 'paid_on: cannot be in the future', [
      { path: 'paid_on', message: 'cannot be in the future' },
    ]);
  }
}

/** One invoice of the seller, as the list shows it. */
export async function sellerInvoice(
  ctx: AppContext,
  sellerId: string,
  invoiceId: string,
  now: Date = new Date(),
): Promise<SellerInvoice> {
  const result = await ctx.db.execute<InvoiceRow>(sql`
    select ${INVOICE_COLUMNS}
      from invoices i
      ${joinOrganizationSql('b', sql`i.purchaser_organization_id`)}
     where i.id = ${invoiceId} and i.seller_organization_id = ${sellerId}`);
  const row = result.rows[0];
  if (!row) throw notFound('Invoice');
  return toSellerInvoice(await invoiceLinkSigner(ctx), row, isoDay(now));
}

// ─── For checkout: paying an OPEN invoice by card later ──────────────────────────────
export type PayableInvoice = {
  id: string;
  order_id: string;
  number: string;
  status: string;
  amount_cents: number;
  seller_organization_id: string;
};

/**
 * The invoice the buyer asks to pay (undefined for an unknown id); `lock` holds its row to the
 * end of the transaction (take the order's lock first).
 */
export async function invoiceToPay(
  db: DbOrTx,
  invoiceId: string,
  opts: { lock?: boolean } = {},
): Promise<PayableInvoice | undefined> {
  const result = await db.execute<PayableInvoice>(sql`
    select id, order_id, number, status, amount_cents, seller_organization_id from invoices where id = ${invoiceId}
    ${opts.lock ? sql`for update` : sql``}`);
  return result.rows[0];
}

/**
 * The order's invoice paid by card (inside the transaction that completes the payment's
 * session): PAID now, method card, the provider's payment id. Undefined when it is no longer
 * OPEN (the seller marked it paid or voided it meanwhile), or when it no longer asks what the
 * card paid (`amountCents`: units were cancelled off it meanwhile, issue 23) — the caller then
 * refunds the payment and the buyer pays what it asks now. The caller bumps the order lists.
 */
export async function payInvoiceByCard(
  tx: DbOrTx,
  orderId: string,
  paymentId: string | null,
  amountCents: number,
): Promise<{ number: string; status: 'PAID'; due_on: string | null } | undefined> {
  const result = await tx.execute<{ number: string; status: 'PAID'; due_on: string | null }>(sql`
    update invoices set status = 'PAID', paid_at = now(), paid_method = 'card', provider_invoice_id = ${paymentId}
     where order_id = ${orderId} and status = 'OPEN' and amount_cents = ${amountCents}::int
    returning number, status, due_on::text`);
  return result.rows[0];
}

/**
 * Issue 23: the order's OPEN invoice asks `cents` less (units cancelled or claimed while it was
 * open); at $0 it is voided. Call it with the order's row locked; the caller ends the invoice's
 * Pay now sessions (a dialog opened for the old amount must not take it). Undefined when the
 * order has no OPEN invoice.
 */
export async function reduceOpenInvoice(
  tx: DbOrTx,
  orderId: string,
  cents: number,
): Promise<{ number: string; amount_cents: number; status: 'OPEN' | 'VOID' } | undefined> {
  const result = await tx.execute<{ number: string; amount_cents: number; status: 'OPEN' | 'VOID' }>(sql`
    update invoices
       set amount_cents = greatest(0, amount_cents - ${cents}::int),
           status = case when amount_cents - ${cents}::int <= 0 then 'VOID' else status end,
           voided_at = case when amount_cents - ${cents}::int <= 0 then now() else voided_at end
     where order_id = ${orderId} and status = 'OPEN'
    returning number, amount_cents, status`);
  return result.rows[0];
}

// ─── Reminders (reminders.ts) ────────────────────────────────────────────────────────
export type ReminderKind = 'due_soon' | 'overdue';

export type DueInvoice = {
  id: string;
  number: string;
  amount_cents: number;
  due_on: string;
  order_id: string;
  seller_organization_id: string;
  purchaser_organization_id: string;
  kind: ReminderKind;
};

/**
 * OPEN invoices that need a reminder not yet recorded: due within INVOICE_DUE_SOON_DAYS days
 * (due_soon) or past due (overdue); at most `limit`, read through the partial index on OPEN
 * invoices' due days.
 */
export async function invoicesToRemind(db: DbOrTx, now: Date, limit: number): Promise<DueInvoice[]> {
  const today = isoDay(now);
  const result = await db.execute<DueInvoice>(sql`
    select i.id, i.number, i.amount_cents, i.due_on::text as due_on, i.order_id, i.seller_organization_id,
           i.purchaser_organization_id,
           case when i.due_on < ${today}::date then 'overdue' else 'due_soon' end as kind
      from invoices i
     where i.status = 'OPEN' and i.due_on is not null
       and i.due_on <= ${today}::date + ${INVOICE_DUE_SOON_DAYS}::int
       and not exists (select 1 from invoice_reminders r where r.invoice_id = i.id
                          and r.kind = case when i.due_on < ${today}::date then 'overdue' else 'due_soon' end)
     order by i.due_on, i.id
     limit ${limit}`);
  return result.rows;
}

/** Records the reminder once: true when this call inserted it (then, and only then, send it). */
export async function claimReminder(tx: DbOrTx, invoiceId: string, kind: ReminderKind): Promise<boolean> {
  const result = await tx.execute<{ invoice_id: string }>(sql`
    insert into invoice_reminders (invoice_id, kind) values (${invoiceId}, ${kind})
    on conflict do nothing returning invoice_id`);
  return result.rows.length > 0;
}
