/** POST /api/stripe/organization/{org_id}/create-checkout-session: a card checkout of the cart's order. */
import {
  type CheckoutSession,
  type CreateCheckoutSessionBody,
  PREVIEW_CHECKOUT_MESSAGE,
  SELLER_PAYMENTS_NOT_ACTIVE,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { readCart } from '../carts/service.js';
import { lockOrder } from '../orders/submission.js';
import { organizationName } from '../organizations/service.js';
import { sellerPaymentAccount } from '../payments/service.js';
import { getLookups } from '../products/lookups.js';
import { refuseWithoutResaleCertificate } from '../resale-certificates/requirement.js';
import { checkoutSessions } from './schema.js';
import { openProviderSession } from './provider-sessions.js';
import { refusal } from '../../lib/errors.js';
import { alreadySubmitted, refuseUnpayable } from './refusals.js';
import { returnUrl } from './return-urls.js';
import { supersedeLiveSessions } from './settlement.js';
import {
  CHECKOUT_SESSION_TTL_MS,
  STOCK_HOLD_GRACE_MS,
  checkoutShipping,
  priceLockedCart,
  holdOrRefuse,
} from './snapshot.js';

// ─── POST /api/stripe/organization/{org_id}/create-checkout-session ──────────────────
/**
 * A checkout session for the cart's order, `sellerId` the store. Refuses (409, a sentence for
 * the buyer and the field in `issues`) what must be fixed before paying. The order's earlier
 * sessions (another tab, a double click) are superseded in the transaction that locks the
 * order and inserts this one, and ended at the provider before this one's secret is handed
 * out: one order is never payable twice.
 */
export async function createCheckoutSession(
  ctx: AppContext,
  userId: string,
  sellerId: string,
  body: CreateCheckoutSessionBody,
): Promise<CheckoutSession> {
  const cart = await readCart(ctx, body.cart.id);
  if (cart.selling_organization_id !== sellerId) {
    throw refusal('not_found', 'not_found', 'cart.id', 'This store has no such cart.');
  }
  const orderId = cart.order.id;
  if (cart.order.status !== 'draft') throw alreadySubmitted();
  if (cart.is_preview) throw refusal('conflict', 'preview', 'cart', PREVIEW_CHECKOUT_MESSAGE);
  const issue = cart.checkout_issues[0];
  if (issue) throw refusal('conflict', issue.code, 'cart', issue.message);
  await refuseWithoutResaleCertificate(ctx.db, sellerId, cart.purchasing_organization_id);
  const provider = ctx.providers.payments;
  const account = await sellerPaymentAccount(ctx.db, sellerId);
  if (!cart.seller_payments_active || !account?.chargesEnabled || account.provider !== provider.name) {
    throw refusal('conflict', 'seller_payments_inactive', 'org_id', SELLER_PAYMENTS_NOT_ACTIVE);
  }
  const shipping = await checkoutShipping(ctx, orderId);

  const { liveStateId } = await getLookups(ctx.db);
  const expiresAt = new Date(Date.now() + CHECKOUT_SESSION_TTL_MS);
  const { pending, superseded } = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.status !== 'draft') throw alreadySubmitted();
    const { lines, subtotalCents } = await priceLockedCart(tx, liveStateId, cart, body.cart.total_cents);
    const amountCents = subtotalCents + shipping.cost_cents;
    if (amountCents <= 0) {
      throw refusal('conflict', 'nothing_to_pay', 'cart', 'This order has nothing to pay by card. Submit it instead.');
    }
    refuseUnpayable(amountCents, provider.name, 'cart');
    const superseded = await supersedeLiveSessions(tx, orderId, 'order');
    const [row] = await tx
      .insert(checkoutSessions)
      .values({
        orderId,
        provider: provider.name,
        accountId: account.accountId,
        createdByUserId: userId,
        lines,
        shipping,
        subtotalCents,
        shippingCents: shipping.cost_cents,
        amountCents,
        expiresAt,
      })
      .returning();
    await holdOrRefuse(tx, row!.id, sellerId, lines, new Date(expiresAt.getTime() + STOCK_HOLD_GRACE_MS));
    return { pending: row!, superseded };
  });

  const merchantName = (await organizationName(ctx.db, sellerId)) ?? 'the seller';
  const created = await openProviderSession(
    ctx,
    pending,
    superseded,
    {
      description: `Wholesale order from ${merchantName}`,
      merchantName,
      returnUrl: returnUrl(ctx, sellerId, '{CHECKOUT_SESSION_ID}'),
      metadata: { order_id: orderId, checkout_session_id: pending.id },
    },
    {
      paidMeanwhile: () =>
        refusal(
          'conflict',
          'order_submitted',
          'order_id',
          'This order was just placed with the payment made in your other window. Open your orders to see it.',
        ),
      supersededMeanwhile: () =>
        refusal('conflict', 'checkout_superseded', 'cart', 'A newer checkout of this order was started in another window.'),
    },
  );
  return {
    clientSecret: created.clientSecret,
    account_id: account.accountId,
    session_id: created.sessionId,
    provider: provider.name,
    currency: 'usd',
    subtotal_cents: pending.subtotalCents,
    shipping_cents: pending.shippingCents,
    amount_cents: pending.amountCents,
    expires_at: created.expiresAt.toISOString(),
  };
}
