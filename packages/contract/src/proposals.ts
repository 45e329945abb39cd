/**
 * Orders the seller writes (issue 25 part 2): the seller builds an order for a customer at that
 * customer's prices with an optional discount and note and sends it; the retailer reviews it,
 * may change quantities within the rules or remove lines, and accepts (the lines go into its cart
 * at the agreed prices) or declines. Rules in proposal-rules.ts.
 */
import { z } from 'zod';
import { multiLineText, Uuid } from './common.js';
import { CartProduct } from './carts.js';
import { InviteEmail } from './invites.js';
import { PROPOSAL_LIMITS, PROPOSAL_STATUSES } from './proposal-rules.js';

export const ProposalStatus = z.enum(PROPOSAL_STATUSES);
export type ProposalStatus = z.infer<typeof ProposalStatus>;

const quantity = z
  .number({ message: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(9_999, 'must be at most 9,999');

const discountPercent = z
  .number({ message: 'must be a number' })
  .min(0, 'must not be negative')
  .max(PROPOSAL_LIMITS.discountPercentMax, `must be at most ${PROPOSAL_LIMITS.discountPercentMax}`)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'may have at most two decimals')
  .meta({ multipleOf: 0.01 });

const note = multiLineText().max(PROPOSAL_LIMITS.note, `must be at most ${PROPOSAL_LIMITS.note} characters`);

/** A line as the seller sets it: a sellable product (a variant, or a product without options). */
export const ProposalLineInput = z.strictObject({ product_id: Uuid, quantity });
export type ProposalLineInput = z.infer<typeof ProposalLineInput>;

const lines = z
  .array(ProposalLineInput, { message: 'must be a list of lines' })
  .max(PROPOSAL_LIMITS.lines, `must have at most ${PROPOSAL_LIMITS.lines} lines`);

/** POST /api/organization/{org_id}/proposals: for a customer, or for an e-mail (sending invites it). */
export const CreateProposalBody = z
  .strictObject({
    purchaser_organization_id: Uuid.optional(),
    invite_email: InviteEmail.optional(),
    note: note.optional(),
    discount_percent: discountPercent.optional(),
    reserve_stock: z.boolean().optional(),
    lines: lines.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.purchaser_organization_id === undefined) === (body.invite_email === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['purchaser_organization_id'],
        message: 'name either a customer (purchaser_organization_id) or an e-mail to invite (invite_email)',
      });
    }
  })
  .meta({ oneOf: [{ required: ['purchaser_organization_id'] }, { required: ['invite_email'] }] });
export type CreateProposalBody = z.infer<typeof CreateProposalBody>;

/** PATCH …/proposals/{id} (drafts only). */
export const ProposalPatch = z.strictObject({
  note: note.nullable().optional(),
  discount_percent: discountPercent.optional(),
  reserve_stock: z.boolean().optional(),
});
export type ProposalPatch = z.infer<typeof ProposalPatch>;

/** PUT …/proposals/{id}/lines (the seller, drafts only): the lines, in order. */
export const ProposalLinesBody = z.strictObject({ lines });
export type ProposalLinesBody = z.infer<typeof ProposalLinesBody>;

/**
 * PUT /api/proposals/{id}/lines (the retailer, while sent): new quantities of proposed products;
 * 0 removes a line. Products the seller did not propose cannot be added.
 */
export const RetailerProposalLinesBody = z.strictObject({
  lines: z
    .array(z.strictObject({ product_id: Uuid, quantity: quantity.min(0, 'must not be negative') }), {
      message: 'must be a list of lines',
    })
    .min(1, 'must list at least one line')
    .max(PROPOSAL_LIMITS.lines, `must have at most ${PROPOSAL_LIMITS.lines} lines`),
});
export type RetailerProposalLinesBody = z.infer<typeof RetailerProposalLinesBody>;

/**
 * POST /api/proposals/{id}/accept: `total_cents`, the total the retailer was shown; when prices
 * moved since (its price list changed), 409 proposal_changed and nothing is accepted.
 */
export const AcceptProposalBody = z
  .strictObject({ total_cents: z.number({ message: 'must be a whole number of cents' }).int().min(0).optional() })
  .nullish();
export type AcceptProposalBody = z.infer<typeof AcceptProposalBody>;

/** POST /api/proposals/{id}/decline. */
export const DeclineProposalBody = z.strictObject({
  reason: multiLineText()
    .max(PROPOSAL_LIMITS.declineReason, `must be at most ${PROPOSAL_LIMITS.declineReason} characters`)
    .optional(),
});
export type DeclineProposalBody = z.infer<typeof DeclineProposalBody>;

export const SellerProposalParams = z.strictObject({ org_id: Uuid, proposal_id: Uuid });
export type SellerProposalParams = z.infer<typeof SellerProposalParams>;
export const ProposalParams = z.strictObject({ proposal_id: Uuid });
/** The retailer's received orders from one seller (the cart's pair). */
export const ReceivedProposalsParams = z.strictObject({ selling_organization_id: Uuid, purchasing_organization_id: Uuid });
export type ProposalParams = z.infer<typeof ProposalParams>;

/** GET …/proposals: newest first, keyset pages, optionally one status. */
export const ProposalListQuery = z.strictObject({
  status: ProposalStatus.optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(200).optional(),
});
export type ProposalListQuery = z.infer<typeof ProposalListQuery>;

/** A line at the customer's price now (its price list, at the line's quantity) less the discount. */
export const ProposalLine = z.object({
  product_id: Uuid,
  product: CartProduct,
  quantity: z.number().int(),
  /** The customer's unit price at this quantity, before the proposal's discount. */
  listed_unit_price_in_cents: z.number().int(),
  /** What one unit costs in this proposal (accepted: the price agreed on the cart line). */
  unit_price_in_cents: z.number().int(),
  line_total_cents: z.number().int(),
  available: z.boolean(),
  unavailable_reason: z.string().nullable(),
  /** The quantity no longer keeps the product's order rules (minimum, increment). */
  quantity_issue: z.string().nullable(),
});
export type ProposalLine = z.infer<typeof ProposalLine>;

const OrgRef = z.object({ id: Uuid, name: z.string() });

export const Proposal = z.object({
  id: Uuid,
  /** "P-1001". */
  number: z.string(),
  status: ProposalStatus,
  seller_organization: OrgRef,
  /** The retailer; null while the invited e-mail has no account that accepted the invite. */
  purchaser_organization: OrgRef.nullable(),
  invite_email: z.string().nullable(),
  note: z.string().nullable(),
  discount_percent: z.number(),
  reserve_stock: z.boolean(),
  reserved_until: z.string().nullable(),
  /** The retailer's terms with the seller: net days it may pay in (0: it pays by card at checkout). */
  net_terms_days: z.number().int(),
  lines: z.array(ProposalLine),
  /** Available lines at the customer's prices, before the discount. */
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  /** What the available lines come to (the cart's total for them once accepted). */
  total_cents: z.number().int(),
  item_count: z.number().int(),
  /** The URL the retailer opens (the e-mail's link). */
  retailer_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  sent_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  declined_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  decline_reason: z.string().nullable(),
});
export type Proposal = z.infer<typeof Proposal>;
export const ProposalList = z.array(Proposal);
export type ProposalList = z.infer<typeof ProposalList>;

/** A row of the seller's list. */
export const ProposalSummary = z.object({
  id: Uuid,
  number: z.string(),
  status: ProposalStatus,
  purchaser_organization: OrgRef.nullable(),
  invite_email: z.string().nullable(),
  line_count: z.number().int(),
  /** What the available lines come to — the proposal's own `total_cents`. */
  total_cents: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  updated_at: z.string(),
});
export type ProposalSummary = z.infer<typeof ProposalSummary>;
export const ProposalSummaryList = z.array(ProposalSummary);
export type ProposalSummaryList = z.infer<typeof ProposalSummaryList>;

/** POST /api/proposals/{id}/accept: the proposal, and the cart that now holds its lines. */
export const AcceptProposalResult = z.object({ proposal: Proposal, cart_id: Uuid });
export type AcceptProposalResult = z.infer<typeof AcceptProposalResult>;
