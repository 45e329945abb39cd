/**
 * Orders the seller writes (issue 25 part 2): the seller's members (Owner, Admin or Staff) write
 * and send them; the retailer's members review, change quantities, accept or decline. The web
 * screens come with the next session; the e-mail links to /storefront/{seller}/proposals/{id}.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AcceptProposalBody,
  AcceptProposalResult,
  CreateProposalBody,
  DeclineProposalBody,
  EmptyBody,
  ErrorBody,
  NEXT_CURSOR_HEADER,
  OrgIdParams,
  Proposal,
  ProposalLinesBody,
  ProposalListQuery,
  ProposalList,
  ProposalParams,
  ReceivedProposalsParams,
  ProposalPatch,
  ProposalSummaryList,
  RetailerProposalLinesBody,
  SellerProposalParams,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { memberOf, organizationParam } from '../../auth/policies.js';
import { requireUserId } from '../../auth/plugin.js';
import { proposalAt, receivedProposalAt } from './resources.js';
import { listProposals, listReceivedProposals, readProposal, readSellerProposal } from './queries.js';
import { cartPairParams } from '../carts/resources.js';
import {
  acceptProposal,
  cancelProposal,
  changeProposalLines,
  createProposal,
  declineProposal,
  sendProposal,
  setProposalLines,
  updateProposal,
} from './commands.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['orders the seller writes'];
const base = '/api/organization/:org_id/proposals';
const sellers = () => memberOf(organizationParam(), proposalAt('params', 'proposal_id'));
const retailers = () => memberOf(receivedProposalAt('params', 'proposal_id'));

export async function proposalRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    base,
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'Write an order for a customer (or an e-mail to invite): a draft, with optional lines, note and discount',
        description: '404 naming purchaser_organization_id for an organization that does not buy from the seller; lines are checked like cart lines (400 lines.N.product_id / lines.N.quantity).',
        params: OrgIdParams,
        body: CreateProposalBody,
        response: { 200: Proposal, ...errors },
      },
    },
    async (req) => createProposal(ctx, requireUserId(req), req.params.org_id, req.body),
  );

  r.get(
    base,
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: `The seller’s written orders, newest first (next page cursor in ${NEXT_CURSOR_HEADER})`,
        params: OrgIdParams,
        querystring: ProposalListQuery,
        response: { 200: ProposalSummaryList, ...errors },
      },
    },
    async (req, reply) => {
      const page = await listProposals(ctx, req.params.org_id, req.query);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    },
  );

  r.get(
    `${base}/:proposal_id`,
    {
      config: { access: sellers() },
      schema: { tags, summary: 'One written order, priced at the customer’s prices less its discount', params: SellerProposalParams, response: { 200: Proposal, ...errors } },
    },
    async (req) => readSellerProposal(ctx, req.params.org_id, req.params.proposal_id),
  );

  r.put(
    `${base}/:proposal_id/lines`,
    {
      config: { access: sellers() },
      schema: {
        tags,
        summary: 'Replace a draft’s lines (sellable products: variants or products without options)',
        params: SellerProposalParams,
        body: ProposalLinesBody,
        response: { 200: Proposal, ...errors },
      },
    },
    async (req) => setProposalLines(ctx, req.params.org_id, req.params.proposal_id, req.body),
  );

  r.patch(
    `${base}/:proposal_id`,
    {
      config: { access: sellers() },
      schema: {
        tags,
        summary: 'Change a draft’s note, discount (0–50 %) or stock reservation',
        params: SellerProposalParams,
        body: ProposalPatch,
        response: { 200: Proposal, ...errors },
      },
    },
    async (req) => updateProposal(ctx, req.params.org_id, req.params.proposal_id, req.body),
  );

  r.post(
    `${base}/:proposal_id/send`,
    {
      config: { access: sellers() },
      schema: {
        tags,
        summary: 'Send a draft: the retailer is e-mailed a link (an e-mail without an account is invited)',
        params: SellerProposalParams,
        body: EmptyBody,
        response: { 200: Proposal, ...errors },
      },
    },
    async (req) => sendProposal(ctx, requireUserId(req), req.params.org_id, req.params.proposal_id),
  );

  r.post(
    `${base}/:proposal_id/cancel`,
    {
      config: { access: sellers() },
      schema: {
        tags,
        summary: 'Cancel a draft or sent order (reserved stock is released)',
        params: SellerProposalParams,
        body: EmptyBody,
        response: { 200: Proposal, ...errors },
      },
    },
    async (req) => cancelProposal(ctx, req.params.org_id, req.params.proposal_id),
  );

  r.get(
    '/api/proposals/selling_organization/:selling_organization_id/purchasing_organization/:purchasing_organization_id',
    {
      config: { access: memberOf(cartPairParams()) },
      schema: {
        tags,
        summary: 'The orders a seller sent the caller’s organization (the latest 50, newest first)',
        params: ReceivedProposalsParams,
        response: { 200: ProposalList, ...errors },
      },
    },
    async (req) => listReceivedProposals(ctx, req.params.selling_organization_id, req.params.purchasing_organization_id),
  );

  r.get(
    '/api/proposals/:proposal_id',
    {
      config: { access: retailers() },
      schema: { tags, summary: 'An order the seller wrote for the caller’s organization', params: ProposalParams, response: { 200: Proposal, ...errors } },
    },
    async (req) => readProposal(ctx, req.params.proposal_id),
  );

  r.put(
    '/api/proposals/:proposal_id/lines',
    {
      config: { access: retailers() },
      schema: {
        tags,
        summary: 'Change quantities of a sent order’s lines within their rules (0 removes a line)',
        params: ProposalParams,
        body: RetailerProposalLinesBody,
        response: { 200: Proposal, ...errors },
      },
    },
    async (req) => changeProposalLines(ctx, req.params.proposal_id, req.body),
  );

  r.post(
    '/api/proposals/:proposal_id/accept',
    {
      config: { access: retailers() },
      schema: {
        tags,
        summary: 'Accept: the lines go into the cart at the agreed prices; check out as usual',
        description: '409 proposal_accepted / proposal_declined / proposal_cancelled when already answered; 409 naming lines.N.quantity for a line that cannot be bought now; 409 proposal_changed when total_cents (what the retailer was shown) is no longer the total.',
        params: ProposalParams,
        body: AcceptProposalBody,
        response: { 200: AcceptProposalResult, ...errors },
      },
    },
    async (req) => acceptProposal(ctx, req.params.proposal_id, req.body?.total_cents),
  );

  r.post(
    '/api/proposals/:proposal_id/decline',
    {
      config: { access: retailers() },
      schema: {
        tags,
        summary: 'Decline, with an optional reason (the seller is e-mailed)',
        params: ProposalParams,
        body: DeclineProposalBody,
        response: { 200: Proposal, ...errors },
      },
    },
    async (req) => declineProposal(ctx, req.params.proposal_id, req.body),
  );
}
