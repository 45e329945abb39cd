/**
 * Checkout sessions as access-policy resources. A session pays an order, and belongs to that
 * order's purchasing organization (while it buys from the seller, as for its cart): only its
 * members may pay, verify or read it — never the seller's, never anyone else (404).
 */
import { buysFrom } from '../../auth/access.js';
import type { ResourceRef } from '../../auth/policies.js';
import { orderPairAndAccess } from '../orders/service.js';
import { providerSessionOrder, sessionIdOfSecret } from './service.js';

type Db = Parameters<ResourceRef['owners']>[0];

/**
 * Provider session id → its order's seller and purchasing organization. A session pays one
 * order for ever and an order's pair never changes, so this is never stale; only whether the
 * purchaser still buys from the seller is asked again (auth/access.ts buysFrom).
 */
const sessionPairs = new Map<string, { sellerId: string; purchaserId: string }>();
const SESSION_PAIRS_MAX = 100_000;

async function purchaserOfProviderSession(db: Db, providerSessionId: string | null): Promise<string[]> {
  if (!providerSessionId) return [];
  const known = sessionPairs.get(providerSessionId);
  if (known) {
    const allowed = known.purchaserId === known.sellerId || (await buysFrom(db, known.purchaserId, known.sellerId));
    return allowed ? [known.purchaserId] : [];
  }
  // First time in this process: the session's order (this module's table), then its pair and
  // the check (the orders module's).
  const orderId = await providerSessionOrder(db, providerSessionId);
  const order = orderId ? await orderPairAndAccess(db, orderId) : null;
  if (!order) return [];
  if (sessionPairs.size >= SESSION_PAIRS_MAX) sessionPairs.delete(sessionPairs.keys().next().value!);
  sessionPairs.set(providerSessionId, { sellerId: order.sellerId, purchaserId: order.purchaserId });
  return order.allowed ? [order.purchaserId] : [];
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
