// Payment terms and invoices (issue 13 item 1). Plain rules: invoice-rules.ts.
import { z } from 'zod';
import { ListQuery, Uuid } from './common.js';
import { PaymentsProviderName } from './checkout.js';
import { INVOICE_FILTERS, INVOICE_PAYMENT_METHODS, NET_TERMS_DAYS } from './invoice-rules.js';

const NetDays = z.union(NET_TERMS_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<0>, ...z.ZodLiteral<number>[]], {
  message: `must be one of ${NET_TERMS_DAYS.join(', ')}`,
});

/** GET/PUT /api/order/organization/{org_id}/purchasers/{id}/payment_terms: 0 is card only. */
export const PaymentTerms = z.object({ net_days: z.number().int() });
export type PaymentTerms = z.infer<typeof PaymentTerms>;
export const PaymentTermsSetting = z.strictObject({ net_days: NetDays });
export type PaymentTermsSetting = z.infer<typeof PaymentTermsSetting>;

/** GET /api/order/{order_id}/payment_terms: the terms the buyer may use for this order, and its choice. */
export const OrderPaymentTerms = z.object({ net_days: z.number().int(), is_net_30: z.boolean() });
export type OrderPaymentTerms = z.infer<typeof OrderPaymentTerms>;

/** One invoice as the seller's Invoices list shows it. */
export const SellerInvoice = z.object({
  id: Uuid,
  number: z.string(),
  /** OPEN, PAID or VOID */
  status: z.string(),
  /** OPEN and past its due day. */
  overdue: z.boolean(),
  amount_cents: z.number().int(),
  issued_on: z.string(),
  due_on: z.string().nullable(),
  net_days: z.number().int().nullable(),
  paid_at: z.string().nullable(),
  paid_method: z.string().nullable(),
  voided_at: z.string().nullable(),
  order: z.object({ id: Uuid }),
  organization: z.object({ id: Uuid, name: z.string() }),
  /** A signed link to the invoice PDF. */
  link: z.string(),
});
export type SellerInvoice = z.infer<typeof SellerInvoice>;
export const SellerInvoiceList = z.array(SellerInvoice);

export const InvoiceListQuery = ListQuery.omit({ q: true }).extend({
  status: z.enum(INVOICE_FILTERS, { message: `must be one of ${INVOICE_FILTERS.join(', ')}` }).optional(),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>;

const Total = z.object({ count: z.number().int(), amount_cents: z.number().int() });
/** GET /api/organization/{org_id}/invoices/totals: count and amount per status (overdue is within open). */
export const InvoiceTotals = z.object({ open: Total, overdue: Total, paid: Total, void: Total });
export type InvoiceTotals = z.infer<typeof InvoiceTotals>;

export const InvoiceParams = z.strictObject({ org_id: Uuid, invoice_id: Uuid });
export const InvoiceIdParams = z.strictObject({ invoice_id: Uuid });

/** POST …/invoices/{invoice_id}/mark-paid */
export const MarkInvoicePaidBody = z.strictObject({
  method: z.enum(INVOICE_PAYMENT_METHODS, { message: `must be one of ${INVOICE_PAYMENT_METHODS.join(', ')}` }),
  paid_on: z.iso.date({ message: 'must be a day as YYYY-MM-DD' }),
});
export type MarkInvoicePaidBody = z.infer<typeof MarkInvoicePaidBody>;

/** POST /api/invoice/{invoice_id}/checkout-session: the buyer pays an OPEN invoice by card. */
export const InvoiceCheckoutSession = z.object({
  clientSecret: z.string(),
  session_id: z.string(),
  provider: PaymentsProviderName,
  amount_cents: z.number().int(),
  invoice_number: z.string(),
  seller_id: Uuid,
  /** With provider `stripe`: the publishable key for Stripe's embedded checkout (as CheckoutSession's). */
  publishable_key: z.string().optional(),
});
export type InvoiceCheckoutSession = z.infer<typeof InvoiceCheckoutSession>;
