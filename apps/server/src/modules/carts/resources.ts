/**
 * Carts as access-policy resources. A cart belongs to its purchasing organization: only that
 * organization's members read or change it — never the seller's, unless the seller previews
 * its own store (then it is both) — and only while the organization buys from the seller.
 */
import { buysFrom } from '../../auth/access.js';
import type { ResourceRef } from '../../auth/policies.js';
import { cartPurchaser, lineItemPurchaser } from './service.js';

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

/** A cart named by id somewhere in the request: its purchasing organization (404 for anyone else). */
export function cartAt(...at: ResourceRef['at']): ResourceRef {
  return { resource: 'cart', at, deny: 404, owners: (db, id) => cartPurchaser(db, id) };
}

/** A cart line named by id somewhere in the request: its cart's purchasing organization (404 otherwise). */
export function lineItemAt(...at: ResourceRef['at']): ResourceRef {
  return { resource: 'line item', at, deny: 404, owners: (db, id) => lineItemPurchaser(db, id) };
}
