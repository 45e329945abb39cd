/** The current user: created from the token's subject and e-mail, read with organizations. */
import { eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { users } from '../../db/schema.js';
import { fieldError, HttpError } from '../../lib/errors.js';
import type { TokenClaims } from '../../auth/token-verifier.js';
import { imageSetColumns, imageSetJoins, toImageSet, type ImageSetRow } from '../organizations/service.js';

/** Idempotent: the same subject always maps to the same user row. */
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
        name: sql`coalesce(${claims.name ?? null}::text, ${users.name})`,
        picture: sql`coalesce(${claims.picture ?? null}::text, ${users.picture})`,
      },
    })
    .returning({ id: users.id });
  return getCurrentUser(ctx, row!.id);
}

export async function getCurrentUserBySubject(ctx: AppContext, sub: string): Promise<CurrentUser> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.authSubject, sub));
  if (!row) throw new HttpError(404, 'user_not_found', 'No account yet: finish creating your account.');
  return getCurrentUser(ctx, row.id);
}

type OrgRow = ImageSetRow & {
  id: string;
  name: string;
  selected_type: 'Merchant' | 'Buyer';
  slogan: string | null;
  own: boolean;
};

export async function getCurrentUser(ctx: AppContext, userId: string): Promise<CurrentUser> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new HttpError(404, 'user_not_found', 'No account yet: finish creating your account.');
  // Own organizations, and every seller one of them buys from, in one query.
  const result = await ctx.db.execute<OrgRow>(sql`
    with own as (
      select m.organization_id as id, m.created_at from memberships m where m.user_id = ${userId}
    ), sellers as (
      select distinct pr.seller_organization_id as id
        from purchasing_relationships pr join own on own.id = pr.purchaser_organization_id
    )
    select o.id, o.name, o.selected_type, o.slogan, (own.id is not null) as own, ${imageSetColumns}
      from organizations o
      left join own on own.id = o.id
      ${imageSetJoins(sql.raw('o.id'))}
     where o.id in (select id from own union select id from sellers)
     order by own.created_at asc nulls last, o.name asc`);
  const rows = result.rows;
  const purchasing = rows.filter((r) => !r.own || r.selected_type === 'Merchant');
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    picture: user.picture,
    organizations: rows
      .filter((r) => r.own)
      .map((r) => ({ id: r.id, name: r.name, selected_type: r.selected_type })),
    purchasing_organizations: purchasing.map((r) => ({
      organization: {
        id: r.id,
        name: r.name,
        selected_type: r.selected_type,
        slogan: r.slogan,
        image_set: toImageSet(ctx.config.publicUrl, r.id, r),
      },
    })),
  };
}
