/** Cart rules shared by the server and the browser (zod-free). */
import { dollars, isOrderTooLarge, orderTooLargeMessage } from './money-rules.js';
import { formatShipDay, preorderClosed } from './preorder-rules.js';

export const CART_LIMITS = {
  /** The most of one product a cart line may hold (the API's limit; the UI offers 0–79). */
  lineQuantity: 9_999,
  /** The most lines a cart may hold. */
  lines: 500,
} as const;

/** Spec section 5: quantity choices are whole numbers 0 to 79 (80 options). */
export const QUANTITY_CHOICES_MAX = 79;

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
  /** Issue 25: a pre-order in the cart is past its order-by day. */
  'preorder_closed',
] as const;
export type CheckoutIssueCode = (typeof CHECKOUT_ISSUE_CODES)[number];

export const PREVIEW_CHECKOUT_MESSAGE =
  'This is a preview of your own store: you can fill a test cart, but you cannot check out against yourself.';
export const UNAVAILABLE_LINES_MESSAGE =
  'Some products in your cart are no longer available. Remove them to checkout.';
export const EMPTY_CART_MESSAGE = 'Cart is Empty';
export const QUANTITY_RULES_MESSAGE =
  "Some quantities no longer match the seller's order rules. Update them to checkout.";

/** The order minimums a seller sets (0 or null: none), for a first order and for reorders. */
export interface OrderMinimums {
  new_customer_min: number | null;
  returning_customer_min: number | null;
  new_customer_min_cents: number | null;
  returning_customer_min_cents: number | null;
}

/**
 * The minimum that applies to this buyer (spec section 5): the returning customer's once the
 * buyer has submitted an order with this seller, the new customer's before; 0 when none is set.
 */
export function applicableMinimum(minimums: OrderMinimums, isReturning: boolean): { items: number; cents: number } {
  return {
    items: (isReturning ? minimums.returning_customer_min : minimums.new_customer_min) ?? 0,
    cents: (isReturning ? minimums.returning_customer_min_cents : minimums.new_customer_min_cents) ?? 0,
  };
}

/** What the checkout gate looks at: a cart's lines and totals, its minimum, who looks, its shipping. */
export interface CheckoutFacts {
  /** Every line of the cart: whether it can be bought as it is, and why its quantity breaks the product's order rules (null: it keeps them). */
  lines: ReadonlyArray<{
    available: boolean;
    quantity_issue: string | null;
    /** Issue 25: a pre-order past its order-by day is named (preorder_closed). */
    product?: { name: string; preorder?: { order_by: string } | null };
  }>;
  /** Quantities and total of the available lines (a line's total at its quantity's unit price). */
  itemCount: number;
  totalCents: number;
  /** The minimum that applies (applicableMinimum), 0 when none. */
  minItems: number;
  minCents: number;
  /** The seller previews its own store (View as Buyer). */
  isPreview: boolean;
  /** The chosen shipping rate's cost; null before one is chosen. */
  shippingCents: number | null;
}

/** Whether the available lines reach the applicable minimum (items and value). */
export function meetsMinimum(facts: Pick<CheckoutFacts, 'itemCount' | 'totalCents' | 'minItems' | 'minCents'>): boolean {
  return facts.itemCount >= facts.minItems && facts.totalCents >= facts.minCents;
}

/**
 * THE checkout gate (spec section 5): why this cart cannot go to checkout, in the order the
 * buyer reads them; none when it can. The server answers it with every cart
 * (carts/service.ts); the browser shows it for a cart whose changes are still on their way
 * (web storefront/cart/cart-changes.ts).
 */
export function checkoutIssues(facts: CheckoutFacts): Array<{ code: CheckoutIssueCode; message: string }> {
  const { lines, itemCount, totalCents, minItems, minCents, shippingCents } = facts;
  const issues: Array<{ code: CheckoutIssueCode; message: string }> = [];
  if (lines.length === 0) issues.push({ code: 'empty', message: EMPTY_CART_MESSAGE });
  const closed = lines.filter((line) => !line.available && line.product?.preorder && preorderClosed(line.product.preorder));
  const first = closed[0]?.product;
  if (first?.preorder) {
    issues.push({
      code: 'preorder_closed',
      message: `"${first.name}" can no longer be pre-ordered (orders closed ${formatShipDay(first.preorder.order_by)}). Remove it to check out.`,
    });
  }
  if (lines.some((line) => !line.available && !closed.includes(line))) {
    issues.push({ code: 'unavailable_lines', message: UNAVAILABLE_LINES_MESSAGE });
  }
  if (lines.some((line) => line.available && line.quantity_issue !== null)) {
    issues.push({ code: 'quantity_rules', message: QUANTITY_RULES_MESSAGE });
  }
  if (itemCount < minItems) issues.push({ code: 'min_items', message: minimumItemsMessage(minItems) });
  if (totalCents < minCents) issues.push({ code: 'min_cents', message: minimumCentsMessage(minCents) });
  if (facts.isPreview) issues.push({ code: 'preview', message: PREVIEW_CHECKOUT_MESSAGE });
  // One order may cost at most MONEY_LIMITS.orderTotalCents, goods and — once a rate is chosen —
  // shipping together (the amount checkout charges and stores: money-rules.ts, decision 007).
  if (isOrderTooLarge(totalCents, shippingCents)) {
    issues.push({
      code: 'order_too_large',
      message: orderTooLargeMessage(totalCents + (shippingCents ?? 0), shippingCents !== null),
    });
  }
  return issues;
}

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
