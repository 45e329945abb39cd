/**
 * The buyer's orders with one store (spec section 2, /storefront/{org_id}/orders; section 7): the
 * list by keyset, one order with its lines, and Order Again (beyond the spec: the order's products
 * back into the current cart).
 */
import type { Cart, Order, OrderSummary, ShippingInformation } from '@cratebase/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, apiPath, errorMessage, keysetPaging, withQuery, type Page } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { cartPair, cartQueryKey, cartQueryOptions, type CartPair } from './cart';

export const BUYER_ORDERS_PAGE_SIZE = 25;

export const buyerOrderKeys = {
  list: (buyerId: string, sellerId: string) => ['orders', 'purchasing', buyerId, sellerId] as const,
  detail: (orderId: string) => ['orders', 'detail', orderId] as const,
};

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
    queryKey: pair ? buyerOrderKeys.list(pair.buyerId, pair.sellerId) : ['orders', 'purchasing', null, null],
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
  return useQuery({ ...orderQuery(orderId ?? ''), enabled: Boolean(orderId) });
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
function refusalReason(name: string, error: unknown): string {
  // A refusal about one field carries its own sentence in `issues` (the message leads with the
  // field's name, "product_id: …", which is for developers).
  const message = (error instanceof ApiError && error.issues.length === 1 && error.issues[0]!.message) || errorMessage(error);
  if (message.includes(name)) return message.charAt(0).toUpperCase() + message.slice(1);
  return `${name}: ${message}`;
}

/**
 * Puts each line's product into the current cart at the order's quantity, one request after
 * another (a line the cart holds at that quantity or more is left as it is). A product the store
 * refuses (removed, no longer for sale, too little stock) is skipped and named. The cart is read
 * again at the end, so the badge and the drawer show what the server holds.
 */
export async function orderAgain(client: QueryClient, pair: CartPair, order: Order): Promise<OrderAgainResult> {
  const cart = await client.fetchQuery({ ...cartQueryOptions(client, pair), staleTime: 0 });
  const held = new Map(cart.line_items.map((line) => [line.product.id, line.quantity]));
  const result: OrderAgainResult = { added: [], refused: [] };
  try {
    for (const line of order.cart.line_items) {
      if ((held.get(line.product_id) ?? 0) >= line.quantity) {
        result.added.push(line.name);
        continue;
      }
      try {
        const answer = await api.post<Cart>(apiPath`/api/cart/${cart.id}/line_item`, {
          product_id: line.product_id,
          quantity: line.quantity,
        });
        for (const item of answer.line_items) held.set(item.product.id, item.quantity);
        result.added.push(line.name);
      } catch (error) {
        result.refused.push({ name: line.name, reason: refusalReason(line.name, error) });
      }
    }
  } finally {
    await client.invalidateQueries({ queryKey: cartQueryKey(pair.sellerId, pair.buyerId) });
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
