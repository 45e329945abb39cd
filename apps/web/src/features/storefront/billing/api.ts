/**
 * Checkout step 2, Shipping & Payment (spec sections 2, 4, 7 and 8): the order's shipping
 * estimates and choosing one of them, and saving the order's PO number (issue 13; the field's
 * state is po-number.ts). The chosen rate lives on the cart's order
 * (`shippo_service_level_token`, `shipping_cost_in_cents`, …), so choosing ends by reading the cart
 * again (cart/cart-store.ts keeps the cart's last server answer: write it only that way).
 */
import { useEffect, useRef } from 'react';
import type { Cart, CartOrder, ChooseRateBody, PoNumberBody, ShippingEstimate } from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api';
import { useCartPair } from '../checkout/api';
import { cartKeys, checkoutKeys } from '../../../lib/query-keys';

export const ESTIMATE_ATTRIBUTE_LABELS: Readonly<Record<string, string>> = {
  CHEAPEST: 'Cheapest',
  FASTEST: 'Fastest',
  BESTVALUE: 'Best value',
};

/** The chips of an estimate, in the server's order; attributes we have no words for are left out. */
export function estimateChips(estimate: ShippingEstimate): string[] {
  return estimate.attributes.flatMap((attribute) => {
    const label = ESTIMATE_ATTRIBUTE_LABELS[attribute.toUpperCase()];
    return label ? [label] : [];
  });
}

/** "1 business day", "3 business days", else the carrier's own terms, else nothing. */
export function deliveryEstimate(estimate: ShippingEstimate): string | null {
  if (estimate.estimated_days !== null) {
    return `Estimated ${estimate.estimated_days} ${estimate.estimated_days === 1 ? 'day' : 'days'}`;
  }
  return estimate.duration_terms;
}

/** True when the order already has a shipping rate (spec section 4: its service level token). */
export function orderHasRate(order: CartOrder): boolean {
  return Boolean(order.shippo_service_level_token);
}

/**
 * The estimate the order's rate is, if it is among these: by its rate id, else by carrier and
 * service level (estimates read again may carry new ids for the same service).
 */
export function estimateOfOrder(
  estimates: readonly ShippingEstimate[],
  order: CartOrder,
): ShippingEstimate | undefined {
  if (!orderHasRate(order)) return undefined;
  return (
    estimates.find((estimate) => estimate.object_id === order.shipping_rate_id) ??
    estimates.find(
      (estimate) =>
        estimate.servicelevel.token === order.shippo_service_level_token && estimate.provider === order.shippo_provider,
    )
  );
}

/**
 * The estimates depend on what ships and where: the key names the order, its address and the
 * lines, so a change of the cart (the drawer stays open on this page) reads them again.
 */
export function estimatesKey(cart: Cart): readonly unknown[] {
  const lines = cart.line_items.map((line) => `${line.product.id}:${line.quantity}`).join(',');
  return checkoutKeys.shippingEstimates(cart.order.id, cart.order.shipping_address?.id ?? null, lines);
}

/** GET /api/shipping/order/{order_id}/estimates (only once the page may show: `cart` given). */
export function useShippingEstimates(cart: Cart | undefined) {
  const orderId = cart?.order.id ?? '';
  return useQuery({
    queryKey: cart ? estimatesKey(cart) : checkoutKeys.shippingEstimates(null),
    queryFn: ({ signal }) => api.get<ShippingEstimate[]>(apiPath`/api/shipping/order/${orderId}/estimates`, { signal }),
    enabled: Boolean(cart),
  });
}

/**
 * POST /api/shipping/order/{order_id}/rate {rate_id}. Choices are sent one after another (one
 * mutation scope per order), so the last one chosen is the one that stays; the mutation ends once
 * the cart has been read again, so the page shows the chosen rate optimistically until then. A
 * refused rate (expired, or no longer this order's) reads the estimates again too.
 */
export function useChooseRate(sellerOrgId: string, cart: Cart | undefined) {
  const client = useQueryClient();
  const pair = useCartPair(sellerOrgId);
  const orderId = cart?.order.id ?? '';
  return useMutation({
    scope: { id: `order-shipping-rate:${orderId}` },
    mutationFn: (rateId: string) =>
      api.post<CartOrder>(apiPath`/api/shipping/order/${orderId}/rate`, { rate_id: rateId } satisfies ChooseRateBody),
    onError: () => client.invalidateQueries({ queryKey: checkoutKeys.shippingEstimates(orderId) }),
    onSettled: () =>
      pair ? client.invalidateQueries({ queryKey: cartKeys.pair(pair.sellerId, pair.buyerId) }) : undefined,
  });
}

/**
 * Spec section 4: when the estimates load and the order has no service level token, the first
 * estimate is chosen. Once per order on this page: a refused choice is not sent again and again.
 */
export function useChooseFirstEstimate(
  cart: Cart | undefined,
  estimates: readonly ShippingEstimate[] | undefined,
  choose: (rateId: string) => void,
  busy: boolean,
) {
  const chosenFor = useRef<string | null>(null);
  const order = cart?.order;
  const first = estimates?.[0]?.object_id;
  useEffect(() => {
    if (!order || !first || busy || orderHasRate(order) || chosenFor.current === order.id) return;
    chosenFor.current = order.id;
    choose(first);
  }, [order, first, busy, choose]);
}

/**
 * POST /api/order/{order_id}/po_number: the PO number the draft order keeps (null: none). Saves
 * are sent one after another (one mutation scope per order); each ends by reading the cart again.
 */
export function useSavePoNumber(sellerOrgId: string, orderId: string) {
  const client = useQueryClient();
  const pair = useCartPair(sellerOrgId);
  return useMutation({
    scope: { id: `order-po-number:${orderId}` },
    mutationFn: (poNumber: string | null) =>
      api.post<CartOrder>(apiPath`/api/order/${orderId}/po_number`, { po_number: poNumber } satisfies PoNumberBody),
    onSettled: () =>
      pair ? client.invalidateQueries({ queryKey: cartKeys.pair(pair.sellerId, pair.buyerId) }) : undefined,
  });
}
