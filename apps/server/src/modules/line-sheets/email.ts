/**
 * POST /api/line-sheets/{id}/email: the sheet sent to one address — a link to its page and its
 * PDF (the mail queue has no attachments). Sending shares the sheet when it was not shared;
 * a seller sends at most LINE_SHEET_LIMITS.emailsPerHour an hour.
 */
import { LINE_SHEET_LIMITS, type EmailLineSheetBody, type EmailLineSheetResult } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { runCommand } from '../../db/command.js';
import { countHit } from '../../identity/rate-limit-store.js';
import { enqueueMail, wakeMailWorkers } from '../../providers/mail/index.js';
import { RetryLaterError } from '../invites/service.js';
import { ensureShared, sheetRowOf, shareUrlOf } from './service.js';
import { sellerOf, sharedPdfUrl } from './documents.js';
import { renderLineSheetEmail } from './line-sheet-email.js';

export async function emailLineSheet(
  ctx: AppContext,
  id: string,
  body: EmailLineSheetBody,
  idempotencyKey: string | undefined,
): Promise<EmailLineSheetResult> {
  const sheet = await sheetRowOf(ctx, id);
  const token = await ensureShared(ctx, id);
  const seller = await sellerOf(ctx, sheet.organizationId);
  const pageUrl = shareUrlOf(ctx, token)!;
  const command = { name: 'line-sheet.email', scope: sheet.organizationId, idempotencyKey, request: { id, ...body } };
  // One command: a retry with the same Idempotency-Key sends nothing more and counts nothing more.
  const { result } = await runCommand(ctx.db, command, async (tx) => {
    const { hits, ttl } = await countHit(tx, `line-sheet.email|${sheet.organizationId}`, 60 * 60 * 1000);
    if (hits > LINE_SHEET_LIMITS.emailsPerHour) {
      throw new RetryLaterError(
        `You can e-mail up to ${LINE_SHEET_LIMITS.emailsPerHour} line sheets an hour. Please try again later.`,
        Math.max(1, Math.ceil(ttl / 1000)),
      );
    }
    await enqueueMail(tx, {
      kind: 'line_sheet',
      organizationId: sheet.organizationId,
      from: ctx.config.mail.from,
      to: body.to,
      ...renderLineSheetEmail({
        sellerName: seller.name,
        logoUrl: seller.logoUrl,
        title: sheet.title,
        message: body.message || null,
        pageUrl,
        pdfUrl: sharedPdfUrl(ctx, token),
        to: body.to,
      }),
    });
    return { sent_to: body.to, share_url: pageUrl };
  });
  wakeMailWorkers();
  return result;
}
