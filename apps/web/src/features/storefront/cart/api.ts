/**
 * The buyer's cart in a store (spec sections 2, 5 and 7): read with react-query, changed
 * optimistically.
 *
 * A change shows at once: the cart in the cache is the server's last answer with the changes
 * still on their way laid over it. For each product one request is in flight at a time; when it
 * returns and the buyer has asked for another quantity meanwhile, the latest one is sent next, so
 * ten fast clicks on + cost a few requests and end at 10 on the server. When nothing is pending
 * any more, the cache is exactly the server's last answer. A refused change rolls that product
 * back to what the server holds and shows the server's message.
 *
 * The top bar's badge needs only the read: this module holds the hooks, cart-store.ts the read
 * and the state beside the cache, and the changes live in cart-changes.ts, loaded when the first
 * quantity control mounts (the storefront's first paint has a tight budget,
 * scripts/bundle-size.mjs).
 *
 * Write the cart only through these modules (the setter below, or invalidating its query): the
 * last server answer is kept beside the cache to lay the pending changes over it.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { Cart } from '@cratebase/contract';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/current-user';
import {
  cartPair,
  cartSync,
  readCart,
  type CartLineProduct,
  type CartSync,
} from './cart-store';
import { cartKeys } from '../../../lib/query-keys';

// ---------------------------------------------------------------------------------------------
// Hooks

const noSubscription = () => () => undefined;

/** The change state of one cart (`fallback` without a pair), re-rendering on every change. */
function useCartSync<T>(sellerOrgId: string | undefined, read: (sync: CartSync) => T, fallback: T): T {
  const client = useQueryClient();
  const pair = cartPair(useCurrentUser().data, sellerOrgId);
  const sync = pair ? cartSync(client, pair) : null;
  return useSyncExternalStore(sync ? sync.subscribe : noSubscription, () => (sync ? read(sync) : fallback));
}

/** The open cart of this store for the signed-in user (react-query; enabled only with a pair). */
export function useCart(sellerOrgId: string | undefined): UseQueryResult<Cart> {
  const client = useQueryClient();
  const pair = cartPair(useCurrentUser().data, sellerOrgId);
  return useQuery({
    queryKey: pair ? cartKeys.pair(pair.sellerId, pair.buyerId) : cartKeys.none,
    queryFn: ({ signal }) => (pair ? readCart(client, pair, signal) : Promise.reject(new Error('No cart here.'))),
    enabled: Boolean(pair),
  });
}

/** The quantity of a product in the cart as the user sees it (optimistic value included), 0 when absent. */
export function useLineQuantity(sellerOrgId: string | undefined, productId: string): number {
  const cart = useCart(sellerOrgId).data;
  const wanted = useCartSync(sellerOrgId, (sync) => sync.pending.get(productId)?.wanted, undefined);
  if (wanted !== undefined) return wanted;
  return cart?.line_items.find((line) => line.product.id === productId)?.quantity ?? 0;
}

/** True while any change of this product is pending. */
export function useLinePending(sellerOrgId: string | undefined, productId: string): boolean {
  return useCartSync(sellerOrgId, (sync) => sync.pending.has(productId), false);
}

/** True while any change of this store's cart is pending (Checkout waits for the server's answer). */
export function useCartChanging(sellerOrgId: string | undefined): boolean {
  return useCartSync(sellerOrgId, (sync) => sync.pending.size > 0, false);
}

type CartChanges = typeof import('./cart-changes');
let changesModule: CartChanges | null = null;
let changesLoading: Promise<CartChanges> | null = null;

/** Loads the change machinery (cart-changes.ts); a failed load is tried again next time. */
export function loadCartChanges(): Promise<CartChanges> {
  changesLoading ??= import('./cart-changes').then(
    (loaded) => (changesModule = loaded),
    (error: unknown) => {
      changesLoading = null;
      throw error;
    },
  );
  return changesLoading;
}

/**
 * Sets a product's quantity (0 removes it) optimistically: the cart in the cache changes at once;
 * requests for one product are sent one at a time with the latest wanted quantity; an error rolls
 * back and shows the server's message in a toast. `product` carries what the optimistic line
 * needs to render.
 */
export function useSetLineQuantity(sellerOrgId: string | undefined): (product: CartLineProduct, quantity: number) => void {
  const client = useQueryClient();
  const toast = useToast();
  const pair = cartPair(useCurrentUser().data, sellerOrgId);
  const sellerId = pair?.sellerId;
  const buyerId = pair?.buyerId;

  // Ready before the first click: the controls that change the cart mount with this hook.
  useEffect(() => {
    loadCartChanges().catch(() => undefined);
  }, []);

  return useCallback(
    (product: CartLineProduct, quantity: number) => {
      if (!sellerId || !buyerId) return;
      const target = { sellerId, buyerId };
      const onError = (error: unknown) => toast.show(errorMessage(error), { severity: 'error' });
      const apply = (changes: CartChanges) => changes.setLineQuantity(client, target, product, quantity, onError);
      if (changesModule) apply(changesModule);
      else loadCartChanges().then(apply, onError);
    },
    [client, toast, sellerId, buyerId],
  );
}
