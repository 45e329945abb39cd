/** POST /api/order/{order_id}/submit-on-terms: an order placed to be paid by invoice (issue 13). */
import { type SubmittedOrder, NO_PAYMENT_TERMS_MESSAGE, PREVIEW_CHECKOUT_MESSAGE } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { DomainError, notFound, refusal } from '../../lib/errors.js';
import { readCart } from '../carts/service.js';
import { lockOrder, orderState, recordNetTerms } from '../orders/submission.js';
import { paymentTermsDays } from '../customers/payment-terms.js';
import { getLookups } from '../products/lookups.js';
import { refuseWithoutResaleCertificate } from '../resale-certificates/requirement.js';
import { checkoutSessions } from './schema.js';
import { refuseUnpayable } from './refusals.js';
import {
  afterSettled,
  completeInTransaction,
  supersedeLiveSessions,
  endCardCheckouts,
  toSubmittedOrder,
  placedOrderAnswer,
} from './settlement.js';
import {
  CHECKOUT_SESSION_TTL_MS,
  STOCK_HOLD_GRACE_MS,
  checkoutShipping,
  priceLockedCart,
  holdOrRefuse,
} from './snapshot.js';

/** The provider name of sessions that place an order on net terms (no payment is taken). */
export const TERMS_PROVIDER = 'terms';

// ─── POST /api/order/{order_id}/submit-on-terms ──────────────────────────────────────
/**
 * Places the order to be paid by invoice on the net terms the seller gave the buyer (issue 13):
 * every check a card checkout makes (minimums, availability, address, a current shipping rate),
 * then in ONE transaction under the order's and the cart's locks: the lines priced, a session
 * of our own (provider `terms`, no payment) that holds the tracked stock, and the same
 * completion as a card payment — stock sold, the invoice created OPEN due `net_days` after
 * today, the e-mails, the dashboard, the order lists. Idempotent: a retried or concurrent
 * submit answers the order the first placed. 409 no_payment_terms when the seller gave none.
 */
export async function submitOnTerms(
  ctx: AppContext,
  userId: string,
  orderId: string,
  shownTotalCents?: number,
): Promise<SubmittedOrder> {
  try {
    return await placeOnTerms(ctx, userId, orderId, shownTotalCents);
  } catch (error) {
    // However a concurrent or retried submit learns that the order is placed (its cart closed
    // under it, a card payment made first), it answers the placed order, like the first did.
    if (error instanceof DomainError && error.code === 'order_submitted') {
      const now = await orderState(ctx.db, orderId);
      if (now && now.status !== 'draft') return toSubmittedOrder(await placedOrderAnswer(ctx, orderId));
    }
    throw error;
  }
}

async function placeOnTerms(
  ctx: AppContext,
  userId: string,
  orderId: string,
  shownTotalCents?: number,
): Promise<SubmittedOrder> {
  const state = await orderState(ctx.db, orderId);
  if (!state) throw notFound('Order');
  if (state.status !== 'draft') return toSubmittedOrder(await placedOrderAnswer(ctx, orderId));
  const cart = await readCart(ctx, state.cart_id);
  if (cart.order.status !== 'draft') return toSubmittedOrder(await placedOrderAnswer(ctx, orderId));
  if (cart.is_preview) throw refusal('conflict', 'preview', 'cart', PREVIEW_CHECKOUT_MESSAGE);
  const noTerms = () => refusal('conflict', 'no_payment_terms', 'is_net_30', NO_PAYMENT_TERMS_MESSAGE);
  if ((await paymentTermsDays(ctx.db, state.selling_organization_id, state.purchasing_organization_id)) <= 0) {
    throw noTerms();
  }
  const issue = cart.checkout_issues[0];
  if (issue) throw refusal('conflict', issue.code, 'cart', issue.message);
  await refuseWithoutResaleCertificate(ctx.db, state.selling_organization_id, state.purchasing_organization_id);
  const shipping = await checkoutShipping(ctx, orderId);
  // A card checkout of this order still open ends first (one paid meanwhile placed the order).
  if (await endCardCheckouts(ctx, orderId)) return toSubmittedOrder(await placedOrderAnswer(ctx, orderId));

  const { liveStateId } = await getLookups(ctx.db);
  const result = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Order');
    if (order.status !== 'draft') return null;
    // The terms as they are now, read under the order's lock (a seller may have changed them).
    const netDays = await paymentTermsDays(tx, order.selling_organization_id, order.purchasing_organization_id);
    if (netDays <= 0) throw noTerms();
    const { lines, subtotalCents } = await priceLockedCart(tx, liveStateId, cart, shownTotalCents);
    const amountCents = subtotalCents + shipping.cost_cents;
    if (amountCents <= 0) throw refusal('conflict', 'nothing_to_pay', 'cart', 'This order has nothing to pay.');
    refuseUnpayable(amountCents, TERMS_PROVIDER, 'cart');
    const expiresAt = new Date(Date.now() + CHECKOUT_SESSION_TTL_MS);
    // A card checkout started since ends too (the completion's superseded list has it).
    await supersedeLiveSessions(tx, orderId, 'order');
    const [row] = await tx
      .insert(checkoutSessions)
      .values({
        orderId,
        provider: TERMS_PROVIDER,
        accountId: '',
        createdByUserId: userId,
        lines,
        shipping,
        subtotalCents,
        shippingCents: shipping.cost_cents,
        amountCents,
        status: 'open',
        expiresAt,
      })
      .returning();
    const slot = await holdOrRefuse(
      tx,
      row!.id,
      order.selling_organization_id,
      lines,
      new Date(expiresAt.getTime() + STOCK_HOLD_GRACE_MS),
    );
    await recordNetTerms(tx, orderId, netDays);
    return completeInTransaction(ctx, tx, row!.id, { paymentId: null, card: null, netDays }, slot);
  });
  if (!result) return toSubmittedOrder(await placedOrderAnswer(ctx, orderId));
  return toSubmittedOrder(await afterSettled(ctx, result));
}
