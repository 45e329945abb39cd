/**
 * The seller's orders (spec sections 2 "Orders", 5 "Tracking dialog", 7): the list by keyset,
 * one order with its lines, saving tracking, and the packing slip.
 */
import {
  ORDER_CUSTOMER_FILTER_MAX,
  PO_NUMBER_MAX,
  type Carrier,
  type CreateRefundInput,
  type CreateShipmentInput,
  type DeclineCancellationBody,
  type DeclineClaimBody,
  type ReportUnavailableBody,
  type SellerCancelBody,
  type Order,
  type OrderSummary,
  type Refund,
  type SellerOrderCounts,
  type SellerOrderView,
} from '@cratebase/contract';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { api, apiPath, keysetPaging, withQuery, type Page } from '../../../lib/api';
import { customerKeys, dashboardKeys, orderKeys, productKeys } from '../../../lib/query-keys';

export const SELLER_ORDERS_PAGE_SIZE = 25;

/**
 * GET /api/order/organization/{org_id}/selling: the seller's submitted orders, newest first;
 * with `search` (q), the order whose number it names (CB-000001, 000001 or 1) and those whose PO
 * number starts with it (any case).
 */
export function fetchSellerOrdersPage(
  orgId: string,
  cursor: string | undefined,
  search = '',
): Promise<Page<OrderSummary>> {
  return api.getPage<OrderSummary>(
    withQuery(apiPath`/api/order/organization/${orgId}/selling`, {
      limit: SELLER_ORDERS_PAGE_SIZE,
      cursor,
      q: search || undefined,
    }),
  );
}

/** The seller's orders, searched by order number or PO number prefix; a new search keeps the last rows until it answers. */
export function useSellerOrders(orgId: string, search = '') {
  // The server takes at most PO_NUMBER_MAX characters: no order or PO number is longer anyway.
  const q = search.trim().slice(0, PO_NUMBER_MAX);
  return useInfiniteQuery({
    queryKey: orderKeys.sellingSearch(orgId, q),
    queryFn: ({ pageParam }) => fetchSellerOrdersPage(orgId, pageParam, q),
    ...keysetPaging,
    enabled: Boolean(orgId),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/order/{orderId}: the order with its lines (null id: nothing to read). */
export function useOrder(orderId: string | null) {
  return useQuery({
    queryKey: orderKeys.detail(orderId ?? ''),
    queryFn: () => api.get<Order>(apiPath`/api/order/${orderId ?? ''}`),
    enabled: Boolean(orderId),
    // Both sides change an order (issue 23): each opening reads it again, showing the kept copy meanwhile.
    staleTime: 0,
  });
}

export interface SaveTrackingInput {
  order: Pick<OrderSummary, 'id' | 'shipping_information'>;
  carrier: Carrier;
  trackingNumber: string;
}

/**
 * POST /api/order/{orderId}/shipping the first time, PUT when the order has tracking already
 * (with the fields it had, as the spec's client sends them). The answer is the updated order:
 * it replaces the row at once, and the list is read again.
 */
export function useSaveTracking(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ order, carrier, trackingNumber }: SaveTrackingInput) => {
      const path = apiPath`/api/order/${order.id}/shipping`;
      const existing = order.shipping_information;
      if (existing) {
        return api.put<Order>(path, {
          id: existing.id,
          status: existing.status,
          carrier,
          tracking_number: trackingNumber,
        });
      }
      return api.post<Order>(path, { carrier, tracking_number: trackingNumber });
    },
    onSuccess: (updated) => {
      client.setQueryData(orderKeys.detail(updated.id), updated);
      // The lists' pages under the seller's key (the tab counts live there too: they are no pages).
      client.setQueriesData<InfiniteData<Page<OrderSummary>>>({ queryKey: orderKeys.selling(orgId) }, (data) =>
        data && Array.isArray(data.pages)
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((row) =>
                  row.id === updated.id
                    ? { ...row, shipping_information: updated.shipping_information, state: updated.state }
                    : row,
                ),
              })),
            }
          : data,
      );
      void client.invalidateQueries({ queryKey: orderKeys.selling(orgId) });
    },
  });
}

/** GET /api/order/{orderId}/packing-slip with the bearer token: the PDF's bytes (of one shipment when given, issue 23). */
export async function fetchPackingSlip(orderId: string, shipmentId?: string): Promise<Blob> {
  const { blob } = await api.download(
    withQuery(apiPath`/api/order/${orderId}/packing-slip`, { shipment_id: shipmentId }),
    'application/pdf',
  );
  // Typed as a PDF whatever the answer's header says, so that the new tab shows it.
  return new Blob([blob], { type: 'application/pdf' });
}

/**
 * POST /api/organization/{org_id}/orders/{order_id}/refunds, with the Idempotency-Key the Refund
 * dialog keeps for its whole opening. The order's views read it again.
 */
export function useCreateRefund(orgId: string, orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: CreateRefundInput; idempotencyKey: string }) =>
      api.post<Refund>(apiPath`/api/organization/${orgId}/orders/${orderId}/refunds`, input.body, {
        headers: { 'Idempotency-Key': input.idempotencyKey },
      }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: orderKeys.refunds(orderId) });
      void client.invalidateQueries({ queryKey: orderKeys.all });
      void client.invalidateQueries({ queryKey: dashboardKeys.all });
      void client.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}

/** What a seller's order command sends: its body (none for accept and delivered) and the action's key. */
export interface OrderCommandInput<B> {
  body?: B;
  idempotencyKey: string;
}

/**
 * One of the seller's commands on an order after checkout (issue 23): POST
 * /api/organization/{org_id}/orders/{order_id}/{command} with the Idempotency-Key, answered by
 * the updated order. The answer replaces the order at once; the seller's lists, the order's
 * refunds, the dashboard and the customer pages are read again, and the products too when the
 * command can return stock.
 */
function useOrderCommand<B>(orgId: string, orderId: string, command: string, returnsStock = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: OrderCommandInput<B>) =>
      api.post<Order>(`${apiPath`/api/organization/${orgId}/orders/${orderId}`}/${command}`, body, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: (updated) => {
      client.setQueryData(orderKeys.detail(updated.id), updated);
    },
    onSettled: (updated) => {
      // After an answer the detail is the answer; after a refusal (409: the order changed) it is read again too.
      const detail = orderKeys.detail(orderId);
      void client.invalidateQueries({
        queryKey: orderKeys.all,
        predicate: (query) => !updated || query.queryKey.join('/') !== detail.join('/'),
      });
      void client.invalidateQueries({ queryKey: dashboardKeys.all });
      void client.invalidateQueries({ queryKey: customerKeys.all });
      if (returnsStock) void client.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}

/** POST …/accept: the seller takes the order on (the buyer can no longer cancel it itself). */
export const useAcceptOrder = (orgId: string, orderId: string) => useOrderCommand<undefined>(orgId, orderId, 'accept');

/**
 * POST …/cancel (Owner/Admin): without lines every unit not shipped yet, with them those units;
 * tracked stock comes back, what was paid for them is refunded or the open invoice reduced.
 */
export const useSellerCancelOrder = (orgId: string, orderId: string) =>
  useOrderCommand<SellerCancelBody>(orgId, orderId, 'cancel', true);

/** POST …/shipments: a box with its carrier, tracking number and units (the retailer gets the link). */
export const useCreateShipment = (orgId: string, orderId: string) =>
  useOrderCommand<CreateShipmentInput>(orgId, orderId, 'shipments');

/** POST …/delivered: a shipped order arrived. */
export const useMarkDelivered = (orgId: string, orderId: string) =>
  useOrderCommand<undefined>(orgId, orderId, 'delivered');

/** POST …/cancellation-request/decline: the buyer's open request is declined, with the reason. */
export const useDeclineCancellation = (orgId: string, orderId: string) =>
  useOrderCommand<DeclineCancellationBody>(orgId, orderId, 'cancellation-request/decline');

// ─── Backorders and claims (issue 23 §4, §5) ────────────────────────────────────────────
/** POST …/unavailable: units the seller cannot ship now and the day it expects them (the retailer chooses). */
export const useReportUnavailable = (orgId: string, orderId: string) =>
  useOrderCommand<ReportUnavailableBody>(orgId, orderId, 'unavailable');

/** How the seller answers a claim: refund (Owner/Admin), a replacement shipment, or decline. */
export type ClaimDecision = 'refund' | 'replacement' | 'decline';
export type ClaimDecisionBody = { carrier: Carrier; tracking_number: string } | DeclineClaimBody | undefined;

/**
 * POST …/claims/{claim_id}/refund (no body), /replacement {carrier, tracking_number} (tracked
 * stock goes out again) or /decline {reason}.
 */
export const useClaimDecision = (orgId: string, orderId: string, claimId: string, decision: ClaimDecision) =>
  useOrderCommand<ClaimDecisionBody>(
    orgId,
    orderId,
    `claims/${encodeURIComponent(claimId)}/${decision}`,
    decision === 'replacement',
  );

/** The number an order goes by ("CB-000001"; the full id stays in a title attribute). */
export { orderNumber } from '../../../components/orders/order-format';

// ─── The Orders workspace (issue 23 §6): tabs, filters, counts, bulk actions ─────────────
/** The workspace's filters, as the list and the CSV export take them (absent: no filter). */
export interface SellerOrderFilters {
  view?: SellerOrderView;
  /** The order's number or a PO number's start. */
  q?: string;
  /** The customer's name contains it. */
  customer?: string;
  /** Placed on or after / on or before (YYYY-MM-DD, UTC days). */
  from?: string;
  to?: string;
  /** Issue 25: with lines in this pre-order ship window ("YYYY-MM-DD..YYYY-MM-DD"; named as the query names it). */
  ship_window?: string;
}

/** The filters as query parameters: blanks left out, text trimmed to what the server takes. */
export function sellerOrderQuery(filters: SellerOrderFilters): Record<string, string> {
  const query: Record<string, string> = {};
  const q = filters.q?.trim().slice(0, PO_NUMBER_MAX);
  const customer = filters.customer?.trim().slice(0, ORDER_CUSTOMER_FILTER_MAX);
  if (filters.view) query.view = filters.view;
  if (q) query.q = q;
  if (customer) query.customer = customer;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.ship_window) query.ship_window = filters.ship_window;
  return query;
}

/** GET …/selling with the workspace's filters, a page at a time. */
export function fetchFilteredSellerOrdersPage(
  orgId: string,
  cursor: string | undefined,
  filters: SellerOrderFilters,
): Promise<Page<OrderSummary>> {
  return api.getPage<OrderSummary>(
    withQuery(apiPath`/api/order/organization/${orgId}/selling`, {
      limit: SELLER_ORDERS_PAGE_SIZE,
      cursor,
      ...sellerOrderQuery(filters),
    }),
  );
}

/** The seller's orders in a tab, searched and filtered; a new filter keeps the last rows until it answers. */
export function useFilteredSellerOrders(orgId: string, filters: SellerOrderFilters) {
  const query = sellerOrderQuery(filters);
  return useInfiniteQuery({
    queryKey: orderKeys.sellingFiltered(orgId, query),
    queryFn: ({ pageParam }) => fetchFilteredSellerOrdersPage(orgId, pageParam, query),
    ...keysetPaging,
    enabled: Boolean(orgId),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/organization/{org_id}/orders/counts: how many orders each tab holds. */
export function useSellerOrderCounts(orgId: string) {
  return useQuery({
    queryKey: orderKeys.sellingCounts(orgId),
    queryFn: () => api.get<SellerOrderCounts>(apiPath`/api/organization/${orgId}/orders/counts`),
    enabled: Boolean(orgId),
  });
}

/** POST /api/organization/{org_id}/orders/packing-slips: the orders' packing slips, one PDF. */
export async function fetchPackingSlips(orgId: string, orderIds: readonly string[]): Promise<Blob> {
  const { blob } = await api.download(apiPath`/api/organization/${orgId}/orders/packing-slips`, 'application/pdf', {
    order_ids: orderIds,
  });
  return new Blob([blob], { type: 'application/pdf' });
}

/** GET /api/organization/{org_id}/orders/export.csv with the filters: the file and its name. */
export function fetchOrdersCsv(
  orgId: string,
  filters: SellerOrderFilters,
): Promise<{ blob: Blob; filename: string | null }> {
  return api.download(
    withQuery(apiPath`/api/organization/${orgId}/orders/export.csv`, sellerOrderQuery(filters)),
    'text/csv',
  );
}

/**
 * POST …/shipments without lines (every unit left) for one order of a bulk "Mark shipped", with
 * the row's Idempotency-Key; answered by the updated order.
 */
export function shipWholeOrder(
  orgId: string,
  orderId: string,
  tracking: { carrier: Carrier; tracking_number: string },
  idempotencyKey: string,
): Promise<Order> {
  return api.post<Order>(apiPath`/api/organization/${orgId}/orders/${orderId}/shipments`, tracking, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** After bulk changes: every order list, the counts, the dashboard and the customers read again. */
export function useRefreshOrders() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: orderKeys.all });
    void client.invalidateQueries({ queryKey: dashboardKeys.all });
    void client.invalidateQueries({ queryKey: customerKeys.all });
  };
}
