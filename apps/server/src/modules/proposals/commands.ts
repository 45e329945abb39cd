/**
 * Orders the seller writes (issue 25 part 2; docs/decisions/015-seller-written-orders.md): the
 * seller's commands (create, lines, note and discount, send, cancel) and the retailer's (change
 * quantities or remove lines, accept, decline). One transaction each, under the proposal row's
 * lock, so two answers to one proposal run one after the other: accepting twice, or accepting
 * a proposal declined or cancelled meanwhile, is 409.
 *
 * Prices are never taken from a request: a line costs the customer's price (its price list at
 * the line's quantity) less the discount; accepting puts exactly that price on the cart line as
 * its agreed price (carts/service.ts putAgreedLines), which the cart read, its total and the
 * checkout's locked lines then use — the checkout charges it as any cart.
 */
import { sql } from 'drizzle-orm';
import {
  PROPOSAL_LIMITS,
  dollars,
  percentToBasisPoints,
  proposalNumberLabel,
  quantityProblemMessage,
  type CreateProposalBody,
  type DeclineProposalBody,
  type ProposalLineInput,
  type ProposalLinesBody,
  type ProposalPatch,
  type QuantityProblem,
  type RetailerProposalLinesBody,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { DomainError, badRequest, fieldRefusal, notFound, type FieldIssue } from '../../lib/errors.js';
import { buysFrom, membershipsSql, purchasingRelationshipsSql } from '../../auth/access.js';
import { organizationsSql } from '../organizations/sql.js';
import { enqueueMail, wakeMailWorkers } from '../../providers/mail/index.js';
import { usersSql } from '../users/sql.js';
import { productForCartSql } from '../products/sql.js';
import { customerPriceListSql } from '../price-lists/sql.js';
import { getLookups } from '../products/lookups.js';
import { holdStock, releaseStock } from '../products/reservations.js';
import { takeSellerSlot } from '../checkout/settlement.js';
import { createInvitesIn } from '../invites/service.js';
import { openCartIdForPair, putAgreedLines } from '../carts/service.js';
import { orderProposals } from './schema.js';
import {
  pricedLines,
  proposalLineUnitPrice,
  proposalRow,
  readProposal,
  toProposal,
  type ProposalRow,
  type ProposalStatus,
} from './queries.js';
import {
  proposalInviteParagraph,
  renderProposalDeclinedEmail,
  renderProposalSentEmail,
  type ProposalFacts,
} from './proposal-email.js';

// ─── States ──────────────────────────────────────────────────────────────────────────
const STATE_SENTENCES: Record<ProposalStatus, string> = {
  draft: 'is still a draft',
  sent: 'was already sent',
  accepted: 'was already accepted',
  declined: 'was declined',
  cancelled: 'was cancelled',
};

/** 409 proposal_{status}: the proposal is not in a state the command works on. */
function notInState(row: ProposalRow): DomainError {
  return new DomainError(
    'conflict',
    `proposal_${row.status}`,
    `Order ${proposalNumberLabel(row.number)} ${STATE_SENTENCES[row.status]}.`,
  );
}

async function lockedProposal(tx: DbOrTx, id: string, sellerId?: string): Promise<ProposalRow> {
  const row = await proposalRow(tx, id, true);
  if (!row || (sellerId !== undefined && row.seller_organization_id !== sellerId)) throw notFound('Proposal');
  return row;
}

function expectStatus(row: ProposalRow, ...statuses: ProposalStatus[]): void {
  if (!statuses.includes(row.status)) throw notInState(row);
}

// ─── Lines ───────────────────────────────────────────────────────────────────────────
type CheckedLine = {
  idx: number;
  product_id: string;
  quantity: number;
  found: boolean;
  name: string | null;
  deleted: boolean;
  has_variants: boolean;
  live: boolean;
  preorder_closed: boolean;
  quantity_problem: QuantityProblem | null;
  minimum_order_quantity: number | null;
  order_increment: number | null;
};

/**
 * Checks lines the seller sets against the catalogue as the customer sees it: the seller's
 * sellable product (not another seller's, not hidden from the customer's list, not removed, a
 * variant rather than its product, for sale, pre-order still open), each once, at a quantity that
 * keeps its order rules. Stock is not checked: a proposal holds none unless reserved when sent.
 * 400 naming `lines.N.product_id` or `lines.N.quantity`.
 */
async function checkSellerLines(
  tx: DbOrTx,
  sellerId: string,
  purchaserId: string | null,
  lines: readonly ProposalLineInput[],
): Promise<void> {
  if (lines.length === 0) return;
  const { liveStateId } = await getLookups(tx);
  const input = lines.map((l, idx) => ({ idx, product_id: l.product_id, quantity: l.quantity }));
  const pricing = customerPriceListSql(sql`${sellerId}::uuid`, sql`${purchaserId}::uuid`);
  const result = await tx.execute<CheckedLine>(sql`
    select v.idx, v.product_id, v.quantity,
           (p.id is not null and p.organization_id = ${sellerId} and not p.hidden) as found,
           p.name, coalesce(p.deleted, false) as deleted, coalesce(p.has_variants, false) as has_variants,
           coalesce(p.live, false) as live, coalesce(p.preorder_closed, false) as preorder_closed,
           p.quantity_problem, p.minimum_order_quantity, p.order_increment
      from json_to_recordset(${JSON.stringify(input)}::json) as v(idx int, product_id uuid, quantity int)
      left join lateral ${productForCartSql(pricing, liveStateId, sql`v.product_id`, sql`v.quantity`)} p on true
     order by v.idx`);
  const issues: FieldIssue[] = [];
  const seen = new Map<string, number>();
  for (const line of result.rows) {
    const at = `lines.${line.idx}`;
    const name = line.name ?? '';
    const first = seen.get(line.product_id);
    if (!line.found) issues.push({ path: `${at}.product_id`, message: 'this store has no product with this id' });
    else if (first !== undefined) issues.push({ path: `${at}.product_id`, message: `${name} is already on line ${first + 1}` });
    else if (line.deleted) issues.push({ path: `${at}.product_id`, message: `${name} was removed from the catalog` });
    else if (line.has_variants) issues.push({ path: `${at}.product_id`, message: `${name} is sold by variant: choose one of its variants` });
    else if (!line.live) issues.push({ path: `${at}.product_id`, message: `${name} is not for sale` });
    else if (line.preorder_closed) issues.push({ path: `${at}.product_id`, message: `${name} can no longer be pre-ordered` });
    else if (line.quantity_problem) issues.push({ path: `${at}.quantity`, message: quantityMessage(line) });
    if (first === undefined) seen.set(line.product_id, line.idx);
  }
  if (issues.length > 0) throw badRequest(`${issues[0]!.path}: ${issues[0]!.message}`, issues);
}

function quantityMessage(line: Pick<CheckedLine, 'quantity_problem' | 'minimum_order_quantity' | 'order_increment'>): string {
  return quantityProblemMessage(line.quantity_problem!, {
    minimum_order_quantity: line.minimum_order_quantity ?? 1,
    order_increment: line.order_increment ?? 1,
  });
}

async function replaceLines(tx: DbOrTx, proposalId: string, lines: readonly ProposalLineInput[]): Promise<void> {
  await tx.execute(sql`delete from order_proposal_lines where proposal_id = ${proposalId}`);
  if (lines.length === 0) return;
  await tx.execute(sql`
    insert into order_proposal_lines (proposal_id, product_id, quantity, position)
    select ${proposalId}, product_id, quantity, ord
      from unnest(${sql.param(lines.map((l) => l.product_id))}::uuid[], ${sql.param(lines.map((l) => l.quantity))}::int[])
           with ordinality as l(product_id, quantity, ord)`);
}

async function touch(tx: DbOrTx, id: string, set: ReturnType<typeof sql>): Promise<void> {
  await tx.execute(sql`update order_proposals set ${set}, updated_at = now() where id = ${id}`);
}

// ─── The seller's commands ───────────────────────────────────────────────────────────
/**
 * POST /api/organization/{org_id}/proposals: a draft for a customer of the seller (404 naming
 * purchaser_organization_id for an organization that does not buy from it), or for an e-mail
 * (sending it invites the address). Numbered P-1001, P-1002… per seller.
 */
export async function createProposal(ctx: AppContext, userId: string, sellerId: string, body: CreateProposalBody) {
  const purchaserId = body.purchaser_organization_id ?? null;
  if (purchaserId !== null && (purchaserId === sellerId || !(await buysFrom(ctx.db, purchaserId, sellerId)))) {
    throw fieldRefusal('not_found', 'not_found', 'purchaser_organization_id', 'this store has no customer with this id');
  }
  if (body.invite_email !== undefined) await refuseCustomerEmail(ctx.db, sellerId, body.invite_email);
  const id = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`proposals:${sellerId}`}, 0))`);
    const lines = body.lines ?? [];
    await checkSellerLines(tx, sellerId, purchaserId, lines);
    const [created] = await tx
      .insert(orderProposals)
      .values({
        sellerOrganizationId: sellerId,
        purchaserOrganizationId: purchaserId,
        inviteEmail: purchaserId === null ? (body.invite_email ?? null) : null,
        createdByUserId: userId,
        number: sql`(select coalesce(max(number), 1000) + 1 from order_proposals where seller_organization_id = ${sellerId})`,
        note: body.note || null,
        discountBasisPoints: percentToBasisPoints(body.discount_percent ?? 0),
        reserveStock: body.reserve_stock ?? false,
      })
      .returning({ id: orderProposals.id });
    await replaceLines(tx, created!.id, lines);
    return created!.id;
  });
  return readProposal(ctx, id);
}

/**
 * 409 naming invite_email when the address is a member's of an organization that already buys
 * from the seller: its invite could not be accepted (it buys already), so the order would never
 * reach it — write it for that customer instead.
 */
async function refuseCustomerEmail(db: DbOrTx, sellerId: string, email: string): Promise<void> {
  const result = await db.execute<{ name: string }>(sql`
    select o.name
      from ${purchasingRelationshipsSql(sellerId)} pr
      join ${membershipsSql()} m on m.organization_id = pr.purchaser_organization_id
      join ${usersSql()} u on u.id = m.user_id
      join ${organizationsSql()} o on o.id = pr.purchaser_organization_id
     where lower(u.email) = lower(${email})
     limit 1`);
  const customer = result.rows[0];
  if (customer) {
    throw fieldRefusal(
      'conflict',
      'already_customer',
      'invite_email',
      `${email} already buys from you as ${customer.name}: write the order for that customer`,
    );
  }
}

/** PUT …/proposals/{id}/lines: the draft's lines become these, in this order. */
export async function setProposalLines(ctx: AppContext, sellerId: string, id: string, body: ProposalLinesBody) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockedProposal(tx, id, sellerId);
    expectStatus(row, 'draft');
    await checkSellerLines(tx, sellerId, row.purchaser_id, body.lines);
    await replaceLines(tx, id, body.lines);
    await touch(tx, id, sql`status = status`);
  });
  return readProposal(ctx, id);
}

/** PATCH …/proposals/{id}: the draft's note, discount and whether sending reserves stock. */
export async function updateProposal(ctx: AppContext, sellerId: string, id: string, body: ProposalPatch) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockedProposal(tx, id, sellerId);
    expectStatus(row, 'draft');
    const sets = [
      body.note !== undefined ? sql`note = ${body.note || null}` : null,
      body.discount_percent !== undefined ? sql`discount_basis_points = ${percentToBasisPoints(body.discount_percent)}` : null,
      body.reserve_stock !== undefined ? sql`reserve_stock = ${body.reserve_stock}` : null,
    ].filter((s) => s !== null);
    await touch(tx, id, sets.length > 0 ? sql.join(sets, sql`, `) : sql`status = status`);
  });
  return readProposal(ctx, id);
}

/** The members' e-mail addresses of an organization. */
async function memberEmails(tx: DbOrTx, organizationId: string): Promise<string[]> {
  const result = await tx.execute<{ email: string }>(sql`
    select distinct u.email from ${membershipsSql()} m join ${usersSql()} u on u.id = m.user_id
     where m.organization_id = ${organizationId} and u.email <> ''`);
  return result.rows.map((r) => r.email);
}

/**
 * POST …/proposals/{id}/send: a draft with at least one line is sent. The retailer's members are
 * e-mailed a link to it; a retailer without an account is invited (the invites module's own
 * command, in this transaction), its invite e-mail naming the order. With reserve_stock, the
 * tracked lines' stock is held for PROPOSAL_LIMITS.reserveDays days (409 insufficient_inventory
 * naming the line when another checkout or proposal holds it).
 */
export async function sendProposal(ctx: AppContext, userId: string, sellerId: string, id: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockedProposal(tx, id, sellerId);
    expectStatus(row, 'draft');
    const priced = await pricedLines(ctx, tx, row);
    if (priced.length === 0) {
      throw fieldRefusal('conflict', 'proposal_empty', 'lines', 'add at least one line before sending the order');
    }
    // The catalogue may have changed since the lines were set: the retailer gets lines it can buy.
    await checkSellerLines(tx, sellerId, row.purchaser_id, priced);
    const proposal = toProposal(ctx, row, priced);
    const facts: ProposalFacts = {
      sellerName: row.seller_name,
      number: proposal.number,
      totalCents: proposal.total_cents,
      itemCount: proposal.item_count,
      note: row.note,
    };
    let reservedUntil: Date | null = null;
    if (row.reserve_stock) {
      reservedUntil = new Date(Date.now() + PROPOSAL_LIMITS.reserveDays * 86_400_000);
      await reserveStock(tx, sellerId, id, priced, reservedUntil);
    }
    let inviteId = row.invite_id;
    if (row.purchaser_id === null) {
      const [invite] = await createInvitesIn(
        ctx,
        tx,
        userId,
        { to_organization_id: sellerId, to_emails: [row.invite_email!] },
        proposalInviteParagraph(facts, proposal.retailer_url),
      );
      inviteId = invite!.id;
    } else {
      for (const to of await memberEmails(tx, row.purchaser_id)) {
        await enqueueMail(tx, {
          kind: 'proposal_sent',
          organizationId: sellerId,
          from: ctx.config.mail.from,
          to,
          ...renderProposalSentEmail({ ...facts, url: proposal.retailer_url, to }),
        });
      }
    }
    await touch(
      tx,
      id,
      sql`status = 'sent', sent_at = now(), invite_id = ${inviteId}, reserved_until = ${reservedUntil}`,
    );
  });
  wakeMailWorkers();
  return readProposal(ctx, id);
}

/** Holds the tracked lines' stock for the proposal (products/reservations.ts, the proposal as holder). */
async function reserveStock(
  tx: DbOrTx,
  sellerId: string,
  id: string,
  lines: readonly { product_id: string; quantity: number }[],
  until: Date,
  lineIndex: (productId: string) => number = (productId) => lines.findIndex((l) => l.product_id === productId),
): Promise<void> {
  // The checkout's lock order: the seller's slot and its catalogue slot, then the products.
  await takeSellerSlot(tx, sellerId, true);
  const short = await holdStock(
    tx,
    id,
    lines.map((l) => ({ productId: l.product_id, quantity: l.quantity })),
    until,
  );
  const first = short[0];
  if (first) {
    const idx = lineIndex(first.productId);
    throw fieldRefusal(
      'conflict',
      'insufficient_inventory',
      `lines.${idx}.quantity`,
      first.available <= 0 ? `${first.name} is out of stock` : `only ${first.available} of ${first.name} left`,
    );
  }
}

/** POST …/proposals/{id}/cancel: a draft or sent proposal is cancelled (its reserved stock released). */
export async function cancelProposal(ctx: AppContext, sellerId: string, id: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockedProposal(tx, id, sellerId);
    expectStatus(row, 'draft', 'sent');
    await releaseStock(tx, id);
    await touch(tx, id, sql`status = 'cancelled', cancelled_at = now()`);
  });
  return readProposal(ctx, id);
}

// ─── The retailer's commands ─────────────────────────────────────────────────────────
/**
 * The retailer's proposal under its lock, sent; its purchaser recorded (a retailer invited by
 * e-mail is the organization that accepted the invite — the route's policy resolved it).
 */
async function lockedForRetailer(tx: DbOrTx, id: string): Promise<ProposalRow & { purchaser_id: string }> {
  const row = await lockedProposal(tx, id);
  if (row.purchaser_id === null || row.status === 'draft') throw notFound('Proposal');
  expectStatus(row, 'sent');
  await tx.execute(sql`update order_proposals set purchaser_organization_id = ${row.purchaser_id} where id = ${id}`);
  return row as ProposalRow & { purchaser_id: string };
}

/**
 * PUT /api/proposals/{id}/lines: the retailer changes quantities of proposed products (0 removes
 * the line) within their order rules (400 lines.N.quantity); a product the seller did not propose
 * is 400 lines.N.product_id; at least one line stays (decline instead).
 */
export async function changeProposalLines(ctx: AppContext, id: string, body: RetailerProposalLinesBody) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockedForRetailer(tx, id);
    const current = await pricedLines(ctx, tx, row);
    const proposed = new Map(current.map((l) => [l.product_id, l]));
    const issues: FieldIssue[] = [];
    const wanted = new Map<string, number>();
    body.lines.forEach((line, idx) => {
      const was = proposed.get(line.product_id);
      if (!was) issues.push({ path: `lines.${idx}.product_id`, message: 'this product is not in the order' });
      else if (wanted.has(line.product_id)) issues.push({ path: `lines.${idx}.product_id`, message: `${was.product.name} is named twice` });
      else {
        const p = was.product;
        if (line.quantity > 0 && line.quantity < p.minimum_order_quantity) {
          issues.push({ path: `lines.${idx}.quantity`, message: quantityProblemMessage('below_minimum', p) });
        } else if (line.quantity > 0 && line.quantity % p.order_increment !== 0) {
          issues.push({ path: `lines.${idx}.quantity`, message: quantityProblemMessage('not_a_multiple', p) });
        }
        wanted.set(line.product_id, line.quantity);
      }
    });
    if (issues.length > 0) throw badRequest(`${issues[0]!.path}: ${issues[0]!.message}`, issues);
    const next = current
      .map((l) => ({ product_id: l.product_id, quantity: wanted.get(l.product_id) ?? l.quantity }))
      .filter((l) => l.quantity > 0);
    if (next.length === 0) {
      throw badRequest('lines: an order keeps at least one line; decline it instead', [
        { path: 'lines', message: 'an order keeps at least one line; decline it instead' },
      ]);
    }
    await replaceLines(tx, id, next);
    // Stock reserved for the order follows its quantities (a shortfall names the request's line).
    const until = row.reserved_until === null ? null : new Date(row.reserved_until);
    if (row.reserve_stock && until !== null && until.getTime() > Date.now()) {
      const at = (productId: string) => body.lines.findIndex((l) => l.product_id === productId);
      await reserveStock(tx, row.seller_organization_id, id, next, until, at);
    }
    await touch(tx, id, sql`status = status`);
  });
  return readProposal(ctx, id);
}

/**
 * POST /api/proposals/{id}/accept: in one transaction, under the proposal's lock and then the
 * retailer's open cart's, every line goes into the cart (replacing the quantity of a product
 * already there) at the price agreed now — the customer's price at the line's quantity less the
 * discount — and the proposal is accepted (409 proposal_changed when that total is not the one
 * the retailer says it was shown). A line that cannot be bought now (removed, not for
 * sale, out of stock for the quantity, its rules changed) is 409 naming it; reserved stock is
 * released (the checkout holds it again). The retailer then checks out as usual.
 */
export async function acceptProposal(ctx: AppContext, id: string, shownTotalCents?: number) {
  const cartId = await ctx.db.transaction(async (tx) => {
    const row = await lockedForRetailer(tx, id);
    await releaseStock(tx, id);
    const priced = await pricedLines(ctx, tx, row);
    if (priced.length === 0) throw fieldRefusal('conflict', 'proposal_empty', 'lines', 'this order has no lines');
    const proposal = toProposal(ctx, row, priced);
    if (shownTotalCents !== undefined && shownTotalCents !== proposal.total_cents) {
      throw fieldRefusal(
        'conflict',
        'proposal_changed',
        'total_cents',
        `the prices of this order changed since you opened it (now ${dollars(proposal.total_cents)}); review it again`,
      );
    }
    proposal.lines.forEach((line, idx) => {
      if (!line.available) {
        throw fieldRefusal('conflict', 'line_unavailable', `lines.${idx}.quantity`, `${line.product.name}: ${line.unavailable_reason}`);
      }
      if (line.quantity_issue) throw fieldRefusal('conflict', 'quantity_rules', `lines.${idx}.quantity`, line.quantity_issue);
    });
    const agreed = priced.map((line) => ({
      product_id: line.product_id,
      quantity: line.quantity,
      agreed_unit_price_in_cents: proposalLineUnitPrice(row, line),
    }));
    const cart = await openCartIdForPair(tx, row.seller_organization_id, row.purchaser_id);
    await putAgreedLines(tx, cart, agreed);
    await tx.execute(sql`
      update order_proposal_lines l set agreed_unit_price_in_cents = a.price
        from unnest(${sql.param(agreed.map((a) => a.product_id))}::uuid[],
                    ${sql.param(agreed.map((a) => a.agreed_unit_price_in_cents))}::int[]) as a(product_id, price)
       where l.proposal_id = ${id} and l.product_id = a.product_id`);
    await touch(tx, id, sql`status = 'accepted', accepted_at = now()`);
    return cart;
  });
  return { proposal: await readProposal(ctx, id), cart_id: cartId };
}

/** POST /api/proposals/{id}/decline: declined with an optional reason; the seller's members are e-mailed. */
export async function declineProposal(ctx: AppContext, id: string, body: DeclineProposalBody) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockedForRetailer(tx, id);
    await releaseStock(tx, id);
    const reason = body.reason || null;
    await touch(tx, id, sql`status = 'declined', declined_at = now(), decline_reason = ${reason}`);
    const url = `${ctx.config.publicUrl}/app/${row.seller_organization_id}/proposals/${id}`;
    for (const to of await memberEmails(tx, row.seller_organization_id)) {
      await enqueueMail(tx, {
        kind: 'proposal_declined',
        organizationId: row.seller_organization_id,
        from: ctx.config.mail.from,
        to,
        ...renderProposalDeclinedEmail({
          sellerName: row.seller_name,
          retailerName: row.purchaser_name ?? '',
          number: proposalNumberLabel(row.number),
          reason,
          url,
          to,
        }),
      });
    }
  });
  wakeMailWorkers();
  return readProposal(ctx, id);
}
