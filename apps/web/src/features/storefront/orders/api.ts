/**
 * The buyer's orders with one store (spec section 2, /storefront/{org_id}/orders; section 7): the
 * list by keyset, one order with its lines, Order Again (beyond the spec: the order's products
 * back into the current cart), and after checkout (issue 23) cancelling, reducing or asking the
 * seller to cancel.
 */
import { useRef } from 'react';
import {
  isOpenOrderState,
  type BackorderChoiceBody,
  type BuyerCancelBody,
  type CreateClaimBody,
  type UploadedMedia,
  type CancellationRequestBody,
  type Order,
  type OrderSummary,
  type ShippingInformation,
} from '@cratebase/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, apiPath, apiUpload, keysetPaging, withQuery, type Page } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/current-user';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { cartPair, type CartPair } from '../cart/cart-store';
import { setCartLines } from '../quick-order/api';
import { heldQuantity } from '../quick-order/bulk-lines';
import { buyerOrderKeys, orderKeys } from '../../../lib/query-keys';

export const BUYER_ORDERS_PAGE_SIZE = 25;

/** GET /api/order/organization/{buyer}/purchasing?selling_organization_id={seller}: newest first. */
export function fetchBuyerOrdersPage(pair: CartPair, cursor: string | undefined): Promise<Page<OrderSummary>> {
  return api.getPage<OrderSummary>(
    withQuery(apiPath`/api/order/organization/${pair.buyerId}/purchasing`, {
      selling_organization_id: pair.sellerId,
      limit: BUYER_ORDERS_PAGE_SIZE,
      cursor,
    }),
  );
}

/** The signed-in buyer's orders with this store (the buyer is the store entry's purchasing organization). */
export function useBuyerOrders(sellerOrgId: string | undefined) {
  const pair = cartPair(useCurrentUser().data, sellerOrgId);
  return useInfiniteQuery({
    queryKey: pair ? buyerOrderKeys.list(pair.buyerId, pair.sellerId) : buyerOrderKeys.none,
    queryFn: ({ pageParam }) =>
      pair
        ? fetchBuyerOrdersPage(pair, pageParam)
        : Promise.reject<Page<OrderSummary>>(new Error('You do not buy from this store.')),
    ...keysetPaging,
    enabled: Boolean(pair),
  });
}

function orderQuery(orderId: string) {
  return {
    queryKey: buyerOrderKeys.detail(orderId),
    queryFn: () => api.get<Order>(apiPath`/api/order/${orderId}`),
  };
}

/** GET /api/order/{orderId}: the order with its lines (null id: nothing to read). */
export function useBuyerOrder(orderId: string | null) {
  // Both sides change an order (issue 23): each opening reads it again, showing the kept copy meanwhile.
  return useQuery({ ...orderQuery(orderId ?? ''), enabled: Boolean(orderId), staleTime: 0 });
}

/** The tracking a buyer is shown: only once the order has shipped (its shipping information has a status). */
export function shippedTracking(order: Pick<OrderSummary, 'shipping_information'>): ShippingInformation | null {
  return order.shipping_information?.status ? order.shipping_information : null;
}

export interface OrderAgainResult {
  /** Names of the products now in the cart at (at least) the order's quantity. */
  added: string[];
  /** The products that could not be added, with the server's reason. */
  refused: Array<{ name: string; reason: string }>;
}

/** The server's reason, naming the product when it does not already ('"Fig Jam" is not for sale'). */
function refusalReason(name: string, message: string): string {
  if (message.includes(name)) return message.charAt(0).toUpperCase() + message.slice(1);
  return `${name}: ${message}`;
}

/**
 * Puts each line's product into the current cart at the order's quantity, in one request (a
 * line the cart holds at that quantity or more is left as it is). A product the store refuses
 * (removed, no longer for sale, too little stock) is skipped and named. The cart in the cache
 * becomes the server's answer, so the badge and the drawer show what the server holds.
 */
export async function orderAgain(client: QueryClient, pair: CartPair, order: Order): Promise<OrderAgainResult> {
  const result: OrderAgainResult = { added: [], refused: [] };
  let sent: Order['cart']['line_items'] = [];
  const answer = await setCartLines(client, pair, (cart) => {
    sent = order.cart.line_items.filter((line) => heldQuantity(cart, { product_id: line.product_id }) < line.quantity);
    result.added = order.cart.line_items.filter((line) => !sent.includes(line)).map((line) => line.name);
    return sent.map((line) => ({ product_id: line.product_id, quantity: line.quantity }));
  });
  for (const line of answer.results) {
    const ordered = sent[line.index]!;
    if (line.status === 'refused') {
      result.refused.push({
        name: ordered.name,
        reason: refusalReason(ordered.name, line.message ?? 'could not be added'),
      });
    } else {
      result.added.push(ordered.name);
    }
  }
  return result;
}

/** Order Again for one of this store's orders (its lines are read first). */
export function useOrderAgain(sellerOrgId: string | undefined) {
  const client = useQueryClient();
  const pair = cartPair(useCurrentUser().data, sellerOrgId);
  return useMutation({
    mutationFn: async (orderId: string) => {
      if (!pair) throw new Error('You do not buy from this store.');
      const order = await client.fetchQuery({ ...orderQuery(orderId), staleTime: 0 });
      return orderAgain(client, pair, order);
    },
  });
}

// ─── After checkout (issue 23) ────────────────────────────────────────────────────────────
/**
 * What the buyer may do about cancelling the order now: cancel or reduce it itself (while
 * `buyer_may_cancel_until` is in the future), request a cancellation (an open order after that),
 * see the request it made, or nothing (shipped, delivered, cancelled — or a server that does not
 * say the order's state).
 */
export type BuyerCancelOption =
  | { kind: 'cancel'; until: string }
  | { kind: 'request' }
  | { kind: 'requested'; requestedAt: string; note: string }
  | { kind: 'none' };

export function buyerCancelOption(
  order: Pick<OrderSummary, 'state' | 'buyer_may_cancel_until' | 'cancellation_request'>,
  now: number = Date.now(),
): BuyerCancelOption {
  if (!order.state || !isOpenOrderState(order.state)) return { kind: 'none' };
  const until = order.buyer_may_cancel_until;
  if (until && Date.parse(until) > now) return { kind: 'cancel', until };
  const request = order.cancellation_request;
  if (request) return { kind: 'requested', requestedAt: request.requested_at, note: request.note };
  return { kind: 'request' };
}

/** The seller's cancel window in whole hours, as the order shows it (placed → may cancel until). */
export function cancelWindowHours(order: Pick<OrderSummary, 'completed_on' | 'buyer_may_cancel_until'>): number {
  if (!order.buyer_may_cancel_until) return 0;
  const hours = (Date.parse(order.buyer_may_cancel_until) - Date.parse(order.completed_on)) / 3_600_000;
  // At least an hour: a window still open is never read as "none".
  return Number.isFinite(hours) ? Math.max(1, Math.round(hours)) : 0;
}


/**
 * An Idempotency-Key per user action: the same body sent again (a double click, a retry after a
 * lost answer) keeps its key, so the server answers the first; a changed body gets a fresh one.
 */
export function useIdempotencyKey(): (body: unknown) => string {
  const last = useRef<{ body: string; key: string } | null>(null);
  return (body) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
    return last.current.key;
  };
}

/** The order's answer becomes the cached order; both lists, its refunds and the rest read again. */
function useOrderCommand<Body>(orderId: string, path: (orderId: string) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: Body; idempotencyKey: string }) =>
      api.post<Order>(path(orderId), input.body, { headers: { 'Idempotency-Key': input.idempotencyKey } }),
    onSuccess: (order) => client.setQueryData(buyerOrderKeys.detail(orderId), order),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/**
 * POST /api/order/{order_id}/cancel: without `lines` the whole order, with them those units (409
 * below_minimum when the rest would no longer meet the seller's minimum). A card payment is
 * refunded, an open invoice reduced.
 */
export function useCancelOrder(orderId: string) {
  return useOrderCommand<BuyerCancelBody>(orderId, (id) => apiPath`/api/order/${id}/cancel`);
}

/** POST /api/order/{order_id}/cancellation-request {note}: once the buyer may no longer cancel itself. */
export function useRequestCancellation(orderId: string) {
  return useOrderCommand<CancellationRequestBody>(orderId, (id) => apiPath`/api/order/${id}/cancellation-request`);
}

// ─── Backorders and claims (issue 23 §4, §5) ─────────────────────────────────────────────
/**
 * POST /api/order/{order_id}/backorders: per line reported unavailable, wait (it ships when it
 * is back) or cancel (what was paid for those units is refunded, or the open invoice reduced).
 */
export function useChooseBackorders(orderId: string) {
  return useOrderCommand<BackorderChoiceBody>(orderId, (id) => apiPath`/api/order/${id}/backorders`);
}

/**
 * POST /api/order/{order_id}/claims: damaged, missing or wrong units of what shipped, with a note
 * and photos uploaded first (409 claim_exceeds_shipped for more units than shipped and unclaimed).
 */
export function useCreateClaim(orderId: string) {
  return useOrderCommand<CreateClaimBody>(orderId, (id) => apiPath`/api/order/${id}/claims`);
}

/** POST /api/media/{buyer_org_id}/upload (multipart `file`): a claim's photo, with progress. */
export function uploadClaimPhoto(
  buyerOrgId: string,
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedMedia> {
  return apiUpload<UploadedMedia>(apiPath`/api/media/${buyerOrgId}/upload`, file, { onProgress, signal });
}
