/**
 * What the invoice PDF prints (issue 10 item 4): the invoice's record (payments), the placed order
 * with its lines (orders), how it was paid (checkout), the seller's facts and the refunds credited
 * against it (refunds' leaf).
 */
import { sql } from 'drizzle-orm';
import { TAX_EXEMPT_LINE, TAX_NOT_CHARGED_LINE } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { orderDetail } from '../orders/queries.js';
import { cartOrderJsonSql } from '../orders/sql.js';
import { orderPayment } from '../checkout/service.js';
import { invoiceRecord } from '../payments/invoice-of-order.js';
import type { InvoiceStatus } from '../payments/sql.js';
import { refundsForInvoice } from '../refunds/sql.js';
import { certificateOnFileAt } from '../resale-certificates/requirement.js';
import { serviceFromToken, shippingMethodLabel, type InvoiceInput } from './invoice-pdf.js';
import { sellerFacts } from './seller-facts.js';

const STATUSES: readonly InvoiceStatus[] = ['OPEN', 'PAID', 'VOID'];

/** Everything the invoice PDF prints, or undefined when the invoice or its placed order is gone. */
export async function invoiceDocument(ctx: AppContext, invoiceId: string): Promise<InvoiceInput | undefined> {
  const invoice = await invoiceRecord(ctx.db, invoiceId);
  if (!invoice) return undefined;
  const order = await orderDetail(ctx, invoice.order_id);
  if (!order) return undefined;
  const [terms, payment, seller, refunds, exempt] = await Promise.all([
    ctx.db.execute<{ terms: { is_net_30?: boolean } | null }>(
      sql`select ${cartOrderJsonSql(sql`${order.cart.id}::uuid`)} as terms`,
    ),
    orderPayment(ctx.db, order.id),
    sellerFacts(ctx, order.seller),
    refundsForInvoice(ctx.db, order.id),
    certificateOnFileAt(ctx.db, order.organization.id, new Date(order.completed_on)),
  ]);
  const status = invoice.status.toUpperCase() as InvoiceStatus;
  const service =
    payment?.serviceLevelName ?? serviceFromToken(order.shippo_provider, order.shippo_service_level_token);
  return {
    order,
    invoice: {
      number: invoice.number,
      status: STATUSES.includes(status) ? status : 'OPEN',
      issuedAt: invoice.created_at,
      paidAt: invoice.paid_at ?? payment?.paidAt ?? null,
      dueOn: invoice.due_on,
      netDays: invoice.net_days,
      paidMethod: invoice.paid_method,
      amountCents: invoice.amount_cents,
    },
    seller,
    net30: terms.rows[0]?.terms?.is_net_30 === true,
    card: payment?.card ?? null,
    shippingMethod: shippingMethodLabel(order.shippo_provider, service),
    refunds,
    taxLine: exempt ? TAX_EXEMPT_LINE : TAX_NOT_CHARGED_LINE,
  };
}
