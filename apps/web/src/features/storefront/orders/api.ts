/**
 * The buyer's orders with one store (spec section 2, /storefront/{org_id}/orders; section 7): the
 * list by keyset, one order with its lines, and Order Again (beyond the spec: the order's products
 * back into the current cart).
 */
import type { Order, OrderSummary, ShippingInformation } from '@cratebase/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, apiPath, keysetPaging, withQuery, type Page } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/current-user';
import { cartPair, type CartPair } from '../cart/cart-store';
import { setCartLines } from '../quick-order/api';
import { heldQuantity } from '../quick-order/bulk-lines';
import { buyerOrderKeys } from '../../../lib/query-keys';

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
      result.refused.push({ name: ordered.name, reason: refusalReason(ordered.name, line.message ?? 'could not be added') });
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
