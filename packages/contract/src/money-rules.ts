/**
 * Money limits shared by the server and the browser (zod-free). Every amount is integer cents;
 * the database keeps prices, minimums and order totals in 32-bit `integer` columns, whose
 * largest value is 2,147,483,647 ($21,474,836.47). The limits below keep every stored amount,
 * and every sum the checkout stores (goods plus shipping), well inside them, so the schemas
 * and the columns agree: a larger amount is refused (400 naming the field, or a cart checkout
 * issue) before it reaches a column. docs/decisions/007-order-totals-numbers-and-money-limits.md
 * says why.
 */

/** US dollars with cents and thousands separators: 123456 → "$1,234.56". */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

export const MONEY_LIMITS = {
  /** The most one order may cost, its goods and its shipping together: $9,999,999.99. */
  orderTotalCents: 999_999_999,
  /**
   * The most any amount a person enters may be — a unit price, an MSRP, a price break, an order
   * minimum: $9,999,999.99 (an amount above the order maximum could never be bought).
   */
  amountCents: 999_999_999,
  /**
   * Stripe Checkout's own cap for one session: $999,999.99. With the Stripe provider a card
   * payment above it cannot be taken (pay such an order on net terms); docs/payments.md.
   */
  stripeCheckoutSessionCents: 99_999_999,
} as const;

/** "must be at most $9,999,999.99 (999999999 cents)": the 400 message of a money input over its limit. */
export function amountTooLargeMessage(maxCents: number = MONEY_LIMITS.amountCents): string {
  return `must be at most ${dollars(maxCents)} (${maxCents} cents)`;
}

/**
 * The cart checkout issue `order_too_large`: the order would cost more than one order may.
 * `withShipping` says the amount includes the chosen shipping rate.
 */
export function orderTooLargeMessage(totalCents: number, withShipping: boolean): string {
  return (
    `This order comes to ${dollars(totalCents)}${withShipping ? ' with shipping' : ''}, more than the ` +
    `${dollars(MONEY_LIMITS.orderTotalCents)} one order may cost. Remove some items or split it into smaller orders.`
  );
}

/** Whether an order of goods and shipping is over the order maximum. */
export function isOrderTooLarge(goodsCents: number, shippingCents: number | null | undefined): boolean {
  return goodsCents + (shippingCents ?? 0) > MONEY_LIMITS.orderTotalCents;
}
