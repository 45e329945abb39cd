/**
 * After the card form: verify-payment (the return page) and submit complete the order of a paid
 * session, the same answer however often they are asked.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SubmittedOrder, VerifyPayment } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { DomainError, notFound, refusal } from '../../lib/errors.js';
import type { CheckoutSessionState } from '../../providers/payments/interface.js';
import { orderState, type OrderState } from '../orders/submission.js';
import { checkoutSessions } from './schema.js';
import { alreadySubmitted, providerError, unusableRefusal } from './refusals.js';
import {
  completedAnswer,
  completePaid,
  endSession,
  sessionByProviderId,
  toSubmittedOrder,
  type SessionRow,
  type Completion,
} from './settlement.js';

const toVerifyPayment = (c: Completion): VerifyPayment => ({
  success: true,
  order_id: c.orderId,
  invoice_number: c.invoiceNumber,
  amount_cents: c.amountCents,
  completed_on: c.completedOn,
  card: c.card,
});

/** Completes the session's order if the provider says it was paid; refuses with what happened otherwise. */
export async function settle(ctx: AppContext, session: SessionRow, order?: OrderState): Promise<Completion> {
  // Already completed: a read, no locks (the return page, a webhook redelivered, a retry).
  if (session.status === 'complete') return completedAnswer(ctx.db, session, order);
  // Paid after its order or invoice was settled another way: given back, and said so.
  if (session.status === 'refund_due' || session.status === 'refunded') {
    throw unusableRefusal(session, (order ?? (await orderState(ctx.db, session.orderId)))?.status);
  }
  if (!session.providerSessionId) {
    throw refusal('conflict', 'payment_incomplete', 'session_id', 'The payment was not completed. Please try again.');
  }
  let state: CheckoutSessionState | null;
  try {
    state = await ctx.providers.payments.retrieveCheckoutSession(session.providerSessionId);
  } catch (error) {
    throw providerError(error);
  }
  if (!state) throw refusal('not_found', 'not_found', 'session_id', 'This payment session is not known.');
  if (!state.paid) {
    if (state.status === 'expired') {
      await endSession(ctx, session.id, 'expired');
      throw refusal(
        'conflict',
        'session_expired',
        'session_id',
        'This payment session expired before it was paid. Please return to checkout and pay again.',
      );
    }
    throw refusal(
      'payment_required',
      'payment_incomplete',
      'session_id',
      'The payment was not completed. Please return to checkout and try again.',
    );
  }
  return completePaid(ctx, session, state);
}

/** The seller in the path must be the session's order's seller (the policy checked the buyer). */
export async function verifyPayment(
  ctx: AppContext,
  sellerId: string,
  providerSessionId: string,
): Promise<VerifyPayment> {
  const session = await sessionByProviderId(ctx.db, providerSessionId);
  const order = session ? await orderState(ctx.db, session.orderId) : undefined;
  if (!session || order?.selling_organization_id !== sellerId) {
    throw refusal('not_found', 'not_found', 'session_id', 'This payment session is not known.');
  }
  return toVerifyPayment(await settle(ctx, session, order));
}

// ─── POST /api/order/{order_id}/submit ───────────────────────────────────────────────
/**
 * Submits the order where no further payment is needed: its latest checkout session was paid
 * (the order completes with it, as verify-payment would). Idempotent: a submitted order answers
 * itself. An order not paid yet is refused (409 payment_required).
 */
export async function submitOrder(ctx: AppContext, orderId: string): Promise<SubmittedOrder> {
  const [latest] = await ctx.db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.orderId, orderId),
        eq(checkoutSessions.purpose, 'order'),
        inArray(checkoutSessions.status, ['open', 'complete']),
      ),
    )
    .orderBy(sql`${checkoutSessions.status} = 'complete' desc`, desc(checkoutSessions.createdAt))
    .limit(1);
  const order = await orderState(ctx.db, orderId);
  if (!order) throw notFound('Order');
  if (!latest) {
    if (order.status !== 'draft') throw alreadySubmitted();
    throw refusal('conflict', 'payment_required', 'order_id', 'Pay for this order by card to place it.');
  }
  let completion: Completion;
  try {
    completion = await settle(ctx, latest);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'payment_incomplete') {
      throw refusal('conflict', 'payment_required', 'order_id', 'Pay for this order by card to place it.');
    }
    throw error;
  }
  return toSubmittedOrder(completion);
}
