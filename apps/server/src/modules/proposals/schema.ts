/**
 * Tables owned by the proposals module (issue 25 part 2, docs/decisions/015-seller-written-orders.md):
 * orders the seller writes for a customer — a draft, sent to the retailer (an organization that
 * buys from the seller, or an e-mail invited with it), accepted into the retailer's cart at the
 * agreed prices, declined or cancelled — and their lines (sellable products: variants or
 * products without options).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';
import { products } from '../products/schema.js';
import { users } from '../users/schema.js';
import { invites } from '../invites/schema.js';

export const orderProposals = pgTable(
  'order_proposals',
  {
    id: id(),
    sellerOrganizationId: uuid('seller_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The retailer; null while it has no account (then invite_email, and invite_id once sent). */
    purchaserOrganizationId: uuid('purchaser_organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    inviteEmail: text('invite_email'),
    inviteId: uuid('invite_id').references(() => invites.id, { onDelete: 'set null' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The seller's number for it: 1001, 1002… shown as P-1001. */
    number: integer('number').notNull(),
    status: text('status').notNull().default('draft'),
    note: text('note'),
    discountBasisPoints: integer('discount_basis_points').notNull().default(0),
    /** Stock held for the proposal from sending until reserved_until (or until it is answered). */
    reserveStock: boolean('reserve_stock').notNull().default(false),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('order_proposals_seller_number_key').on(t.sellerOrganizationId, t.number),
    index('order_proposals_seller_list_idx').on(t.sellerOrganizationId, t.createdAt.desc(), t.id.desc()),
    index('order_proposals_purchaser_idx').on(t.purchaserOrganizationId),
    index('order_proposals_invite_idx').on(t.inviteId),
    check('order_proposals_status_check', sql`${t.status} in ('draft', 'sent', 'accepted', 'declined', 'cancelled')`),
    check('order_proposals_discount_check', sql`${t.discountBasisPoints} >= 0 and ${t.discountBasisPoints} <= 5000`),
    check('order_proposals_note_length', sql`${t.note} is null or char_length(${t.note}) <= 1000`),
    check('order_proposals_decline_reason_length', sql`${t.declineReason} is null or char_length(${t.declineReason}) <= 1000`),
    check(
      'order_proposals_retailer_check',
      sql`${t.purchaserOrganizationId} is not null or ${t.inviteEmail} is not null`,
    ),
  ],
);

export const orderProposalLines = pgTable(
  'order_proposal_lines',
  {
    id: id(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => orderProposals.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull(),
    /** The unit price agreed when the retailer accepted (what its cart line holds); null before. */
    agreedUnitPriceInCents: integer('agreed_unit_price_in_cents'),
  },
  (t) => [
    uniqueIndex('order_proposal_lines_product_key').on(t.proposalId, t.productId),
    index('order_proposal_lines_product_idx').on(t.productId),
    check('order_proposal_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
