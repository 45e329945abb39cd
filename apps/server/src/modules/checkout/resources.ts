/**
 * Checkout sessions as access-policy resources. A session pays an order, and belongs to that
 * order's purchasing organization (while it buys from the seller, as for its cart): only its
 * members may pay, verify or read it — never the seller's, never anyone else (404).
 */
import type { ResourceRef } from '../../auth/policies.js';
import { orderPurchaser } from '../orders/service.js';
import { providerSessionOrder, sessionIdOfSecret } from './service.js';

async function purchaserOfProviderSession(db: Parameters<ResourceRef['owners']>[0], providerSessionId: string | null) {
  if (!providerSessionId) return [];
  const orderId = await providerSessionOrder(db, providerSessionId);
  return orderId ? orderPurchaser(db, orderId) : [];
}

/** A checkout session named by the provider's id (`cs_…`) somewhere in the request. */
export function checkoutSessionAt(...at: ResourceRef['at']): ResourceRef {
  return { resource: 'checkout session', at, deny: 404, owners: (db, id) => purchaserOfProviderSession(db, id) };
}

/**
 * A checkout session named by its client secret (the built-in embedded checkout's calls): the
 * secret carries the session id, as Stripe's do; the provider then checks the whole secret.
 */
export function checkoutSecretAt(...at: ResourceRef['at']): ResourceRef {
  return {
    resource: 'checkout session secret',
    at,
    deny: 404,
    owners: (db, secret) => purchaserOfProviderSession(db, sessionIdOfSecret(secret)),
  };
}
