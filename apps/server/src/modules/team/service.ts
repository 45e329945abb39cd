/**
 * Teams: an organization's members and their roles (owner ⊇ admin ⊇ staff). Admins invite
 * colleagues by e-mail (a team invite and its e-mail commit together), change roles and remove
 * members; anyone may leave; the last owner can neither leave nor be removed or demoted. The
 * memberships themselves are auth's (auth/access.ts): this module changes them through its
 * helpers, after locking the organization's memberships, so two concurrent commands cannot
 * both take away the last owner.
 */
import { sql } from 'drizzle-orm';
import {
  teamRoleAtLeast,
  type AcceptTeamInviteResult,
  type CreateTeamInviteBody,
  type ListQuery,
  type TeamInvite,
  type TeamInviteMetadata,
  type TeamInviteRole,
  type TeamMember,
  type TeamRole,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { teamInvites } from './schema.js';
import { conflict, forbidden, DomainError, notFound } from '../../lib/errors.js';
import { mediaUrl } from '../../lib/media-url.js';
import { enqueueMail, wakeMailWorkers } from '../../providers/mail/index.js';
import { toImageSet, type ImageSetRow } from '../media/service.js';
import { imageSetColumns, imageSetJoins, logoKeyColumns } from '../media/sql.js';
import { organizationsSql } from '../organizations/sql.js';
import { lockUserEmail, userContact } from '../users/service.js';
import { usersSql } from '../users/sql.js';
import { maskEmail } from '../invites/service.js';
import { addMember, lockTeam, memberRole, membershipsSql, removeMember, setMemberRole } from '../../auth/access.js';
import { renderTeamInviteEmail } from './team-email.js';
import { beforeCursor, decodeCursor, keysetTimestamp, limitPlusOne, takePage, toIso } from '../../lib/pagination.js';

export const LAST_OWNER_MESSAGE =
  'An organization needs at least one owner: make another member an owner first.';

type MemberRow = {
  id: string;
  email: string;
  name: string | null;
  role: TeamRole;
  joined_at: Date | string;
  keyset_at: string;
};

const toMember = (r: MemberRow): TeamMember => ({
  user_id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  joined_at: toIso(r.joined_at)!,
});

/** The members' rows (newest first), of one member with `userId`. */
function membersSql(organizationId: string, extra: ReturnType<typeof sql>) {
  return sql`
    select m.user_id as id, u.email, u.name, m.role, m.created_at as joined_at,
           ${keysetTimestamp(sql`m.created_at`)} as keyset_at
      from ${membershipsSql()} m join ${usersSql()} u on u.id = m.user_id
     where m.organization_id = ${organizationId}
       ${extra}`;
}

/** GET /api/organization/{org_id}/members: newest first, keyset pages. */
export async function listMembers(
  ctx: AppContext,
  organizationId: string,
  query: ListQuery,
): Promise<{ items: TeamMember[]; nextCursor: string | null }> {
  const cursor = decodeCursor(query.cursor);
  const result = await ctx.db.execute<MemberRow>(sql`
    ${membersSql(organizationId, beforeCursor(sql`m.created_at`, sql`m.user_id`, cursor))}
     order by m.created_at desc, m.user_id desc
     ${limitPlusOne(query.limit)}`);
  const page = takePage(result.rows, query.limit);
  return { items: page.rows.map(toMember), nextCursor: page.nextCursor };
}

async function loadMember(db: DbOrTx, organizationId: string, userId: string): Promise<TeamMember> {
  const result = await db.execute<MemberRow>(membersSql(organizationId, sql`and m.user_id = ${userId}`));
  const row = result.rows[0];
  if (!row) throw notFound('Member');
  return toMember(row);
}

// ─── Invites ────────────────────────────────────────────────────────────────────────
type InviteRow = { id: string; email: string; role: TeamInviteRole; created_on: Date | string };

const toInvite = (r: InviteRow): TeamInvite => ({ id: r.id, email: r.email, role: r.role, created_on: toIso(r.created_on)! });

/** GET /api/organization/{org_id}/members/invites: pending invites, newest first. */
export async function listTeamInvites(
  ctx: AppContext,
  organizationId: string,
  query: ListQuery,
): Promise<{ items: TeamInvite[]; nextCursor: string | null }> {
  const cursor = decodeCursor(query.cursor);
  const result = await ctx.db.execute<InviteRow & { keyset_at: string }>(sql`
    select id, email, role, created_on, ${keysetTimestamp(sql`created_on`)} as keyset_at
      from team_invites
     where organization_id = ${organizationId} and accepted_on is null
       ${beforeCursor(sql`created_on`, sql`id`, cursor)}
     order by created_on desc nulls last, id desc nulls last
     ${limitPlusOne(query.limit)}`);
  const page = takePage(result.rows, query.limit);
  return { items: page.rows.map(toInvite), nextCursor: page.nextCursor };
}

type OrganizationRow = {
  id: string;
  name: string;
  logo_key: string | null;
  logo_variants: Record<string, string> | null;
};

async function queueTeamInviteEmail(ctx: AppContext, tx: DbOrTx, inviterId: string, organizationId: string, invite: InviteRow) {
  const org = (
    await tx.execute<OrganizationRow>(sql`
      select o.id, o.name, ${logoKeyColumns}
        from ${organizationsSql()} o ${imageSetJoins(sql`o.id`)}
       where o.id = ${organizationId}`)
  ).rows[0]!;
  const inviter = await userContact(tx, inviterId);
  const logoKey = org.logo_variants?.['200'] ?? org.logo_key;
  const message = renderTeamInviteEmail({
    organizationName: org.name,
    logoUrl: logoKey ? mediaUrl(ctx.config.publicUrl, logoKey) : null,
    inviter: inviter ? (inviter.name ?? inviter.email) : null,
    role: invite.role,
    inviteUrl: `${ctx.config.publicUrl}/team-invite/${invite.id}`,
    to: invite.email,
  });
  await enqueueMail(tx, { kind: 'team_invite', organizationId, from: ctx.config.mail.from, to: invite.email, ...message });
}

/**
 * POST /api/organization/{org_id}/members/invites (admins). A pending invite to the same
 * address is answered again (no second e-mail) — or, with another role, changed to it and
 * sent again. An address that already belongs to a member is refused (409). One transaction:
 * the invite and its e-mail commit together.
 */
export async function createTeamInvite(
  ctx: AppContext,
  userId: string,
  organizationId: string,
  body: CreateTeamInviteBody,
): Promise<TeamInvite> {
  const { invite, sent } = await ctx.db.transaction(async (tx) => {
    // One invite change per organization at a time: two identical requests cannot both create.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`team-invites:${organizationId}`}, 0))`);
    const member = await tx.execute(sql`
      select 1 from ${membershipsSql()} m join ${usersSql()} u on u.id = m.user_id
       where m.organization_id = ${organizationId} and lower(u.email) = ${body.email}`);
    if (member.rows.length > 0) throw conflict(`${body.email} is already a member of this team.`, 'already_member');
    const pending = (
      await tx.execute<InviteRow>(sql`
        select id, email, role, created_on from team_invites
         where organization_id = ${organizationId} and accepted_on is null and lower(email) = ${body.email}
           for update`)
    ).rows[0];
    if (pending && pending.role === body.role) return { invite: pending, sent: false };
    let row: InviteRow;
    if (pending) {
      row = (
        await tx.execute<InviteRow>(sql`
          update team_invites set role = ${body.role} where id = ${pending.id}
          returning id, email, role, created_on`)
      ).rows[0]!;
    } else {
      const [created] = await tx
        .insert(teamInvites)
        .values({ organizationId, email: body.email, role: body.role, createdByUserId: userId })
        .returning({ id: teamInvites.id, email: teamInvites.email, role: teamInvites.role, created_on: teamInvites.createdOn });
      row = created as InviteRow;
    }
    await queueTeamInviteEmail(ctx, tx, userId, organizationId, row);
    return { invite: row, sent: true };
  });
  if (sent) wakeMailWorkers();
  return toInvite(invite);
}

/** DELETE /api/organization/{org_id}/members/invites/{invite_id} (admins): its link stops working. */
export async function revokeTeamInvite(ctx: AppContext, organizationId: string, inviteId: string): Promise<void> {
  const result = await ctx.db.execute<{ accepted: boolean }>(sql`
    with gone as (
      delete from team_invites
       where id = ${inviteId} and organization_id = ${organizationId} and accepted_on is null
      returning id
    )
    select (select count(*) from gone) = 0 as accepted
      from team_invites where id = ${inviteId} and organization_id = ${organizationId}`);
  const row = result.rows[0];
  if (!row) throw notFound('Invite');
  if (row.accepted) throw conflict('This invite was already accepted: remove the member instead.', 'invite_accepted');
}

type MetadataRow = ImageSetRow & {
  organization_id: string;
  name: string;
  selected_type: 'Merchant' | 'Buyer';
  role: TeamInviteRole;
  email: string;
  accepted: boolean;
};

/** GET /api/team/invite/{invite_id} (public): the organization, the role offered, the address in part. */
export async function getTeamInviteMetadata(ctx: AppContext, inviteId: string): Promise<TeamInviteMetadata> {
  const result = await ctx.db.execute<MetadataRow>(sql`
    select o.id as organization_id, o.name, o.selected_type, i.role, i.email, (i.accepted_on is not null) as accepted,
           ${imageSetColumns}
      from team_invites i
      join ${organizationsSql()} o on o.id = i.organization_id
      ${imageSetJoins(sql.raw('o.id'))}
     where i.id = ${inviteId}`);
  const row = result.rows[0];
  if (!row) throw notFound('Invite');
  return {
    organization: {
      id: row.organization_id,
      name: row.name,
      selected_type: row.selected_type,
      image_set: toImageSet(ctx.config.publicUrl, row.organization_id, row),
    },
    role: row.role,
    email_hint: maskEmail(row.email),
    accepted: row.accepted,
  };
}

/**
 * POST /api/team/invite/{invite_id}/accept: the signed-in user whose e-mail the invite was
 * sent to joins the team with the invite's role. The user's row and then the invite's row are
 * locked, so concurrent accepts serialise; the memberships' primary key keeps one membership.
 * Accepting again answers the membership as it is.
 */
export async function acceptTeamInvite(ctx: AppContext, userId: string, inviteId: string): Promise<AcceptTeamInviteResult> {
  return ctx.db.transaction(async (tx) => {
    const userEmail = await lockUserEmail(tx, userId);
    const found = await tx.execute<{
      organization_id: string;
      name: string;
      selected_type: 'Merchant' | 'Buyer';
      role: TeamInviteRole;
      email: string;
      accepted_by_user_id: string | null;
      accepted: boolean;
    }>(sql`
      select i.organization_id, o.name, o.selected_type, i.role, i.email, i.accepted_by_user_id,
             (i.accepted_on is not null) as accepted
        from team_invites i join ${organizationsSql()} o on o.id = i.organization_id
       where i.id = ${inviteId}
         for update of i`);
    const invite = found.rows[0];
    if (!invite) throw notFound('Invite');
    if (userEmail === null || invite.email.trim().toLowerCase() !== userEmail) {
      throw new DomainError(
        'forbidden',
        'invite_email_mismatch',
        `This invitation was sent to ${maskEmail(invite.email)}. Sign in with that e-mail to accept it.`,
      );
    }
    const organization = { id: invite.organization_id, name: invite.name, selected_type: invite.selected_type };
    if (invite.accepted && invite.accepted_by_user_id !== userId) {
      throw conflict('This invitation was already accepted.', 'invite_accepted');
    }
    const added = await addMember(tx, userId, invite.organization_id, invite.role);
    if (!invite.accepted) {
      await tx.execute(sql`update team_invites set accepted_on = now(), accepted_by_user_id = ${userId} where id = ${inviteId}`);
    }
    // Already a member (an earlier accept, or another way in): the role stays as it is.
    const role = added ? invite.role : ((await memberRole(tx, invite.organization_id, userId)) ?? invite.role);
    return { organization, role };
  });
}

// ─── Members ────────────────────────────────────────────────────────────────────────
/**
 * PATCH /api/organization/{org_id}/members/{user_id} (admins). Only an owner makes or unmakes
 * owners; the last owner cannot be demoted. Decided on the locked memberships.
 */
export async function changeMemberRole(
  ctx: AppContext,
  callerId: string,
  organizationId: string,
  userId: string,
  role: TeamRole,
): Promise<TeamMember> {
  return ctx.db.transaction(async (tx) => {
    const team = await lockTeam(tx, organizationId);
    const caller = team.find((m) => m.user_id === callerId);
    if (!teamRoleAtLeast(caller?.role, 'admin')) throw forbidden('Only an owner or admin can change the team.');
    const target = team.find((m) => m.user_id === userId);
    if (!target) throw notFound('Member');
    if ((role === 'owner' || target.role === 'owner') && target.role !== role && caller!.role !== 'owner') {
      throw forbidden('Only an owner can make or unmake owners.');
    }
    if (target.role === 'owner' && role !== 'owner' && team.filter((m) => m.role === 'owner').length === 1) {
      throw conflict(LAST_OWNER_MESSAGE, 'last_owner');
    }
    if (target.role !== role) await setMemberRole(tx, organizationId, userId, role);
    return loadMember(tx, organizationId, userId);
  });
}

/**
 * DELETE /api/organization/{org_id}/members/{user_id}: an admin removes another member (an
 * owner only by an owner); anyone may leave. The last owner cannot go (409).
 */
export async function removeTeamMember(ctx: AppContext, callerId: string, organizationId: string, userId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const team = await lockTeam(tx, organizationId);
    const caller = team.find((m) => m.user_id === callerId);
    if (!caller) throw forbidden();
    const target = team.find((m) => m.user_id === userId);
    if (!target) throw notFound('Member');
    if (userId !== callerId) {
      if (!teamRoleAtLeast(caller.role, 'admin')) throw forbidden('Only an owner or admin can remove members of the team.');
      if (target.role === 'owner' && caller.role !== 'owner') throw forbidden('Only an owner can remove an owner.');
    }
    if (target.role === 'owner' && team.filter((m) => m.role === 'owner').length === 1) {
      const who = userId === callerId ? 'You are the last owner and cannot leave' : 'The last owner cannot be removed';
      throw conflict(`${who}. ${LAST_OWNER_MESSAGE}`, 'last_owner');
    }
    await removeMember(tx, organizationId, userId);
  });
}
