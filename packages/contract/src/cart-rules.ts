/** Cart rules shared by the server and the browser (zod-free). */

export const CART_LIMITS = {
  /** The most of one product a cart line may hold (the API's limit; the UI offers 0–79). */
  lineQuantity: 9_999,
  /** The most lines a cart may hold. */
  lines: 500,
} as const;

/** Spec section 5: quantity choices are whole numbers 0 to 79 (80 options). */
export const QUANTITY_CHOICES_MAX = 79;

/** US dollars with cents and thousands separators: 123456 → "$1,234.56". */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Spec section 5 (DECISIONS wording): the 'Cannot Checkout' messages. */
export function minimumItemsMessage(items: number): string {
  return `Your wholesale order must include at least ${items} items to checkout.`;
}
export function minimumCentsMessage(cents: number): string {
  return `Your wholesale order must cost at least ${dollars(cents)} to checkout.`;
}

/** Why a cart cannot go to checkout (each with a message the buyer can act on). */
export const CHECKOUT_ISSUE_CODES = [
  'empty',
  'min_items',
  'min_cents',
  'unavailable_lines',
  'quantity_rules',
  'preview',
  /** The order (goods, and shipping once chosen) costs more than MONEY_LIMITS.orderTotalCents (money-rules.ts). */
  'order_too_large',
] as const;
export type CheckoutIssueCode = (typeof CHECKOUT_ISSUE_CODES)[number];

export const PREVIEW_CHECKOUT_MESSAGE =
  'This is a preview of your own store: you can fill a test cart, but you cannot check out against yourself.';
export const UNAVAILABLE_LINES_MESSAGE =
  'Some products in your cart are no longer available. Remove them to checkout.';
export const EMPTY_CART_MESSAGE = 'Cart is Empty';
export const QUANTITY_RULES_MESSAGE =
  "Some quantities no longer match the seller's order rules. Update them to checkout.";

/**
 * The Terms tab's notices (spec section 2): the minimum item count and dollar value of an order,
 * for a returning customer (has submitted an order with this seller) or a first order.
 */
export function minimumNotices(
  terms: { min_items: number; min_cents: number },
  isReturning: boolean,
): { items: string; amount: string } {
  const who = isReturning ? 'Reorders' : 'Your first order';
  return {
    items:
      terms.min_items > 0
        ? `${who} must include at least ${terms.min_items} ${terms.min_items === 1 ? 'item' : 'items'}.`
        : `${who}: No minimum number of items.`,
    amount:
      terms.min_cents > 0
        ? `${who} must cost at least ${dollars(terms.min_cents)}.`
        : `${who}: No minimum order value.`,
  };
}
