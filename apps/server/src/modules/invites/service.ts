/**
 * Invites: a seller invites retailers by e-mail (one invite per address, the e-mail queued in
 * the same transaction), lists and re-sends them; anyone holding the link reads the seller's
 * name and logo; a signed-in user accepts, which makes their organization a purchaser.
 */
import { sql } from 'drizzle-orm';
import {
  INVITE_LIMITS,
  type AcceptInviteBody,
  type AcceptInviteResult,
  type CreateInvitesBody,
  type Invite,
  type InviteMetadata,
  type ListQuery,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { invites } from './schema.js';
import { conflict, forbidden, DomainError, notFound } from '../../lib/errors.js';
import { mediaUrl } from '../../lib/media-url.js';
import { enqueueMail, wakeMailWorkers } from '../../providers/mail/index.js';
import { toImageSet, type ImageSetRow } from '../media/service.js';
import { imageSetColumns, imageSetJoins, logoKeyColumns } from '../media/sql.js';
import { joinOrganizationSql, organizationsSql } from '../organizations/sql.js';
import { userHasEmailSql } from '../users/sql.js';
import { addPurchaser, isMemberSql, membershipsSql } from '../../auth/access.js';
import { renderInviteEmail } from './invite-email.js';
import { inviteSentTo, lockUserForInvites } from './claims.js';
import {
  beforeCursor,
  containsPattern,
  decodeCursor,
  keysetTimestamp,
  limitPlusOne,
  takePage,
  toIso,
} from '../../lib/pagination.js';
import { recordCustomerJoinedWebhook } from '../outbound-webhooks/events.js';

/** 429 with the number of seconds to wait (the route sends it as Retry-After). */
export class RetryLaterError extends DomainError {
  constructor(
    message: string,
    public readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', 'rate_limited', message);
  }
}

export const INVITE_ALREADY_ACCEPTED = 'This invite was already accepted.';

/**
 * `j***@example.com`: enough for the invitee to recognise their own address, not enough for
 * someone else holding the link to learn it.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

export const inviteForAnotherEmail = (sendToEmail: string) =>
  new DomainError(
    'forbidden',
    'invite_email_mismatch',
    `This invitation was sent to ${maskEmail(sendToEmail.trim().toLowerCase())}. Sign in with that e-mail to accept it.`,
  );

type InviteRow = {
  id: string;
  send_to_email: string;
  created_on: Date | string;
  accepted_on: Date | string | null;
  last_sent_at: Date | string | null;
};

function toInvite(r: InviteRow): Invite {
  return {
    id: r.id,
    send_to_email: r.send_to_email,
    created_on: toIso(r.created_on)!,
    accepted_on: toIso(r.accepted_on),
    last_sent_at: toIso(r.last_sent_at),
  };
}

type SellerRow = {
  id: string;
  name: string;
  selected_type: 'Merchant' | 'Buyer';
  is_member: boolean;
  logo_key: string | null;
  logo_variants: Record<string, string> | null;
};

/** The seller's name and logo for the e-mail, and whether the user is one of its members. */
async function loadSeller(db: DbOrTx, organizationId: string, userId: string): Promise<SellerRow | undefined> {
  const result = await db.execute<SellerRow>(sql`
    select o.id, o.name, o.selected_type,
           ${isMemberSql(sql`o.id`, userId)} as is_member,
           ${logoKeyColumns}
      from ${organizationsSql()} o
      ${imageSetJoins(sql`o.id`)}
     where o.id = ${organizationId}`);
  return result.rows[0];
}

function logoUrl(ctx: AppContext, seller: SellerRow): string | null {
  if (!seller.logo_key) return null;
  // A small resized variant when the media pipeline made one; the original otherwise.
  const key = seller.logo_variants?.['200'] ?? seller.logo_key;
  return mediaUrl(ctx.config.publicUrl, key);
}

async function queueInviteEmail(
  ctx: AppContext,
  tx: DbOrTx,
  seller: SellerRow,
  invite: { id: string; send_to_email: string },
  about?: string,
) {
  const message = renderInviteEmail({
    sellerName: seller.name,
    logoUrl: logoUrl(ctx, seller),
    inviteUrl: `${ctx.config.publicUrl}/invite/${invite.id}`,
    to: invite.send_to_email,
    ...(about !== undefined ? { about } : {}),
  });
  await enqueueMail(tx, {
    kind: 'invite',
    organizationId: seller.id,
    from: ctx.config.mail.from,
    to: invite.send_to_email,
    ...message,
  });
}

/**
 * POST /api/invite/purchaser. Addresses arrive trimmed, lower-cased and validated; here they
 * are de-duplicated. An address with a pending invite from this seller gets that invite again
 * (unless it was sent in the last minute) instead of a second one. One transaction: invites
 * and their e-mails commit together or not at all.
 */
export async function createInvites(ctx: AppContext, userId: string, body: CreateInvitesBody): Promise<Invite[]> {
  const created = await ctx.db.transaction((tx) => createInvitesIn(ctx, tx, userId, body));
  wakeMailWorkers();
  return created;
}

/**
 * createInvites in the caller's transaction (the caller wakes the mail workers after its commit).
 * `about`, when given, is a paragraph the e-mail adds on why it is sent (an order the seller wrote,
 * issue 25 part 2): such an e-mail goes out even when the invite was sent in the last minute.
 */
export async function createInvitesIn(
  ctx: AppContext,
  tx: DbOrTx,
  userId: string,
  body: CreateInvitesBody,
  about?: string,
): Promise<Invite[]> {
  const organizationId = body.to_organization_id;
  const emails = [...new Set(body.to_emails)];
  const seller = await loadSeller(tx, organizationId, userId);
  if (!seller?.is_member) throw forbidden();
  if (seller.selected_type !== 'Merchant') throw forbidden('Only a seller organization can invite customers.');
  // One invite batch per seller at a time: two identical requests cannot both create.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invites:${organizationId}`}, 0))`);

  const pending = await tx.execute<InviteRow & { recently_sent: boolean }>(sql`
    select id, send_to_email, created_on, accepted_on, last_sent_at,
           coalesce(last_sent_at > now() - ${INVITE_LIMITS.resendIntervalSeconds} * interval '1 second', false) as recently_sent
      from invites
     where organization_id = ${organizationId} and accepted_on is null
       and lower(send_to_email) in (${sql.join(
         emails.map((e) => sql`${e}`),
         sql`, `,
       )})
     for update`);
  const byEmail = new Map<string, InviteRow>();
  const toResend: string[] = [];
  for (const row of pending.rows) {
    byEmail.set(row.send_to_email.toLowerCase(), row);
    if (!row.recently_sent || about !== undefined) toResend.push(row.id);
  }

  const fresh = emails.filter((e) => !byEmail.has(e));
  const toSend: InviteRow[] = [];
  if (fresh.length > 0) {
    const created = await tx
      .insert(invites)
      .values(
        fresh.map((e) => ({
          organizationId,
          sendToEmail: e,
          createdByUserId: userId,
          lastSentAt: sql`now()`,
          sendCount: 1,
        })),
      )
      .returning({
        id: invites.id,
        send_to_email: invites.sendToEmail,
        created_on: invites.createdOn,
        accepted_on: invites.acceptedOn,
        last_sent_at: invites.lastSentAt,
      });
    for (const row of created) {
      byEmail.set(row.send_to_email, row);
      toSend.push(row);
    }
  }
  if (toResend.length > 0) {
    const resent = await tx.execute<InviteRow>(sql`
      update invites set last_sent_at = now(), send_count = send_count + 1
       where id in (${sql.join(
         toResend.map((id) => sql`${id}`),
         sql`, `,
       )})
      returning id, send_to_email, created_on, accepted_on, last_sent_at`);
    for (const row of resent.rows) {
      byEmail.set(row.send_to_email.toLowerCase(), row);
      toSend.push(row);
    }
  }
  for (const invite of toSend) await queueInviteEmail(ctx, tx, seller, invite, about);
  return emails.map((e) => toInvite(byEmail.get(e)!));
}

/** GET /api/invite/organization/{org_id}: newest first, keyset pages, `q` matches the address. */
export async function listInvites(
  ctx: AppContext,
  organizationId: string,
  query: ListQuery,
): Promise<{ items: Invite[]; nextCursor: string | null }> {
  const cursor = decodeCursor(query.cursor);
  const q = query.q ? sql`and send_to_email ilike ${containsPattern(query.q)} escape '\\'` : sql``;
  const result = await ctx.db.execute<InviteRow & { keyset_at: string }>(sql`
    select id, send_to_email, created_on, accepted_on, last_sent_at,
           ${keysetTimestamp(sql`created_on`)} as keyset_at
      from invites
     where organization_id = ${organizationId}
       ${q}
       ${beforeCursor(sql`created_on`, sql`id`, cursor)}
     order by created_on desc nulls last, id desc nulls last
     ${limitPlusOne(query.limit)}`);
  const page = takePage(result.rows, query.limit);
  return { items: page.rows.map(toInvite), nextCursor: page.nextCursor };
}

/**
 * POST /api/invite/resend/{invite_id}: members of the inviting organization only; an accepted
 * invite is 409; at most one e-mail per invite per minute (429 saying when to retry).
 */
export async function resendInvite(ctx: AppContext, userId: string, inviteId: string): Promise<Invite> {
  const row = await ctx.db.transaction(async (tx) => {
    const found = await tx.execute<
      InviteRow & { organization_id: string; is_member: boolean; wait_seconds: number }
    >(sql`
      select i.id, i.send_to_email, i.created_on, i.accepted_on, i.last_sent_at, i.organization_id,
             ${isMemberSql(sql`i.organization_id`, userId)} as is_member,
             coalesce(ceil(extract(epoch from (i.last_sent_at + ${INVITE_LIMITS.resendIntervalSeconds} * interval '1 second' - now()))), 0)::int as wait_seconds
        from invites i
       where i.id = ${inviteId}
       for update of i`);
    const invite = found.rows[0];
    if (!invite) throw notFound('Invite');
    if (!invite.is_member) throw forbidden();
    if (invite.accepted_on) throw conflict(INVITE_ALREADY_ACCEPTED, 'invite_accepted');
    if (invite.wait_seconds > 0) {
      const s = invite.wait_seconds;
      throw new RetryLaterError(
        `This invite was sent less than a minute ago. You can resend it in ${s} second${s === 1 ? '' : 's'}.`,
        s,
      );
    }
    const seller = await loadSeller(tx, invite.organization_id, userId);
    const updated = await tx.execute<InviteRow>(sql`
      update invites set last_sent_at = now(), send_count = send_count + 1
       where id = ${inviteId}
      returning id, send_to_email, created_on, accepted_on, last_sent_at`);
    await queueInviteEmail(ctx, tx, seller!, invite);
    return updated.rows[0]!;
  });
  wakeMailWorkers();
  return toInvite(row);
}

/** GET /api/invite/metadata/invite/{invite_id} (public): the inviting organization's id, name and image set — nothing else. */
export async function getInviteMetadata(ctx: AppContext, inviteId: string): Promise<InviteMetadata> {
  const result = await ctx.db.execute<ImageSetRow & { id: string; name: string }>(sql`
    select o.id, o.name, ${imageSetColumns}
      from invites i
      ${joinOrganizationSql('o', sql`i.organization_id`)}
      ${imageSetJoins(sql.raw('o.id'))}
     where i.id = ${inviteId}`);
  const row = result.rows[0];
  if (!row) throw notFound('Invite');
  return { id: row.id, name: row.name, image_set: toImageSet(ctx.config.publicUrl, row.id, row) };
}

type AcceptRow = {
  id: string;
  organization_id: string;
  seller_name: string;
  send_to_email: string;
  accepted_on: Date | string | null;
  accepted_by_organization_id: string | null;
  claimed_by_user_id: string | null;
  /** The claim was made by an account with the invited e-mail (older claims may not be). */
  claim_matches_email: boolean;
};

type OwnOrganization = { id: string; name: string; selected_type: 'Merchant' | 'Buyer' };

/**
 * POST /api/invite/purchaser/accept/{invite_id}. One transaction, with the user's row and then
 * the invite's row locked, so concurrent accepts of one invite serialise and exactly one wins.
 *
 * Only an account with the invited e-mail (any letter case) may accept: anyone else holding
 * the link gets 403 naming the address in part.
 *
 * The accepting organization is body.organization_id (the caller must be a member), else the
 * caller's oldest Buyer organization, else their oldest other organization. A caller without
 * any organization claims the invite (`pending_organization`); their next new organization
 * completes it (acceptClaimedInvites). Repeating an accept is idempotent.
 */
export async function acceptInvite(
  ctx: AppContext,
  userId: string,
  inviteId: string,
  body: AcceptInviteBody,
): Promise<AcceptInviteResult> {
  return ctx.db.transaction(async (tx) => {
    const userEmail = await lockUserForInvites(tx, userId);
    const found = await tx.execute<AcceptRow>(sql`
      select i.id, i.organization_id, o.name as seller_name, i.send_to_email, i.accepted_on,
             i.accepted_by_organization_id, i.claimed_by_user_id,
             ${userHasEmailSql(sql`i.claimed_by_user_id`, sql`i.send_to_email`)} as claim_matches_email
        from invites i ${joinOrganizationSql('o', sql`i.organization_id`)}
       where i.id = ${inviteId}
       for update of i`);
    const invite = found.rows[0];
    if (!invite) throw notFound('Invite');
    if (!inviteSentTo(invite.send_to_email, userEmail)) throw inviteForAnotherEmail(invite.send_to_email);
    const seller = { id: invite.organization_id, name: invite.seller_name };

    const own = (
      await tx.execute<OwnOrganization>(sql`
        select o.id, o.name, o.selected_type
          from ${membershipsSql()} m ${joinOrganizationSql('o', sql`m.organization_id`)}
         where m.user_id = ${userId}
         order by m.created_at, o.id`)
    ).rows;
    const accepted = (org: { id: string; name: string }, acceptedOn: Date | string | null): AcceptInviteResult => ({
      invite_id: invite.id,
      status: 'accepted',
      seller_organization: seller,
      purchasing_organization: { id: org.id, name: org.name },
      accepted_on: toIso(acceptedOn),
    });

    let target: OwnOrganization | null;
    if (body?.organization_id) {
      target = own.find((o) => o.id === body.organization_id) ?? null;
      if (!target) throw forbidden('You are not a member of that organization.');
    } else {
      // Repeating an accept without naming the organization: whichever of theirs accepted it.
      const mine = own.find((o) => o.id === invite.accepted_by_organization_id);
      if (invite.accepted_on && mine) return accepted(mine, invite.accepted_on);
      const others = own.filter((o) => o.id !== invite.organization_id);
      target = others.find((o) => o.selected_type === 'Buyer') ?? others[0] ?? null;
      if (!target && own.length > 0) {
        throw conflict('This invite is from your own organization; send it to your customer instead.', 'own_invite');
      }
    }
    if (target && target.id === invite.organization_id) {
      throw conflict('This invite is from your own organization; send it to your customer instead.', 'own_invite');
    }
    if (invite.accepted_on) {
      if (target && invite.accepted_by_organization_id === target.id) return accepted(target, invite.accepted_on);
      throw conflict(INVITE_ALREADY_ACCEPTED, 'invite_accepted');
    }
    if (invite.claimed_by_user_id && invite.claimed_by_user_id !== userId) {
      // Another account with the same e-mail (an outside identity provider may have two) claimed it first.
      if (invite.claim_matches_email) throw conflict(INVITE_ALREADY_ACCEPTED, 'invite_accepted');
      // A claim by someone else holding the link, made before invites were bound to their e-mail: void.
      await tx.execute(sql`update invites set claimed_by_user_id = null, claimed_on = null where id = ${invite.id}`);
    }

    if (!target) {
      const claimed = await tx.execute<{ claimed_on: Date | string }>(sql`
        update invites set claimed_by_user_id = ${userId}, claimed_on = coalesce(claimed_on, now())
         where id = ${invite.id}
        returning claimed_on`);
      if (claimed.rows.length !== 1) throw notFound('Invite');
      return {
        invite_id: invite.id,
        status: 'pending_organization',
        seller_organization: seller,
        purchasing_organization: null,
        accepted_on: null,
      };
    }

    const alreadyBuys = `You already buy from ${seller.name}.`;
    if (!(await addPurchaser(tx, seller.id, target.id, invite.id))) throw conflict(alreadyBuys, 'already_purchaser');
    const updated = await tx.execute<{ accepted_on: Date | string }>(sql`
      update invites
         set accepted_on = now(), accepted_by_organization_id = ${target.id},
             claimed_by_user_id = coalesce(claimed_by_user_id, ${userId}), claimed_on = coalesce(claimed_on, now())
       where id = ${invite.id} and accepted_on is null
      returning accepted_on`);
    if (updated.rows.length !== 1) throw conflict(INVITE_ALREADY_ACCEPTED, 'invite_accepted');
    await recordCustomerJoinedWebhook(tx, seller.id, target.id);
    return accepted(target, updated.rows[0]!.accepted_on);
  });
}
