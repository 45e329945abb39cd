/**
 * The card payments of a placed order, as the checkout recorded them, for refunds (issue 21
 * part 2): the completed checkout session that took the money — the checkout's own (`purpose`
 * order) or the later payment of its invoice (`purpose` invoice) — with the provider's session
 * and payment ids and the card. Sessions on net terms (provider `terms`) took no money. Also the
 * order a provider session pays (access policies) and how the invoice prints the payment.
 */
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { checkoutSessions } from './schema.js';

export interface OrderCardPayment {
  /** Our checkout session's id. */
  checkoutSessionId: string;
  orderId: string;
  /** The payments provider that took it (builtin, stripe). */
  provider: string;
  providerSessionId: string;
  /** The provider's payment id (refunds name it). */
  paymentId: string;
  /** What the card was charged. */
  amountCents: number;
  card: { brand: string; last4: string } | null;
  /** order: paid at checkout; invoice: the invoice was paid by card later. */
  purpose: 'order' | 'invoice';
}

const columns = {
  checkoutSessionId: checkoutSessions.id,
  orderId: checkoutSessions.orderId,
  provider: checkoutSessions.provider,
  providerSessionId: checkoutSessions.providerSessionId,
  paymentId: checkoutSessions.paymentId,
  amountCents: checkoutSessions.amountCents,
  cardBrand: checkoutSessions.cardBrand,
  cardLast4: checkoutSessions.cardLast4,
  purpose: checkoutSessions.purpose,
};

type Row = {
  checkoutSessionId: string;
  orderId: string;
  provider: string;
  providerSessionId: string | null;
  paymentId: string | null;
  amountCents: number;
  cardBrand: string | null;
  cardLast4: string | null;
  purpose: string;
};

function toPayment(row: Row): OrderCardPayment {
  return {
    checkoutSessionId: row.checkoutSessionId!,
    orderId: row.orderId!,
    provider: row.provider!,
    providerSessionId: row.providerSessionId!,
    paymentId: row.paymentId!,
    amountCents: row.amountCents!,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    purpose: row.purpose === 'invoice' ? 'invoice' : 'order',
  };
}

const paidByCard = and(
  eq(checkoutSessions.status, 'complete'),
  inArray(checkoutSessions.purpose, ['order', 'invoice']),
  ne(checkoutSessions.provider, 'terms'),
  isNotNull(checkoutSessions.providerSessionId),
  isNotNull(checkoutSessions.paymentId),
);

/**
 * The card payment that paid the order (its checkout, or its invoice later), or undefined when
 * no card paid it (placed on terms and not paid by card). An order has at most one of each
 * purpose (partial unique indexes); a checkout paid by card has no invoice to pay later.
 */
export async function cardPaymentOfOrder(db: DbOrTx, orderId: string): Promise<OrderCardPayment | undefined> {
  const rows = await db
    .select(columns)
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.orderId, orderId), paidByCard))
    .orderBy(sql`${checkoutSessions.purpose} = 'order' desc`, checkoutSessions.completedAt)
    .limit(1);
  return rows[0] ? toPayment(rows[0]) : undefined;
}

/** The order a provider's payment paid (a webhook names the payment), or undefined when it is not ours. */
export async function cardPaymentByProviderPayment(
  db: DbOrTx,
  provider: string,
  paymentId: string,
): Promise<OrderCardPayment | undefined> {
  const rows = await db
    .select(columns)
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.provider, provider), eq(checkoutSessions.paymentId, paymentId), paidByCard))
    .limit(1);
  return rows[0] ? toPayment(rows[0]) : undefined;
}

// ─── For access policies and the invoice ─────────────────────────────────────────────
/**
 * The purchasing organization of the order a provider session pays (for access policies);
 * empty for a session that is not ours. `orderPurchaser` then applies the cart's pair rule.
 */
export async function providerSessionOrder(db: DbOrTx, providerSessionId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ orderId: checkoutSessions.orderId })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSessionId, providerSessionId));
  return row?.orderId;
}

/**
 * How the order was paid, as its invoice prints it: the card charged, the shipping service's
 * name and when the checkout completed; undefined when no checkout session completed it.
 */
export async function orderPayment(
  db: DbOrTx,
  orderId: string,
): Promise<
  { card: { brand: string; last4: string } | null; serviceLevelName: string | null; paidAt: Date | null } | undefined
> {
  const [row] = await db
    .select({
      cardBrand: checkoutSessions.cardBrand,
      cardLast4: checkoutSessions.cardLast4,
      shipping: checkoutSessions.shipping,
      completedAt: checkoutSessions.completedAt,
    })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.orderId, orderId),
        eq(checkoutSessions.status, 'complete'),
        eq(checkoutSessions.purpose, 'order'),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  return {
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    serviceLevelName: row.shipping.service_level_name || null,
    paidAt: row.completedAt,
  };
}
