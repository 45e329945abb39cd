/**
 * The card payment of step 2 and the return from it (spec sections 2 "billing" and
 * "checkout/return", 4 "Order flow", 7 create-checkout-session and verify-payment, 8).
 *
 * The checkout session is created by the server from the database (the amount is never sent),
 * once the billing page can pay: the order has a rate, the cart can check out, the seller takes
 * card payments and no cart change is on its way. Its query key names the cart, the order's rate
 * and the cart's lines and total, so a changed cart or rate makes a new session. The built-in
 * provider's embedded checkout (the card form, CardCheckout.tsx) is authorised by the session's
 * client secret alone.
 */
import {
  PAYMENT_VERIFICATION_FAILED,
  UNEXPECTED_ERROR_MESSAGE,
  type CardPaymentResult,
  type Cart,
  type CartOrder,
  type CheckoutSession,
  type CheckoutSecretBody,
  type ChallengeBody,
  type ConfirmCardBody,
  type CreateCheckoutSessionBody,
  type EmbeddedCheckout,
  type InvoiceCheckoutSession,
  type OrderPaymentTerms,
  type PaymentTermsBody,
  type SubmittedOrder,
  type SubmitOnTermsBody,
  type VerifyPayment,
} from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, apiPath } from '../../../lib/api';
import { orderHasRate } from '../billing/api';
import { useCartChanging } from '../cart/api';
import { checkoutKeys } from '../../../lib/query-keys';

export const checkoutReturnPath = (orgId: string) => `/storefront/${orgId}/checkout/return`;
export const buyerOrdersPath = (orgId: string) => `/storefront/${orgId}/orders`;

/** Refusals of create-checkout-session after which the shipping options must be read again. */
const STALE_QUOTE_CODES = new Set(['quote_stale', 'quote_expired']);

/** True when the billing page may ask for a checkout session (the server checks all of it again). */
export function canPay(cart: Cart): boolean {
  return orderHasRate(cart.order) && cart.can_checkout && cart.seller_payments_active !== false;
}

/** What the session charges for: the cart, the order's rate, the lines and the total. */
export function checkoutSessionKey(sellerOrgId: string, cart: Cart): readonly unknown[] {
  const lines = cart.line_items.map((line) => `${line.product.id}:${line.quantity}`).join(',');
  const { order } = cart;
  const rate = [
    order.shipping_rate_id,
    order.shippo_provider,
    order.shippo_service_level_token,
    order.shipping_cost_in_cents,
  ];
  return checkoutKeys.checkoutSession(sellerOrgId, cart.id, ...rate, cart.total_cents, lines);
}

/**
 * POST /api/stripe/organization/{sellerOrgId}/create-checkout-session: the session the buyer pays,
 * made once per key (a query, so a re-render or a remount does not make another one; never
 * refetched on its own). `refetch()` makes a new session, e.g. when the last one expired. A
 * refusal because the shipping quote went stale reads the shipping options again.
 */
export function useCheckoutSession(sellerOrgId: string, cart: Cart, enabled: boolean) {
  const client = useQueryClient();
  const changing = useCartChanging(sellerOrgId);
  const orderId = cart.order.id;
  return useQuery({
    queryKey: checkoutSessionKey(sellerOrgId, cart),
    queryFn: async () => {
      try {
        return await api.post<CheckoutSession>(
          apiPath`/api/stripe/organization/${sellerOrgId}/create-checkout-session`,
          // The total the buyer sees: the server refuses (cart_changed) rather than charge another.
          { cart: { id: cart.id, total_cents: cart.total_cents } } satisfies CreateCheckoutSessionBody,
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 409 && STALE_QUOTE_CODES.has(error.code)) {
          void client.invalidateQueries({ queryKey: checkoutKeys.shippingEstimates(orderId) });
        }
        throw error;
      }
    },
    enabled: enabled && !changing && canPay(cart),
    // Kept for a while: back at step 2 within minutes the same session is paid (an expired one is
    // replaced when the card form sees it).
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** POST /api/payments/checkout/session: who is paid, how much, and whether it is still open. */
export function useEmbeddedCheckout(clientSecret: string) {
  return useQuery({
    queryKey: checkoutKeys.embeddedCheckout(clientSecret),
    queryFn: () =>
      api.post<EmbeddedCheckout>('/api/payments/checkout/session', {
        client_secret: clientSecret,
      } satisfies CheckoutSecretBody),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/payments/checkout/pay. A declined card is a 402 ApiError with the bank's message. */
export function usePayWithCard() {
  return useMutation({
    mutationFn: (body: ConfirmCardBody) => api.post<CardPaymentResult>('/api/payments/checkout/pay', body),
  });
}

/** POST /api/payments/checkout/challenge: the buyer's answer on the (test) bank's page. */
export function useAnswerChallenge() {
  return useMutation({
    mutationFn: (body: ChallengeBody) => api.post<CardPaymentResult>('/api/payments/checkout/challenge', body),
  });
}

/**
 * GET …/verify-payment/{session_id}: completes the order (idempotently on the server). A query,
 * so the page's effects running twice (StrictMode) share one call.
 */
export function useVerifyPayment(sellerOrgId: string, sessionId: string | null) {
  return useQuery({
    queryKey: checkoutKeys.verifyPayment(sellerOrgId, sessionId),
    // No abort signal: a remount (StrictMode runs effects twice) must not cancel the call and
    // send it again; it completes the order, so it runs to its end.
    queryFn: () =>
      api.get<VerifyPayment>(apiPath`/api/stripe/organization/${sellerOrgId}/verify-payment/${sessionId ?? ''}`),
    enabled: Boolean(sessionId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * Spec section 8: the server's message, else 'Payment verification failed'; a thrown error that
 * is not an answer of the API shows its message, else 'An unexpected error occurred'.
 */
export function verificationErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // No error body (a proxy's page, an empty answer): the server said nothing to show.
    return error.code === 'http_error' || !error.message ? PAYMENT_VERIFICATION_FAILED : error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}

/** The path and query of the provider's return URL (same origin), for the router. */
export function returnRoute(returnUrl: string): string {
  const url = new URL(returnUrl, window.location.origin);
  return `${url.pathname}${url.search}`;
}

// ─── Net terms ──────────────────────────────────────────────────────────────────────────────
/*
 * Paying on net terms (issue 13 item 1), the buyer's side: at billing, when the seller gave the
 * buyer terms, a choice between pay by card and pay by invoice (Net N); the invoice choice places
 * the order with POST /api/order/{order_id}/submit-on-terms, without a card. On the orders page,
 * an OPEN invoice is paid by card later through an invoice checkout session and the same card form.
 */
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

/** GET /api/order/{order_id}/payment_terms: the net days the buyer may use (0: card only) and its choice. */
export function useOrderPaymentTerms(orderId: string) {
  return useQuery({
    queryKey: checkoutKeys.orderPaymentTerms(orderId),
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
      client.setQueryData<OrderPaymentTerms>(checkoutKeys.orderPaymentTerms(orderId), (old) =>
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
