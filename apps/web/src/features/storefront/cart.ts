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
 * The top bar's badge needs only the read, which is all this module holds: the changes live in
 * cart-changes.ts, loaded when the first quantity control mounts (the storefront's first paint
 * has a tight budget, scripts/bundle-size.mjs).
 *
 * Write the cart only through these modules (the setter below, or invalidating its query): the
 * last server answer is kept beside the cache to lay the pending changes over it.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { Cart, CurrentUser, PriceBreak } from '@cratebase/contract';
import { useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useToast } from '../../components/Toast';
import { api, apiPath, errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';

/** What an optimistic line needs to render before the server has answered. */
export interface CartLineProduct {
  id: string;
  name: string;
  unit_price_in_cents: number | null;
  msrp_in_cents?: number | null;
  image_url?: string | null;
  /** Its order rules and volume prices, to price and check an optimistic line like the server. */
  minimum_order_quantity?: number;
  order_increment?: number;
  price_breaks?: PriceBreak[];
}

export interface CartPair {
  sellerId: string;
  buyerId: string;
}

/**
 * The cart's pair for a store, from the current user: seller = the store id, buyer = the store
 * entry's `purchasing_organization_id`. Null when the user may not buy there or either id is
 * blank (spec section 5: the cart is fetched only when both ids are non-blank).
 */
export function cartPair(user: CurrentUser | null | undefined, sellerOrgId: string | undefined): CartPair | null {
  const sellerId = sellerOrgId?.trim();
  if (!user || !sellerId) return null;
  const entry = user.purchasing_organizations.find((candidate) => candidate.organization.id === sellerId);
  const buyerId = entry?.purchasing_organization_id.trim();
  return buyerId ? { sellerId, buyerId } : null;
}

export function cartQueryKey(sellerId: string, buyerId: string): readonly unknown[] {
  return ['cart', sellerId, buyerId] as const;
}

// ---------------------------------------------------------------------------------------------
// The changes on their way, per cart (and per QueryClient, so that tests and a signed-out
// session start afresh).

export interface PendingLine {
  /** The quantity the buyer wants now (0 removes the line). */
  wanted: number;
  product: CartLineProduct;
}

export class CartSync {
  /** The server's last answer (a read or the answer of a change). */
  confirmed: Cart | undefined;
  readonly pending = new Map<string, PendingLine>();
  /** Lays the pending changes over a cart (set by cart-changes.ts, which makes them). */
  overlay: (cart: Cart, pending: ReadonlyMap<string, PendingLine>) => Cart = (cart) => cart;
  /** Answers to changes so far: a read that started before one of them arrived is older than it. */
  answers = 0;
  /** Change requests in flight for this cart (over all products). */
  inFlight = 0;
  /**
   * Read the cart again once no change is in flight: requests for two products were in flight
   * together (their answers may arrive in another order than the server applied them), or a
   * change was refused (the cart shows why, e.g. the stock left).
   */
  readAgain = false;
  private readonly listeners = new Set<() => void>();

  /** The cart as the buyer sees it: the server's last answer with the pending changes. */
  view(): Cart | undefined {
    return this.confirmed && this.pending.size > 0 ? this.overlay(this.confirmed, this.pending) : this.confirmed;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  notify() {
    for (const listener of this.listeners) listener();
  }
}

const syncsByClient = new WeakMap<QueryClient, Map<string, CartSync>>();

export function cartSync(client: QueryClient, pair: CartPair): CartSync {
  let syncs = syncsByClient.get(client);
  if (!syncs) {
    syncs = new Map();
    syncsByClient.set(client, syncs);
  }
  const id = `${pair.sellerId}/${pair.buyerId}`;
  let sync = syncs.get(id);
  if (!sync) {
    sync = new CartSync();
    syncs.set(id, sync);
  }
  return sync;
}

function cartPath(pair: CartPair): string {
  return apiPath`/api/cart/selling_organization/${pair.sellerId}/purchasing_organization/${pair.buyerId}`;
}

/** GET the cart; the changes still on their way stay laid over it. */
async function readCart(client: QueryClient, pair: CartPair, signal?: AbortSignal): Promise<Cart> {
  const sync = cartSync(client, pair);
  const answersBefore = sync.answers;
  const cart = await api.get<Cart>(cartPath(pair), signal ? { signal } : undefined);
  // A change answered while this read was on its way: that answer is newer than this one.
  if (sync.answers === answersBefore || !sync.confirmed) sync.confirmed = cart;
  return sync.view() ?? cart;
}

export function cartQueryOptions(client: QueryClient, pair: CartPair) {
  return {
    queryKey: cartQueryKey(pair.sellerId, pair.buyerId),
    queryFn: ({ signal }: { signal?: AbortSignal }) => readCart(client, pair, signal),
  };
}

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
    queryKey: pair ? cartQueryKey(pair.sellerId, pair.buyerId) : ['cart', null, null],
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
