/**
 * Orders the seller writes (issue 25 part 2, "proposals"): limits, statuses and the discount
 * rule the browser shares with the server. A line's price is the customer's price (its price
 * list, at the line's quantity) less the proposal's discount, rounded half up to the cent — the
 * rule of price-list-rules.ts `discountedCents`; accepting puts that price on the cart line.
 */
import { discountedCents } from './price-list-rules.js';

export const PROPOSAL_LIMITS = {
  /** Characters of the seller's note and of the retailer's reason to decline. */
  note: 1000,
  declineReason: 1000,
  /** Lines of one proposal (a cart holds at most 200 too). */
  lines: 200,
  /** The largest discount, in percent (two decimals). */
  discountPercentMax: 50,
  /** Days stock stays reserved for a sent proposal when the seller asks for it. */
  reserveDays: 7,
  /** The latest orders a retailer's list of received orders shows. */
  receivedList: 50,
} as const;

export const PROPOSAL_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'cancelled'] as const;
export const PROPOSAL_STATUS_LABELS: Record<(typeof PROPOSAL_STATUSES)[number], string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

/** The seller's number of a proposal as people read it: "P-1001". */
export function proposalNumberLabel(n: number): string {
  return `P-${n}`;
}

/** One unit's price in a proposal: the customer's price less the discount (basis points), rounded half up. */
export function proposalUnitPrice(customerUnitCents: number, discountBasisPoints: number): number {
  return discountedCents(customerUnitCents, discountBasisPoints);
}
