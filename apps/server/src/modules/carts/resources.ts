/**
 * Carts as access-policy resources. A cart belongs to its purchasing organization: only that
 * organization's members read or change it — never the seller's, unless the seller previews
 * its own store (then it is both) — and only while the organization buys from the seller.
 */
import { buysFrom } from '../../auth/access.js';
import type { ResourceRef } from '../../auth/policies.js';
import { cartPair, lineItemPurchaser } from './service.js';

/**
 * The purchasing organization named by `:purchasing_organization_id`, for the seller named by
 * `:selling_organization_id`: it resolves to itself while it buys from that seller (accepted
 * one of its invites) or is that seller (View as Buyer), and to nothing otherwise (403).
 */
export function cartPairParams(
  purchaserParam = 'purchasing_organization_id',
  sellerParam = 'selling_organization_id',
): ResourceRef {
  return {
    resource: 'customer',
    at: ['params', purchaserParam],
    deny: 403,
    async owners(db, id, req) {
      const sellerId = (req.params as Record<string, string | undefined>)[sellerParam];
      if (!sellerId) return [];
      if (sellerId === id) return [id];
      return (await buysFrom(db, id, sellerId)) ? [id] : [];
    },
  };
}

/** Cart id → its seller and purchasing organization: a cart's pair never changes, so this is never stale. */
const cartPairs = new Map<string, { sellerId: string; purchaserId: string }>();
const CART_PAIRS_MAX = 100_000;

/**
 * A cart named by id somewhere in the request: its purchasing organization while it buys from
 * the cart's seller or is that seller (404 for anyone else). The pair is read once per process
 * (with the check, in one statement); afterwards only whether the purchaser still buys from the
 * seller is asked (auth/access.ts buysFrom).
 */
export function cartAt(...at: ResourceRef['at']): ResourceRef {
  return {
    resource: 'cart',
    at,
    deny: 404,
    async owners(db, id) {
      const known = cartPairs.get(id);
      if (known) {
        const allowed = known.purchaserId === known.sellerId || (await buysFrom(db, known.purchaserId, known.sellerId));
        return allowed ? [known.purchaserId] : [];
      }
      const pair = await cartPair(db, id);
      if (!pair) return [];
      if (cartPairs.size >= CART_PAIRS_MAX) cartPairs.delete(cartPairs.keys().next().value!);
      cartPairs.set(id, { sellerId: pair.sellerId, purchaserId: pair.purchaserId });
      return pair.allowed ? [pair.purchaserId] : [];
    },
  };
}

/** A cart line named by id somewhere in the request: its cart's purchasing organization (404 otherwise). */
export function lineItemAt(...at: ResourceRef['at']): ResourceRef {
  return { resource: 'line item', at, deny: 404, owners: (db, id) => lineItemPurchaser(db, id) };
}
