/**
 * What card and net-terms checkouts share: the priced snapshot a session records (the cart's
 * lines under its lock, the order's current shipping rate) and the stock it holds.
 */
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { DomainError, refusal } from '../../lib/errors.js';
import { lockCartForCheckout, readCart } from '../carts/service.js';
import { holdStock } from '../products/reservations.js';
import { currentShippingRate } from '../shipping/service.js';
import type { SessionLine, SessionShipping } from './schema.js';
import { alreadySubmitted, cartChanged } from './refusals.js';
import { takeSellerSlot } from './settlement.js';

/** How long a checkout session can be paid (Stripe takes 30 minutes to 24 hours from its creation). */
export const CHECKOUT_SESSION_TTL_MS = 35 * 60 * 1000;
/**
 * Stock stays held a little past the session's end, so a payment made in its last second is
 * completed before anyone else can take the units.
 */
export const STOCK_HOLD_GRACE_MS = 10 * 60 * 1000;

// ─── What card and net-terms checkouts share ─────────────────────────────────────────
/** The order's current shipping rate as a session records it; 409 with a sentence when there is none. */
export async function checkoutShipping(ctx: AppContext, orderId: string): Promise<SessionShipping> {
  let rate;
  try {
    rate = await currentShippingRate(ctx, orderId);
  } catch (error) {
    // The shipping module names what to fix in `issues`; the buyer reads a sentence here.
    if (error instanceof DomainError && error.issues?.[0]) {
      const message = error.issues[0].message;
      throw refusal('conflict', error.code, error.issues[0].path, message.charAt(0).toUpperCase() + message.slice(1) + '.');
    }
    throw error;
  }
  return {
    address_id: rate.addressId,
    provider: rate.provider,
    rate_id: rate.rateId,
    carrier: rate.carrier,
    service_level: rate.serviceLevel,
    service_level_name: rate.serviceLevelName,
    cost_cents: rate.costCents,
  };
}

/**
 * The cart's lines priced under the cart's lock (the order row locked first), as a session
 * snapshots them; 409 cart_changed when they are not the lines every check before saw.
 */
export async function priceLockedCart(
  tx: DbOrTx,
  liveStateId: number,
  cart: Awaited<ReturnType<typeof readCart>>,
  shownTotalCents: number | undefined,
): Promise<{ lines: SessionLine[]; subtotalCents: number }> {
  const locked = await lockCartForCheckout(tx, liveStateId, cart.id);
  if (!locked || locked.status !== 'open') throw alreadySubmitted();
  // The lines priced are the ones every check above saw, at the prices the buyer was shown:
  // each line's unit price at its quantity (volume breaks included), from the one definition
  // both reads use (products/for-carts.ts). A total the client says it showed must match too.
  const seen = cart.line_items.map((l) => `${l.id}:${l.quantity}:${l.unit_price_in_cents}`).join();
  const now = locked.lines.map((l) => `${l.line_item_id}:${l.quantity}:${l.unit_price_in_cents}`).join();
  if (seen !== now || locked.lines.some((l) => !l.available)) throw cartChanged();
  const lines: SessionLine[] = locked.lines.map((l) => ({
    line_item_id: l.line_item_id,
    product_id: l.product_id,
    name: l.name,
    quantity: l.quantity,
    unit_price_in_cents: l.unit_price_in_cents,
    track_inventory: l.track_inventory,
  }));
  const subtotalCents = lines.reduce((sum, l) => sum + l.quantity * l.unit_price_in_cents, 0);
  if (shownTotalCents !== undefined && shownTotalCents !== subtotalCents) throw cartChanged();
  return { lines, subtotalCents };
}

/**
 * Holds the session's tracked stock until `until`; 409 insufficient_inventory when another
 * checkout has it. Answers the seller slot it claimed to lock the products (none without
 * tracked lines).
 */
export async function holdOrRefuse(
  tx: DbOrTx,
  sessionId: string,
  sellerId: string,
  lines: SessionLine[],
  until: Date,
): Promise<number | undefined> {
  if (!lines.some((l) => l.track_inventory)) return undefined;
  const slot = await takeSellerSlot(tx, sellerId, true);
  const shortfalls = await holdStock(
    tx,
    sessionId,
    lines.map((l) => ({ productId: l.product_id, quantity: l.quantity })),
    until,
  );
  const short = shortfalls[0];
  if (short) {
    const message =
      short.available <= 0
        ? `"${short.name}" just sold out. Please update your cart.`
        : `Only ${short.available} of "${short.name}" are left. Please update your cart.`;
    throw refusal('conflict', 'insufficient_inventory', 'cart', message);
  }
  return slot;
}
