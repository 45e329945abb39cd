/**
 * Orders the seller writes (issue 25 part 2): reading a proposal — its retailer (the purchaser,
 * or the organization that accepted the invite sent to its e-mail), its lines priced at the
 * customer's prices now (its price list at each line's quantity, products/sql.ts) less the
 * discount, rounded half up (contract `proposalUnitPrice`) — and the seller's list.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  PROPOSAL_LIMITS,
  PROPOSAL_STATUSES,
  basisPointsToPercent,
  proposalNumberLabel,
  proposalUnitPrice,
  quantityProblemMessage,
  type CartProduct,
  type Proposal,
  type ProposalLine,
  type ProposalListQuery,
  type ProposalSummary,
  type QuantityProblem,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { beforeCursor, decodeCursor, keysetTimestamp, limitPlusOne, takePage, toIso } from '../../lib/pagination.js';
import { organizationsSql } from '../organizations/sql.js';
import { inviteAcceptedBySql, invitesAcceptedFromSellerSql } from '../invites/sql.js';
import { cartProductSql, productForCartSql } from '../products/sql.js';
import { paymentTermsDaysSql } from '../customers/sql.js';
import { customerPriceListSql, discountedCentsSql } from '../price-lists/sql.js';
import { getLookups } from '../products/lookups.js';
import { unavailableReason } from '../carts/service.js';

export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** A proposal's row with its retailer resolved (`purchaser_id`: the purchaser, or who accepted its invite). */
export type ProposalRow = {
  id: string;
  seller_organization_id: string;
  seller_name: string;
  purchaser_id: string | null;
  purchaser_name: string | null;
  invite_email: string | null;
  invite_id: string | null;
  number: number;
  status: ProposalStatus;
  note: string | null;
  discount_basis_points: number;
  reserve_stock: boolean;
  reserved_until: Date | string | null;
  sent_at: Date | string | null;
  accepted_at: Date | string | null;
  declined_at: Date | string | null;
  cancelled_at: Date | string | null;
  decline_reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** The net days the seller gives the retailer (customers module); 0: it pays by card. */
  net_terms_days: number;
};

/** SQL: the retailer of proposal `p` — its purchaser, else the organization that accepted its invite. */
export const resolvedPurchaserSql = sql`coalesce(p.purchaser_organization_id, ${inviteAcceptedBySql(sql`p.invite_id`)})`;

/** The proposal's row (locked until the transaction ends when `lock`), or undefined. */
export async function proposalRow(db: DbOrTx, id: string, lock = false): Promise<ProposalRow | undefined> {
  const result = await db.execute<ProposalRow>(sql`
    select p.id, p.seller_organization_id, s.name as seller_name, r.purchaser_id, po.name as purchaser_name,
           p.invite_email, p.invite_id, p.number, p.status, p.note, p.discount_basis_points, p.reserve_stock,
           p.reserved_until, p.sent_at, p.accepted_at, p.declined_at, p.cancelled_at, p.decline_reason,
           p.created_at, p.updated_at,
           ${paymentTermsDaysSql(sql`p.seller_organization_id`, sql`r.purchaser_id`)} as net_terms_days
      from order_proposals p
      join ${organizationsSql()} s on s.id = p.seller_organization_id
      cross join lateral (select ${resolvedPurchaserSql} as purchaser_id) r
      left join ${organizationsSql()} po on po.id = r.purchaser_id
     where p.id = ${id}
     ${lock ? sql`for update of p` : sql``}`);
  return result.rows[0];
}

/** A line as the read statement answers it: the product as a cart line shows it, priced for the retailer. */
export type PricedLineRow = {
  product_id: string;
  quantity: number;
  agreed_unit_price_in_cents: number | null;
  product: CartProduct;
  deleted: boolean;
  live: boolean;
  quantity_problem: QuantityProblem | null;
  /** The customer's unit price at this quantity (its price list; wholesale without one). */
  unit_price_in_cents: number;
};

/**
 * A FROM item of one row (`id`, `bp`): the price list the proposal's retailer buys on from its
 * seller now (none — wholesale — while the retailer is unknown). One definition for the single
 * read's lines and the list's totals.
 */
function proposalPricingSql(sellerId: SQL, purchaserId: SQL): SQL {
  return customerPriceListSql(sellerId, purchaserId);
}

/** The proposal's lines in order, priced under the retailer's price list now (wholesale while it is unknown). */
export async function pricedLines(ctx: AppContext, db: DbOrTx, row: ProposalRow): Promise<PricedLineRow[]> {
  const { liveStateId } = await getLookups(db);
  const pricing = proposalPricingSql(sql`${row.seller_organization_id}::uuid`, sql`${row.purchaser_id}::uuid`);
  const result = await db.execute<{ lines: string }>(sql`
    select coalesce(json_agg(json_build_object(
             'product_id', l.product_id, 'quantity', l.quantity, 'agreed_unit_price_in_cents', l.agreed_unit_price_in_cents,
             'product', cp.product, 'deleted', cp.deleted, 'live', cp.live, 'quantity_problem', cp.quantity_problem,
             'unit_price_in_cents', cp.unit_price_in_cents) order by l.position), '[]'::json)::text as lines
      from order_proposal_lines l
      cross join lateral ${cartProductSql(pricing, ctx.config.publicUrl, liveStateId, sql`l.product_id`, sql`l.quantity`)} cp
     where l.proposal_id = ${row.id}`);
  return JSON.parse(result.rows[0]?.lines ?? '[]') as PricedLineRow[];
}

/** One unit's price in the proposal: the price agreed once accepted, else the customer's price less the discount. */
export function proposalLineUnitPrice(row: Pick<ProposalRow, 'discount_basis_points'>, line: PricedLineRow): number {
  return line.agreed_unit_price_in_cents ?? proposalUnitPrice(line.unit_price_in_cents, row.discount_basis_points);
}

export function retailerUrl(ctx: AppContext, row: Pick<ProposalRow, 'id' | 'seller_organization_id'>): string {
  return `${ctx.config.publicUrl}/storefront/${row.seller_organization_id}/proposals/${row.id}`;
}

export function toProposal(ctx: AppContext, row: ProposalRow, priced: PricedLineRow[]): Proposal {
  let subtotal = 0;
  let total = 0;
  let items = 0;
  const lines: ProposalLine[] = priced.map((line) => {
    const reason = unavailableReason(line);
    const unit = proposalLineUnitPrice(row, line);
    const available = reason === null;
    if (available) {
      subtotal += line.quantity * line.unit_price_in_cents;
      total += line.quantity * unit;
      items += line.quantity;
    }
    return {
      product_id: line.product_id,
      product: line.product,
      quantity: line.quantity,
      listed_unit_price_in_cents: line.unit_price_in_cents,
      unit_price_in_cents: unit,
      line_total_cents: available ? line.quantity * unit : 0,
      available,
      unavailable_reason: reason,
      quantity_issue:
        available && line.quantity_problem !== null ? quantityProblemMessage(line.quantity_problem, line.product) : null,
    };
  });
  return {
    id: row.id,
    number: proposalNumberLabel(row.number),
    status: row.status,
    seller_organization: { id: row.seller_organization_id, name: row.seller_name },
    purchaser_organization: row.purchaser_id ? { id: row.purchaser_id, name: row.purchaser_name ?? '' } : null,
    invite_email: row.invite_email,
    note: row.note,
    discount_percent: basisPointsToPercent(row.discount_basis_points),
    reserve_stock: row.reserve_stock,
    reserved_until: toIso(row.reserved_until),
    net_terms_days: row.net_terms_days,
    lines,
    subtotal_cents: subtotal,
    discount_cents: Math.max(0, subtotal - total),
    total_cents: total,
    item_count: items,
    retailer_url: retailerUrl(ctx, row),
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
    sent_at: toIso(row.sent_at),
    accepted_at: toIso(row.accepted_at),
    declined_at: toIso(row.declined_at),
    cancelled_at: toIso(row.cancelled_at),
    decline_reason: row.decline_reason,
  };
}

/** A proposal as both sides read it (the route's policy decided who may). */
export async function readProposal(ctx: AppContext, id: string, db: DbOrTx = ctx.db): Promise<Proposal> {
  const row = await proposalRow(db, id);
  if (!row) throw notFound('Proposal');
  return toProposal(ctx, row, await pricedLines(ctx, db, row));
}

/** GET …/proposals/{id} for the seller in `sellerId` (another seller's proposal: 404). */
export async function readSellerProposal(ctx: AppContext, sellerId: string, id: string): Promise<Proposal> {
  const proposal = await readProposal(ctx, id);
  if (proposal.seller_organization.id !== sellerId) throw notFound('Proposal');
  return proposal;
}

/**
 * A bigint: what the proposal whose seller, retailer and discount are the columns `seller_id`,
 * `purchaser_id` and `bp` of the FROM item `pr` comes to — the `total_cents` toProposal sums from
 * the single read: each available line (carts/service.ts unavailableReason is null: not removed,
 * for sale to the retailer, its pre-order open, enough stock when tracked) at its agreed price,
 * else at the customer's price for its quantity (the same pricing and listedUnitPriceAtSql as
 * cartProductSql) less the discount rounded half up (proposalLineUnitPrice), times its quantity.
 * (`pr`: products/sql.ts and price-lists/sql.ts use `p`, `pl` and others for themselves.)
 */
function proposalTotalSql(liveStateId: number, proposalId: SQL): SQL {
  const pricing = proposalPricingSql(sql`pr.seller_id`, sql`pr.purchaser_id`);
  return sql`(select coalesce(sum(l.quantity::bigint
                                  * coalesce(l.agreed_unit_price_in_cents, ${discountedCentsSql('pr', sql`f.unit_price_in_cents`)})), 0)::bigint
                from order_proposal_lines l
                cross join lateral ${productForCartSql(pricing, liveStateId, sql`l.product_id`, sql`l.quantity`)} f
               where l.proposal_id = ${proposalId}
                 and not f.deleted and f.live and not f.preorder_closed
                 and not (f.track_inventory and coalesce(f.inventory_count, 0) < l.quantity))`;
}

/** GET /api/organization/{org_id}/proposals: newest first, keyset pages, optionally one status. */
export async function listProposals(
  ctx: AppContext,
  sellerId: string,
  query: ProposalListQuery,
): Promise<{ items: ProposalSummary[]; nextCursor: string | null }> {
  const cursor = decodeCursor(query.cursor);
  const status = query.status ? sql`and p.status = ${query.status}` : sql``;
  const { liveStateId } = await getLookups(ctx.db);
  const result = await ctx.db.execute<
    Pick<ProposalRow, 'id' | 'number' | 'status' | 'purchaser_id' | 'purchaser_name' | 'invite_email' | 'created_at' | 'sent_at' | 'updated_at'> & {
      line_count: number;
      /** bigint: a string or a bigint as the driver gives it. */
      total_cents: string | number | bigint;
      keyset_at: string;
    }
  >(sql`
    select p.id, p.number, p.status, pr.purchaser_id, po.name as purchaser_name, p.invite_email,
           p.created_at, p.sent_at, p.updated_at,
           (select count(*)::int from order_proposal_lines l where l.proposal_id = p.id) as line_count,
           ${proposalTotalSql(liveStateId, sql`p.id`)} as total_cents,
           ${keysetTimestamp(sql`p.created_at`)} as keyset_at
      from order_proposals p
      cross join lateral (select p.seller_organization_id as seller_id, ${resolvedPurchaserSql} as purchaser_id,
                                 p.discount_basis_points as bp) pr
      left join ${organizationsSql()} po on po.id = pr.purchaser_id
     where p.seller_organization_id = ${sellerId}
       ${status}
       ${beforeCursor(sql`p.created_at`, sql`p.id`, cursor)}
     order by p.created_at desc nulls last, p.id desc nulls last
     ${limitPlusOne(query.limit ?? 50)}`);
  const page = takePage(result.rows, query.limit ?? 50);
  return {
    items: page.rows.map((r) => ({
      id: r.id,
      number: proposalNumberLabel(r.number),
      status: r.status,
      purchaser_organization: r.purchaser_id ? { id: r.purchaser_id, name: r.purchaser_name ?? '' } : null,
      invite_email: r.invite_email,
      line_count: r.line_count,
      total_cents: Number(r.total_cents),
      created_at: toIso(r.created_at)!,
      sent_at: toIso(r.sent_at),
      updated_at: toIso(r.updated_at)!,
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * GET /api/proposals/selling_organization/{seller}/purchasing_organization/{purchaser}: the orders
 * the seller sent the retailer (drafts are the seller's alone), newest first — those written for
 * it, and those written for an e-mail whose invite it accepted. Priced as each one's read.
 */
export async function listReceivedProposals(ctx: AppContext, sellerId: string, purchaserId: string): Promise<Proposal[]> {
  const result = await ctx.db.execute<{ id: string }>(sql`
    select p.id from order_proposals p
     where p.seller_organization_id = ${sellerId} and p.status <> 'draft'
       and (p.purchaser_organization_id = ${purchaserId}
            or (p.purchaser_organization_id is null
                and p.invite_id in (${invitesAcceptedFromSellerSql(sql`${sellerId}::uuid`, sql`${purchaserId}::uuid`)})))
     order by p.sent_at desc nulls last, p.id desc
     limit ${PROPOSAL_LIMITS.receivedList}`);
  const proposals: Proposal[] = [];
  for (const { id } of result.rows) proposals.push(await readProposal(ctx, id));
  return proposals;
}
