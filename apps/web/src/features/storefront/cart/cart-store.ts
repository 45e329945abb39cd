/**
 * The cart's state beside react-query's cache (no React): the pair a cart belongs to, its read
 * (under lib/query-keys.ts cartKeys), and per cart the server's last answer with the changes
 * still on their way (CartSync). cart/api.ts (the hooks, on the storefront's first paint) and
 * cart-changes.ts (the writes, loaded lazily) both use it; neither imports the other except
 * api.ts loading cart-changes.ts with import().
 */
import type { Cart, CurrentUser, PriceBreak } from '@cratebase/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api';
import { cartKeys } from '../../../lib/query-keys';

/** What an optimistic line needs to render before the server has answered. */
export interface CartLineProduct {
  /** The variant the line orders (the product itself when it has no options). */
  id: string;
  /** "Tee — M / Black" for a variant. */
  name: string;
  parent_product_id?: string | null;
  variant_title?: string | null;
  unit_price_in_cents: number | null;
  msrp_in_cents?: number | null;
  /** What its price is per ("Case", 12: "$4.50 / case of 12"), so an optimistic line says it too. */
  order_unit?: string | null;
  quantity_per_unit?: number | null;
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
export async function readCart(client: QueryClient, pair: CartPair, signal?: AbortSignal): Promise<Cart> {
  const sync = cartSync(client, pair);
  const answersBefore = sync.answers;
  const cart = await api.get<Cart>(cartPath(pair), signal ? { signal } : undefined);
  // A change answered while this read was on its way: that answer is newer than this one.
  if (sync.answers === answersBefore || !sync.confirmed) sync.confirmed = cart;
  return sync.view() ?? cart;
}

export function cartQueryOptions(client: QueryClient, pair: CartPair) {
  return {
    queryKey: cartKeys.pair(pair.sellerId, pair.buyerId),
    queryFn: ({ signal }: { signal?: AbortSignal }) => readCart(client, pair, signal),
  };
}
