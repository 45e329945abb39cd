/**
 * An order's refunds (issue 21 part 2), as both the seller's and the buyer's order views read
 * them: GET /api/order/{order_id}/refunds — the refunds with their credit note links, and what is
 * left to refund. Kept under the 'orders' key, so whatever refreshes the orders refreshes them.
 */
import type { OrderRefunds } from '@cratebase/contract';
import { useQuery } from '@tanstack/react-query';
import { api, apiPath } from './api';
import { orderKeys } from './query-keys';

export function fetchOrderRefunds(orderId: string): Promise<OrderRefunds> {
  return api.get<OrderRefunds>(apiPath`/api/order/${orderId}/refunds`);
}

/** The order's refunds (null id: nothing to read). Credit note links expire: read fresh each time a view opens. */
export function useOrderRefunds(orderId: string | null) {
  return useQuery({
    queryKey: orderKeys.refunds(orderId ?? ''),
    queryFn: () => fetchOrderRefunds(orderId ?? ''),
    enabled: Boolean(orderId),
    staleTime: 0,
  });
}
