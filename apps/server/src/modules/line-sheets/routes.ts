/**
 * Line sheets (issue 25 part 3; docs/decisions/013-line-sheets.md).
 *
 * The seller's members (owner, admin and staff: a line sheet moves no money) make and change
 * sheets, choose their products, download the PDF, e-mail it, share it behind a random link and
 * revoke that link, read the requests to order and answer one with a customer invite.
 *
 * Public, without a token: the shared sheet's JSON and PDF, and a request to order. A revoked,
 * unknown or malformed link is the same 404 (nothing says which); answers are `no-store`, so a
 * revoked link stops at once everywhere.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateLineSheetBody,
  LINE_SHEET_LIMITS,
  CreateLineSheetRequestBody,
  EmailLineSheetBody,
  EmailLineSheetResult,
  EmptyBody,
  ErrorBody,
  LineSheet,
  LineSheetIdParams,
  LineSheetList,
  LineSheetRequest,
  LineSheetRequestIdParams,
  LineSheetRequestList,
  LineSheetRequestReceipt,
  LineSheetTokenParams,
  OrgIdParams,
  SetLineSheetProductsBody,
  SharedLineSheet,
  UpdateLineSheetBody,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { requireUserId } from '../../auth/plugin.js';
import { memberOf, organizationParam } from '../../auth/policies.js';
import { RetryLaterError } from '../invites/service.js';
import { IdempotencyHeaders } from '../../lib/idempotency-header.js';
import { lineSheetAt, lineSheetRequestAt } from './resources.js';
import {
  createLineSheet,
  deleteLineSheet,
  getLineSheet,
  listLineSheets,
  revokeLineSheet,
  setLineSheetProducts,
  shareLineSheet,
  sheetByToken,
  sheetRowOf,
  updateLineSheet,
} from './service.js';
import { lineSheetPdf, sharedLineSheet } from './documents.js';
import { emailLineSheet } from './email.js';
import { createLineSheetRequest, inviteFromRequest, listLineSheetRequests, takeVisitorAllowance } from './requests.js';
import { FILE_ANSWER } from '../../lib/openapi.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['line sheets'];
const sheet = memberOf(lineSheetAt('params', 'line_sheet_id'));

/** A 429's Retry-After, then the error goes on to the error handler. */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof RetryLaterError) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}

function sendPdf(reply: FastifyReply, file: { pdf: Buffer; fileName: string }, disposition: 'inline' | 'attachment') {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.pdf);
}

export async function lineSheetRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/organization/:org_id/line-sheets',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'The seller’s line sheets, most recently changed first',
        params: OrgIdParams,
        response: { 200: LineSheetList, ...errors },
      },
    },
    async (req) => listLineSheets(ctx, req.params.org_id),
  );

  r.post(
    '/api/organization/:org_id/line-sheets',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'Make a line sheet: a title, an optional note and price list, chosen products or all live ones',
        description:
          'product_ids: the seller’s products (not variants) in the sheet’s order; 404 naming product_ids.N for one ' +
          'that is not. price_list_id: one of the seller’s price lists (404 naming it otherwise).',
        params: OrgIdParams,
        body: CreateLineSheetBody,
        response: { 200: LineSheet, ...errors },
      },
    },
    async (req) => createLineSheet(ctx, req.params.org_id, req.body),
  );

  r.get(
    '/api/line-sheets/:line_sheet_id',
    {
      config: { access: sheet },
      schema: {
        tags,
        summary: 'A line sheet: its settings, chosen products and what it lists now (its preview)',
        params: LineSheetIdParams,
        response: { 200: LineSheet, ...errors },
      },
    },
    async (req) => getLineSheet(ctx, req.params.line_sheet_id),
  );

  r.patch(
    '/api/line-sheets/:line_sheet_id',
    {
      config: { access: sheet },
      schema: {
        tags,
        summary: 'Change a line sheet’s title, note, price list or “all live products”',
        params: LineSheetIdParams,
        body: UpdateLineSheetBody,
        response: { 200: LineSheet, ...errors },
      },
    },
    async (req) => updateLineSheet(ctx, req.params.line_sheet_id, req.body),
  );

  r.delete(
    '/api/line-sheets/:line_sheet_id',
    {
      config: { access: sheet },
      schema: {
        tags,
        summary: 'Delete a line sheet (its link stops working; its requests go with it)',
        params: LineSheetIdParams,
        response: { 204: EmptyBody, ...errors },
      },
    },
    async (req, reply) => {
      await deleteLineSheet(ctx, req.params.line_sheet_id);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/api/line-sheets/:line_sheet_id/products',
    {
      config: { access: sheet },
      schema: {
        tags,
        summary: 'Set the chosen products, in the sheet’s order (up to 1,000)',
        params: LineSheetIdParams,
        body: SetLineSheetProductsBody,
        response: { 200: LineSheet, ...errors },
      },
    },
    async (req) => setLineSheetProducts(ctx, req.params.line_sheet_id, req.body.product_ids),
  );

  r.get(
    '/api/line-sheets/:line_sheet_id/pdf',
    {
      config: { access: sheet },
      schema: {
        tags,
        summary: 'The line sheet as a PDF (application/pdf, attachment): a cover, then nine products a page',
        params: LineSheetIdParams,
        produces: ['application/pdf'],
        response: { 200: FILE_ANSWER, ...errors },
      },
    },
    async (req, reply) => {
      const row = await sheetRowOf(ctx, req.params.line_sheet_id);
      return sendPdf(reply, await lineSheetPdf(ctx, row, { forSeller: true }), 'attachment');
    },
  );

  r.post(
    '/api/line-sheets/:line_sheet_id/email',
    {
      config: { access: sheet },
      schema: {
        tags,
        summary: 'E-mail the line sheet to one address: a link to its page and its PDF (sending shares it)',
        description:
          'At most 50 e-mails an hour per seller: then 429 rate_limited with Retry-After. Optional ' +
          'Idempotency-Key header: a retry with the same key sends once.',
        params: LineSheetIdParams,
        headers: IdempotencyHeaders,
        body: EmailLineSheetBody,
        response: { 200: EmailLineSheetResult, ...errors, 429: ErrorBody },
      },
    },
    async (req, reply) =>
      withRetryAfter(reply, () =>
        emailLineSheet(ctx, req.params.line_sheet_id, req.body, req.headers['idempotency-key']),
      ),
  );

  r.post(
    '/api/line-sheets/:line_sheet_id/share',
    {
      config: { access: sheet },
      schema: {
        tags,
        summary: 'Share the line sheet: a new unguessable link (an earlier link stops working)',
        params: LineSheetIdParams,
        body: EmptyBody,
        response: { 200: LineSheet, ...errors },
      },
    },
    async (req) => shareLineSheet(ctx, req.params.line_sheet_id),
  );

  r.delete(
    '/api/line-sheets/:line_sheet_id/share',
    {
      config: { access: sheet },
      schema: {
        tags,
        summary: 'Revoke the line sheet’s link: anyone opening it gets 404',
        params: LineSheetIdParams,
        response: { 200: LineSheet, ...errors },
      },
    },
    async (req) => revokeLineSheet(ctx, req.params.line_sheet_id),
  );

  r.get(
    '/api/line-sheets/:line_sheet_id/requests',
    {
      config: { access: sheet },
      schema: {
        tags,
        summary: 'Requests to order sent from the shared line sheet, newest first',
        params: LineSheetIdParams,
        response: { 200: LineSheetRequestList, ...errors },
      },
    },
    async (req) => listLineSheetRequests(ctx, req.params.line_sheet_id),
  );

  r.post(
    '/api/line-sheets/requests/:request_id/invite',
    {
      config: { access: memberOf(lineSheetRequestAt('params', 'request_id')) },
      schema: {
        tags,
        summary: 'Invite the store that sent the request as a customer (the Invites screen’s invite, one click)',
        params: LineSheetRequestIdParams,
        body: EmptyBody,
        response: { 200: LineSheetRequest, ...errors, 409: ErrorBody },
      },
    },
    async (req) => inviteFromRequest(ctx, requireUserId(req), req.params.request_id),
  );

  // ── Public: whoever holds the link ─────────────────────────────────────────────────
  r.get(
    '/api/line-sheets/shared/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A shared line sheet for its public page (no token): seller, products, prices',
        description: '404 for a revoked, unknown or malformed link alike.',
        security: [],
        params: LineSheetTokenParams,
        response: { 200: SharedLineSheet, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return sharedLineSheet(ctx, await sheetByToken(ctx.db, req.params.token));
    },
  );

  r.get(
    '/api/line-sheets/shared/:token/pdf',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A shared line sheet as a PDF (no token)',
        description: 'At most 30 an hour per visitor: then 429 rate_limited with Retry-After.',
        security: [],
        params: LineSheetTokenParams,
        produces: ['application/pdf'],
        response: { 200: FILE_ANSWER, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (req, reply) => {
      const row = await sheetByToken(ctx.db, req.params.token);
      await withRetryAfter(reply, () =>
        takeVisitorAllowance(
          ctx,
          ctx.db,
          'pdf',
          req.ip,
          LINE_SHEET_LIMITS.publicPdfsPerHour,
          'download a line sheet PDF',
        ),
      );
      reply.header('x-robots-tag', 'noindex');
      return sendPdf(reply, await lineSheetPdf(ctx, row, { forSeller: false }), 'inline');
    },
  );

  r.post(
    '/api/line-sheets/shared/:token/requests',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Request to order from a shared line sheet (no account): the seller is e-mailed',
        description:
          'At most 5 requests an hour per visitor: then 429 rate_limited with Retry-After. Optional ' +
          'Idempotency-Key header: a retry with the same key is stored and e-mailed once.',
        security: [],
        params: LineSheetTokenParams,
        headers: IdempotencyHeaders,
        body: CreateLineSheetRequestBody,
        response: { 200: LineSheetRequestReceipt, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (req, reply) => {
      await withRetryAfter(reply, () =>
        createLineSheetRequest(ctx, req.params.token, req.ip, req.body, req.headers['idempotency-key']),
      );
      reply.header('cache-control', 'no-store');
      return { received: true as const };
    },
  );
}
