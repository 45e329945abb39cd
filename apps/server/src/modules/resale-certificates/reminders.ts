/**
 * Expiry reminders: a job in every server process (like the invoice reminders) finds current
 * certificates whose expiry day is within RESALE_CERTIFICATE_REMINDER_DAYS and that were not
 * reminded yet, and for each, in ONE transaction, claims it (`update … set reminded_at = now()
 * where reminded_at is null … returning`) and only when this transaction claimed it queues the
 * e-mails: the retailer's members, and the members of each seller it buys from. Two processes
 * racing: one claims, the other's update finds nothing, so each certificate is reminded once.
 * A replacement is a new row, reminded in its own time.
 */
import { sql } from 'drizzle-orm';
import { RESALE_CERTIFICATE_REMINDER_DAYS, isoDay } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { periodicJob, type PeriodicJob } from '../../lib/periodic-job.js';
import { purchasingRelationshipsSql } from '../../auth/access.js';
import { enqueueMail, wakeMailWorkers } from '../../providers/mail/index.js';
import { organizationName } from '../organizations/service.js';
import { memberContacts } from '../users/service.js';
import { renderRetailerExpiry, renderSellerExpiry, type ExpiringCertificate } from './expiry-email.js';

export const CERTIFICATE_REMINDER_INTERVAL_MS = 60 * 60_000;

export interface CertificateReminders extends PeriodicJob {
  /** One round now (tests, operators). */
  runOnce(now?: Date): Promise<{ sent: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's resale-certificate expiry reminder job (tests run a round). */
    resaleCertificateReminders: CertificateReminders;
  }
}

async function certificatesToRemind(db: DbOrTx, today: string, limit: number): Promise<ExpiringCertificate[]> {
  const result = await db.execute<ExpiringCertificate>(sql`
    select id, organization_id, state, number, expires_on::text as expires_on
      from resale_certificates
     where replaced_at is null and reminded_at is null
       and expires_on >= ${today}::date
       and expires_on <= ${today}::date + ${RESALE_CERTIFICATE_REMINDER_DAYS}::int
     order by expires_on, id
     limit ${limit}`);
  return result.rows;
}

async function claim(tx: DbOrTx, certificateId: string): Promise<boolean> {
  const result = await tx.execute(sql`
    update resale_certificates set reminded_at = now()
     where id = ${certificateId} and reminded_at is null and replaced_at is null
     returning id`);
  return result.rows.length > 0;
}

/** One round: each certificate due a reminder gets it once (its own transaction each). */
export async function sendCertificateReminders(
  ctx: AppContext,
  now: Date = new Date(),
  limit = 200,
): Promise<{ sent: number }> {
  const due = await certificatesToRemind(ctx.db, isoDay(now), limit);
  let sent = 0;
  for (const certificate of due) {
    const queued = await ctx.db.transaction(async (tx) => {
      if (!(await claim(tx, certificate.id))) return false;
      const retailerId = certificate.organization_id;
      const retailerName = (await organizationName(tx, retailerId)) ?? 'Your organization';
      const uploadUrl = `${ctx.config.publicUrl}/storefront/resale-certificate/${retailerId}`;
      for (const contact of await memberContacts(tx, retailerId)) {
        await enqueueMail(tx, {
          kind: 'resale_certificate_expiry',
          organizationId: retailerId,
          from: ctx.config.mail.from,
          to: contact.email,
          ...renderRetailerExpiry(certificate, retailerName, uploadUrl, contact.email),
        });
      }
      const sellers = await tx.execute<{ seller_organization_id: string }>(sql`
        select pr.seller_organization_id from ${purchasingRelationshipsSql()} pr
         where pr.purchaser_organization_id = ${retailerId}
         order by pr.created_at, pr.seller_organization_id`);
      for (const { seller_organization_id: sellerId } of sellers.rows) {
        const sellerName = (await organizationName(tx, sellerId)) ?? 'your store';
        const customerUrl = `${ctx.config.publicUrl}/app/${sellerId}/customers/${retailerId}`;
        for (const contact of await memberContacts(tx, sellerId)) {
          await enqueueMail(tx, {
            kind: 'resale_certificate_expiry',
            organizationId: sellerId,
            from: ctx.config.mail.from,
            to: contact.email,
            ...renderSellerExpiry(certificate, retailerName, sellerName, customerUrl, contact.email),
          });
        }
      }
      return true;
    });
    if (queued) sent += 1;
  }
  if (sent > 0) wakeMailWorkers();
  return { sent };
}

export function createCertificateReminders(
  ctx: AppContext,
  opts: { intervalMs?: number; now?: () => Date } = {},
): CertificateReminders {
  const clock = opts.now ?? (() => new Date());
  const job = periodicJob({
    intervalMs: opts.intervalMs ?? CERTIFICATE_REMINDER_INTERVAL_MS,
    run: () => sendCertificateReminders(ctx, clock()),
    done: (r) => {
      if (r.sent > 0) ctx.log.info(r, 'resale certificate reminders: queued');
    },
    failed: (err) => ctx.log.warn({ err }, 'resale certificate reminders: round failed; retrying at the next one'),
  });
  return { ...job, runOnce: (now) => sendCertificateReminders(ctx, now ?? clock()) };
}
