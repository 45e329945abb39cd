import { useTeamRole } from '../../lib/current-user';

/**
 * Who may move money (docs/payments.md "Who may move money"): granting or changing a
 * customer's terms, marking invoices paid, voiding them, refunds, the payment set-up and bank
 * accounts take an owner or admin. Staff see these screens read-only; the server refuses them
 * with 403 anyway.
 */
export const STAFF_TERMS_MESSAGE = 'Only an owner or admin can change payment terms.';
export const STAFF_RECORD_PAYMENTS_MESSAGE = 'Only an owner or admin can mark invoices paid or void them.';
/** Price lists (issue 25 part 1): Staff read them (they write orders at a customer's prices). */
export const STAFF_PRICE_LISTS_MESSAGE = 'Only an owner or admin can change price lists.';

/**
 * True when the current user is Staff in the organization (money actions hidden or disabled).
 * False while the user loads, like the payments screen: the server has the last word.
 */
export function useIsStaff(orgId: string | undefined): boolean {
  return useTeamRole(orgId) === 'staff';
}
