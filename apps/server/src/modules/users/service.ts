/** The current user: created from the token's subject and e-mail, read with organizations. */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { CurrentUser, TeamRole, UpdateContactBody } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { users } from './schema.js';
import { fieldError, DomainError } from '../../lib/errors.js';
import type { TokenClaims } from '../../auth/token-verifier.js';
import { toImageSet, type ImageSetRow } from '../media/service.js';
import { imageSetColumns, imageSetJoins } from '../media/sql.js';
import { organizationsSql } from '../organizations/sql.js';
import { membershipsSql, purchasingRelationshipsSql } from '../../auth/access.js';

/** The user row of a token subject, or null before POST /api/user/create. */
export async function userIdForSubject(db: Db, sub: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.authSubject, sub)).limit(1);
  return row?.id ?? null;
}

/**
 * Idempotent: the same subject always maps to the same user row. The token's name fills an
 * empty name only: a name the person gave (sign-up, account) is theirs and stays.
 */
export async function createUserFromToken(ctx: AppContext, claims: TokenClaims): Promise<CurrentUser> {
  const email = claims.email?.trim().toLowerCase();
  if (!email) throw fieldError('email', 'is missing from the access token; the identity provider must include it');
  const [row] = await ctx.db
    .insert(users)
    .values({ authSubject: claims.sub, email, name: claims.name ?? null, picture: claims.picture ?? null })
    .onConflictDoUpdate({
      target: users.authSubject,
      set: {
        email,
        name: sql`coalesce(${users.name}, ${claims.name ?? null}::text)`,
        picture: sql`coalesce(${claims.picture ?? null}::text, ${users.picture})`,
      },
    })
    .returning({ id: users.id });
  return getCurrentUser(ctx, row!.id);
}

/**
 * PUT /api/user/me: the signed-in person's name and phone (the body is validated by the
 * contract: name required, phone optional and phone-like). One statement; 404 before the user
 * exists (POST /api/user/create first).
 */
export async function updateContact(ctx: AppContext, sub: string, body: UpdateContactBody): Promise<CurrentUser> {
  const [row] = await ctx.db
    .update(users)
    .set({ name: body.name, phone: body.phone ?? null })
    .where(eq(users.authSubject, sub))
    .returning({ id: users.id });
  if (!row) throw new DomainError('not_found', 'user_not_found', 'No account yet: finish creating your account.');
  return getCurrentUser(ctx, row.id);
}

export async function getCurrentUserBySubject(ctx: AppContext, sub: string): Promise<CurrentUser> {
  return loadCurrentUser(ctx, sql`u.auth_subject = ${sub}`);
}

export async function getCurrentUser(ctx: AppContext, userId: string): Promise<CurrentUser> {
  return loadCurrentUser(ctx, sql`u.id = ${userId}`);
}

type UserOrgRow = ImageSetRow & {
  user_id: string;
  email: string;
  user_name: string | null;
  phone: string | null;
  picture: string | null;
  id: string | null;
  name: string;
  selected_type: 'Merchant' | 'Buyer';
  slogan: string | null;
  own: boolean;
  team_role: TeamRole | null;
  buyer_id: string | null;
};

/**
 * One round trip: the user, its own organizations, and every seller one of them buys from
 * (one row per organization; a user without any gives one row with null organization).
 */
async function loadCurrentUser(ctx: AppContext, whereUser: SQL): Promise<CurrentUser> {
  const result = await ctx.db.execute<UserOrgRow>(sql`
    with u as (
      select u.id, u.email, u.name, u.phone, u.picture from users u where ${whereUser}
    ), own as (
      select m.organization_id as id, m.role, m.created_at from ${membershipsSql()} m join u on u.id = m.user_id
    ), sellers as (
      -- The user's organization that buys there: the oldest of theirs that does.
      select pr.seller_organization_id as id,
             (array_agg(pr.purchaser_organization_id order by own.created_at, own.id))[1] as buyer_id
        from ${purchasingRelationshipsSql()} pr join own on own.id = pr.purchaser_organization_id
       group by pr.seller_organization_id
    ), orgs as (
      select o.id, o.name, o.selected_type, o.slogan, (own.id is not null) as own, own.created_at as own_since, own.role as team_role,
             case when own.id is not null then o.id else sellers.buyer_id end as buyer_id,
             ${imageSetColumns}
        from ${organizationsSql()} o
        left join own on own.id = o.id
        left join sellers on sellers.id = o.id
        ${imageSetJoins(sql.raw('o.id'))}
       where o.id in (select id from own union select id from sellers)
    )
    select u.id as user_id, u.email, u.name as user_name, u.phone, u.picture, orgs.*
      from u left join orgs on true
     order by orgs.own_since asc nulls last, orgs.name asc`);
  const first = result.rows[0];
  if (!first) throw new DomainError('not_found', 'user_not_found', 'No account yet: finish creating your account.');
  const rows = result.rows.filter((r) => r.id !== null) as (UserOrgRow & { id: string })[];
  const purchasing = rows.filter((r) => !r.own || r.selected_type === 'Merchant');
  return {
    id: first.user_id,
    email: first.email,
    name: first.user_name,
    phone: first.phone,
    picture: first.picture,
    organizations: rows
      .filter((r) => r.own)
      .map((r) => ({ id: r.id, name: r.name, selected_type: r.selected_type, role: r.team_role ?? undefined })),
    purchasing_organizations: purchasing.map((r) => ({
      organization: {
        id: r.id,
        name: r.name,
        selected_type: r.selected_type,
        slogan: r.slogan,
        image_set: toImageSet(ctx.config.publicUrl, r.id, r),
      },
      purchasing_organization_id: r.buyer_id ?? r.id,
    })),
  };
}

// ─── For other modules ───────────────────────────────────────────────────────────────
/**
 * Locks the user's row (`for no key update`, until the transaction ends) and returns their
 * e-mail, trimmed and lower-cased; null for an unknown user.
 */
export async function lockUserEmail(tx: DbOrTx, userId: string): Promise<string | null> {
  const result = await tx.execute<{ email: string }>(
    sql`select lower(trim(email)) as email from users where id = ${userId} for no key update`,
  );
  return result.rows[0]?.email ?? null;
}

/** A user's name and e-mail, for messages to them (undefined for an unknown user). */
export async function userContact(db: DbOrTx, userId: string): Promise<{ name: string | null; email: string } | undefined> {
  const result = await db.execute<{ name: string | null; email: string }>(
    sql`select name, trim(email) as email from users where id = ${userId}`,
  );
  return result.rows[0];
}

/** The members of an organization with their e-mails (oldest membership first), for messages to it. */
export async function memberContacts(
  db: DbOrTx,
  organizationId: string,
  limit = 20,
): Promise<{ name: string | null; email: string }[]> {
  const result = await db.execute<{ name: string | null; email: string }>(sql`
    select u.name, trim(u.email) as email
      from ${membershipsSql()} m join users u on u.id = m.user_id
     where m.organization_id = ${organizationId}
     order by m.created_at, u.id
     limit ${limit}`);
  return result.rows;
}
