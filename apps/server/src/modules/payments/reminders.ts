/**
 * Invoice reminders (issue 13 item 1): a job in every server process (like the mail worker and
 * the checkout reconciler) finds OPEN invoices due within 3 days (INVOICE_DUE_SOON_DAYS)
 * ('due_soon') and past due ('overdue'), and for each, in ONE transaction, inserts the
 * (invoice, kind) row into invoice_reminders — `on conflict do nothing` — and only when this
 * transaction inserted it, queues the e-mail to the buyer's members in the mail outbox. The
 * unique (invoice, kind) makes each reminder go out exactly once, whichever process races.
 */
import { dollars, PRODUCT_NAME } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { periodicJob, type PeriodicJob } from '../../lib/periodic-job.js';
import { enqueueMail, oneLine, renderEmailHtml, wakeMailWorkers } from '../../providers/mail/index.js';
import { organizationName } from '../organizations/service.js';
import { memberContacts } from '../users/service.js';
import { claimReminder, invoicesToRemind, type DueInvoice } from './invoices.js';
import { recordInvoiceWebhook } from '../outbound-webhooks/events.js';

export const REMINDER_INTERVAL_MS = 15 * 60_000;

export interface InvoiceReminders extends PeriodicJob {
  /** One round now (tests, operators). */
  runOnce(now?: Date): Promise<{ sent: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's invoice reminder job (tests run a round). */
    invoiceReminders: InvoiceReminders;
  }
}

function renderReminder(
  invoice: DueInvoice,
  sellerName: string,
  buyerName: string,
  ordersUrl: string,
  to: string,
): { subject: string; html: string; text: string } {
  const seller = oneLine(sellerName) || 'Your seller';
  const amount = dollars(invoice.amount_cents);
  const overdue = invoice.kind === 'overdue';
  const subject = overdue
    ? `Invoice ${invoice.number} from ${seller} is overdue`
    : `Invoice ${invoice.number} from ${seller} is due on ${invoice.due_on}`;
  const heading = overdue ? 'Your invoice is overdue' : 'Your invoice is due soon';
  const intro = overdue
    ? `Invoice ${invoice.number} for ${amount} was due on ${invoice.due_on}. Please pay it, or contact ${seller}.`
    : `Invoice ${invoice.number} for ${amount} is due on ${invoice.due_on}.`;
  const footer = `This message was sent to ${to} because ${oneLine(buyerName)} orders from ${seller} on ${PRODUCT_NAME}.`;
  const html = renderEmailHtml({
    title: subject,
    preheader: intro,
    brand: { name: seller, logoUrl: null },
    heading,
    paragraphs: [intro, 'You can pay it by card from your orders page.'],
    details: [
      { label: 'Invoice', lines: [invoice.number] },
      { label: 'Amount', lines: [amount] },
      { label: 'Due', lines: [invoice.due_on] },
    ],
    button: { label: 'Open your orders', url: ordersUrl },
    footer: [footer],
  });
  const text = [
    heading,
    '',
    intro,
    'You can pay it by card from your orders page.',
    '',
    `Your orders: ${ordersUrl}`,
    '',
    '--',
    footer,
    '',
  ].join('\n');
  return { subject, html, text };
}

/**
 * One round: every invoice that needs a reminder gets it once (its own transaction each, so a
 * failure leaves the others sent). `now` is the clock (tests pass their own).
 */
export async function sendInvoiceReminders(
  ctx: AppContext,
  now: Date = new Date(),
  limit = 200,
): Promise<{ sent: number }> {
  const due = await invoicesToRemind(ctx.db, now, limit);
  let sent = 0;
  for (const invoice of due) {
    const queued = await ctx.db.transaction(async (tx) => {
      if (!(await claimReminder(tx, invoice.id, invoice.kind))) return false;
      // Once per overdue invoice, like its e-mail: the seller's webhooks hear of it too.
      if (invoice.kind === 'overdue') {
        await recordInvoiceWebhook(tx, 'invoice.overdue', invoice.seller_organization_id, invoice.order_id);
      }
      const [sellerName, buyerName, contacts] = [
        (await organizationName(tx, invoice.seller_organization_id)) ?? 'Your seller',
        (await organizationName(tx, invoice.purchaser_organization_id)) ?? 'Your organization',
        await memberContacts(tx, invoice.purchaser_organization_id),
      ];
      const ordersUrl = `${ctx.config.publicUrl}/storefront/${invoice.seller_organization_id}/orders`;
      for (const contact of contacts) {
        await enqueueMail(tx, {
          kind: `invoice_${invoice.kind}`,
          organizationId: invoice.purchaser_organization_id,
          from: ctx.config.mail.from,
          to: contact.email,
          ...renderReminder(invoice, sellerName, buyerName, ordersUrl, contact.email),
        });
      }
      return true;
    });
    if (queued) sent += 1;
  }
  if (sent > 0) wakeMailWorkers();
  return { sent };
}

export function createInvoiceReminders(
  ctx: AppContext,
  opts: { intervalMs?: number; now?: () => Date } = {},
): InvoiceReminders {
  const clock = opts.now ?? (() => new Date());
  const job = periodicJob({
    intervalMs: opts.intervalMs ?? REMINDER_INTERVAL_MS,
    run: () => sendInvoiceReminders(ctx, clock()),
    done: (r) => {
      if (r.sent > 0) ctx.log.info(r, 'invoice reminders: queued');
    },
    failed: (err) => ctx.log.warn({ err }, 'invoice reminders: round failed; retrying at the next one'),
  });
  return { ...job, runOnce: (now) => sendInvoiceReminders(ctx, now ?? clock()) };
}
