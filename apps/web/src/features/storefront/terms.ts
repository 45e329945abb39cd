/**
 * Paying on net terms (issue 13 item 1), the buyer's side: at billing, when the seller gave the
 * buyer terms, a choice between pay by card and pay by invoice (Net N); the invoice choice places
 * the order with POST /api/order/{order_id}/submit-on-terms, without a card. On the orders page,
 * an OPEN invoice is paid by card later through an invoice checkout session and the same card form.
 */
import type {
  CartOrder,
  CheckoutSession,
  InvoiceCheckoutSession,
  OrderPaymentTerms,
  PaymentTermsBody,
  SubmittedOrder,
  SubmitOnTermsBody,
} from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../lib/api';

export const PAY_BY_CARD_LABEL = 'Pay by card';
export const payByInvoiceLabel = (netDays: number) => `Pay by invoice (Net ${netDays})`;
export const PLACE_ORDER_LABEL = 'Place order';
export const invoiceTermsText = (netDays: number) =>
  `No card needed now: the order is placed with an open invoice, due ${netDays} days after today. You can pay it by card later from your orders page.`;
/** The toast once an order is placed on terms, naming it by its number (CB-000001) as every screen does. */
export function orderPlacedOnTermsMessage(orderNumber: string): string {
  return `Order ${orderNumber} placed. Its invoice is open until paid.`;
}
export const PAY_NOW_LABEL = 'Pay now';

export const orderTermsKey = (orderId: string) => ['order-payment-terms', orderId] as const;

/** GET /api/order/{order_id}/payment_terms: the net days the buyer may use (0: card only) and its choice. */
export function useOrderPaymentTerms(orderId: string) {
  return useQuery({
    queryKey: orderTermsKey(orderId),
    queryFn: () => api.get<OrderPaymentTerms>(apiPath`/api/order/${orderId}/payment_terms`),
    enabled: Boolean(orderId),
    staleTime: 60_000,
  });
}

/** POST /api/order/{order_id}/payment_terms: true pays by invoice on the seller's terms. */
export function useChoosePaymentTerms(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    scope: { id: `order-payment-terms:${orderId}` },
    mutationFn: (isNet30: boolean) =>
      api.post<CartOrder>(apiPath`/api/order/${orderId}/payment_terms`, {
        is_net_30: isNet30,
      } satisfies PaymentTermsBody),
    onSuccess: (order) =>
      client.setQueryData<OrderPaymentTerms>(orderTermsKey(orderId), (old) =>
        old ? { ...old, is_net_30: order.is_net_30 } : old,
      ),
  });
}

/** POST /api/order/{order_id}/submit-on-terms: places the order by invoice (idempotent on the server). */
export function useSubmitOnTerms(orderId: string) {
  return useMutation({
    // The total the buyer sees goes along: the server refuses rather than invoice another amount.
    mutationFn: (shownTotalCents: number) =>
      api.post<SubmittedOrder>(apiPath`/api/order/${orderId}/submit-on-terms`, {
        cart: { total_cents: shownTotalCents },
      } satisfies SubmitOnTermsBody),
  });
}

/** POST /api/invoice/{invoice_id}/checkout-session: a card payment of an OPEN invoice. */
export function createInvoicePayment(invoiceId: string): Promise<InvoiceCheckoutSession> {
  return api.post<InvoiceCheckoutSession>(apiPath`/api/invoice/${invoiceId}/checkout-session`);
}

/** The invoice session in the shape the card form reads (it shows the amount and pays with the secret). */
export function asCheckoutSession(s: InvoiceCheckoutSession): CheckoutSession {
  return {
    clientSecret: s.clientSecret,
    account_id: '',
    session_id: s.session_id,
    provider: s.provider,
    currency: 'usd',
    subtotal_cents: s.amount_cents,
    shipping_cents: 0,
    amount_cents: s.amount_cents,
    expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
  };
}
