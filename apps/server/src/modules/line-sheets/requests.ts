/**
 * Requests to order (issue 25 part 3): a store without an account sends one from a shared
 * sheet's page (rate limited per visitor); the seller's members are e-mailed in the same
 * transaction; the seller answers with a customer invite in one click — the invites module's
 * own command, so the invite is exactly the one the Invites screen sends.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { LINE_SHEET_LIMITS, type CreateLineSheetRequestBody, type LineSheetRequest } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { toIso } from '../../lib/pagination.js';
import { enqueueMail, wakeMailWorkers } from '../../providers/mail/index.js';
import { countHit } from '../../identity/rate-limit-store.js';
import { runCommand } from '../../db/command.js';
import type { DbOrTx } from '../../db/client.js';
import { membershipsSql } from '../../auth/access.js';
import { usersSql } from '../users/sql.js';
import { createInvites, RetryLaterError } from '../invites/service.js';
import { lineSheetRequests } from './schema.js';
import { sheetByToken } from './service.js';
import { sellerOf } from './documents.js';
import { renderLineSheetRequestEmail } from './line-sheet-email.js';

const HOUR_MS = 60 * 60 * 1000;

type RequestRow = typeof lineSheetRequests.$inferSelect;

function toRequest(r: RequestRow): LineSheetRequest {
  return {
    id: r.id,
    line_sheet_id: r.lineSheetId,
    store_name: r.storeName,
    contact_name: r.contactName,
    email: r.email,
    phone: r.phone,
    message: r.message,
    created_at: toIso(r.createdAt)!,
    invite_id: r.inviteId,
    invited_at: toIso(r.invitedAt),
  };
}

/** Counts a visitor's hit on `what`; past the hour's `allowance`, 429 with the seconds to wait. */
export async function takeVisitorAllowance(
  ctx: AppContext,
  db: DbOrTx,
  what: 'request' | 'pdf',
  visitor: string,
  allowance: number,
  words: string,
): Promise<void> {
  const { hits, ttl } = await countHit(db, `line-sheet.${what}|${visitor}`, HOUR_MS);
  if (hits <= allowance) return;
  const seconds = Math.max(1, Math.ceil(ttl / 1000));
  throw new RetryLaterError(
    `You can ${words} up to ${allowance} times an hour. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
    seconds,
  );
}

/** POST /api/line-sheets/shared/{token}/requests (no account): stored, and the seller's members e-mailed. */
export async function createLineSheetRequest(
  ctx: AppContext,
  token: string,
  visitor: string,
  body: CreateLineSheetRequestBody,
  idempotencyKey: string | undefined,
): Promise<void> {
  const sheet = await sheetByToken(ctx.db, token);
  const seller = await sellerOf(ctx, sheet.organizationId);
  const request = {
    storeName: body.store_name,
    contactName: body.contact_name,
    email: body.email,
    phone: body.phone || null,
    message: body.message || null,
  };
  // One command: a retry with the same Idempotency-Key is answered once (one request, one e-mail);
  // the visitor's count is taken inside it, so a replay or a refused request counts nothing.
  const command = { name: 'line-sheet.request', scope: sheet.id, idempotencyKey, request: body };
  await runCommand(ctx.db, command, async (tx) => {
    await takeVisitorAllowance(
      ctx,
      tx,
      'request',
      visitor,
      LINE_SHEET_LIMITS.requestsPerHour,
      'send a request to order',
    );
    await tx
      .insert(lineSheetRequests)
      .values({ lineSheetId: sheet.id, organizationId: sheet.organizationId, ...request });
    const members = await tx.execute<{ email: string }>(sql`
      select distinct u.email from ${membershipsSql()} m join ${usersSql()} u on u.id = m.user_id
       where m.organization_id = ${sheet.organizationId} and u.email <> ''`);
    const message = renderLineSheetRequestEmail({
      sellerName: seller.name,
      title: sheet.title,
      ...request,
      reviewUrl: `${ctx.config.publicUrl}/app/${sheet.organizationId}/line-sheets/${sheet.id}`,
    });
    for (const member of members.rows) {
      await enqueueMail(tx, {
        kind: 'line_sheet_request',
        organizationId: sheet.organizationId,
        from: ctx.config.mail.from,
        to: member.email,
        ...message,
      });
    }
    return { received: true };
  });
  wakeMailWorkers();
}

/** GET /api/line-sheets/{id}/requests: newest first. */
export async function listLineSheetRequests(ctx: AppContext, sheetId: string): Promise<LineSheetRequest[]> {
  const rows = await ctx.db
    .select()
    .from(lineSheetRequests)
    .where(eq(lineSheetRequests.lineSheetId, sheetId))
    .orderBy(desc(lineSheetRequests.createdAt), desc(lineSheetRequests.id))
    .limit(500);
  return rows.map(toRequest);
}

/**
 * POST /api/line-sheets/requests/{request_id}/invite: a customer invite to the request's e-mail,
 * made by the invites module's createInvites (one pending invite per address: asking again
 * re-sends it), then recorded on the request.
 */
export async function inviteFromRequest(ctx: AppContext, userId: string, requestId: string): Promise<LineSheetRequest> {
  const [request] = await ctx.db.select().from(lineSheetRequests).where(eq(lineSheetRequests.id, requestId)).limit(1);
  if (!request) throw notFound('Request');
  const [invite] = await createInvites(ctx, userId, {
    to_organization_id: request.organizationId,
    to_emails: [request.email],
  });
  const [updated] = await ctx.db
    .update(lineSheetRequests)
    .set({ inviteId: invite!.id, invitedAt: sql`now()` })
    .where(eq(lineSheetRequests.id, requestId))
    .returning();
  return toRequest(updated!);
}
