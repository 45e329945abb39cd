/**
 * Who may act where: the one place that reads memberships and purchasing relationships to
 * decide access. The policy plugin calls it before every handler; services that need the
 * viewer's role read it from the request (`viewerRole`) instead of asking again.
 *
 * The access tables (`memberships`, `purchasing_relationships`) are owned here
 * (auth/schema.ts); other modules add rows through `addMember` / `addPurchaser`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

/** member: belongs to the organization. purchaser: belongs to an organization that buys from it. */
export type Role = 'member' | 'purchaser';

/** The rows (organization_id, role) of the user's memberships and purchasing relationships among `ids`. */
function rolesSql(userId: string, ids: readonly string[]): SQL {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`
    select m.organization_id, 'member' as role
      from memberships m
     where m.user_id = ${userId} and m.organization_id in (${list})
    union all
    select pr.seller_organization_id, 'purchaser' as role
      from memberships m
      cross join lateral (
        -- From the user's few memberships into the (seller, purchaser) key: never from a
        -- seller's thousands of customers (offset 0 keeps the planner from turning it round).
        select pr.seller_organization_id
          from purchasing_relationships pr
         where pr.purchaser_organization_id = m.organization_id and pr.seller_organization_id in (${list})
        offset 0
      ) pr
     where m.user_id = ${userId}`;
}

function addRole(roles: Map<string, Role>, organizationId: string, role: Role) {
  if (role === 'member' || !roles.has(organizationId)) roles.set(organizationId, role);
}

/**
 * How the user relates to each of the given organizations, in one query. An organization
 * where the user is both member and purchaser counts as member.
 */
export async function rolesIn(db: DbOrTx, userId: string, organizationIds: readonly string[]): Promise<Map<string, Role>> {
  const roles = new Map<string, Role>();
  const ids = [...new Set(organizationIds)];
  if (ids.length === 0) return roles;
  const result = await db.execute<{ organization_id: string; role: Role }>(rolesSql(userId, ids));
  for (const row of result.rows) addRole(roles, row.organization_id, row.role);
  return roles;
}

/**
 * rolesIn, plus one more value selected in the same statement (a route's
 * `config.accessAlongside`, see policies.ts): the handler gets what it needs from the database
 * without a second round trip, read in the same snapshot as the access check. `alongside` is a
 * scalar SQL expression (a sub-select is fine); its value comes back as the driver gives it, so
 * prefer text or json. The roles statement of routes without one is unchanged.
 */
export async function rolesInWith(
  db: DbOrTx,
  userId: string,
  organizationIds: readonly string[],
  alongside: SQL,
): Promise<{ roles: Map<string, Role>; alongside: unknown }> {
  const roles = new Map<string, Role>();
  const ids = [...new Set(organizationIds)];
  if (ids.length === 0) return { roles, alongside: await selectAlongside(db, alongside) };
  // One row even when the user has no role anywhere (the left join), the value on every row.
  const result = await db.execute<{ alongside: unknown; organization_id: string | null; role: Role | null }>(sql`
    select a.value as alongside, r.organization_id, r.role
      from (select (${alongside}) as value) a
      left join (${rolesSql(userId, ids)}) r on true`);
  for (const row of result.rows) if (row.organization_id && row.role) addRole(roles, row.organization_id, row.role);
  return { roles, alongside: result.rows[0]?.alongside };
}

/** The value of a route's `accessAlongside` on its own (policies without a membership query). */
export async function selectAlongside(db: DbOrTx, alongside: SQL): Promise<unknown> {
  const result = await db.execute<{ alongside: unknown }>(sql`select (${alongside}) as alongside`);
  return result.rows[0]?.alongside;
}

/** Whether `purchaserId` buys from `sellerId` (accepted one of its invites). */
export async function buysFrom(db: DbOrTx, purchaserId: string, sellerId: string): Promise<boolean> {
  const result = await db.execute<{ ok: boolean }>(sql`
    select exists (
      select 1 from purchasing_relationships
       where purchaser_organization_id = ${purchaserId} and seller_organization_id = ${sellerId}
    ) as ok`);
  return Boolean(result.rows[0]?.ok);
}

// ─── SQL fragments for one-query reads elsewhere (the columns other modules may read) ───
/** A FROM item: the memberships (`user_id`, `organization_id`, `created_at`); give it an alias. */
export function membershipsSql(): SQL {
  return sql`(select user_id, organization_id, role, created_at from memberships)`;
}

/**
 * A FROM item: the purchasing relationships (`seller_organization_id`,
 * `purchaser_organization_id`, `created_at`), of one seller when `sellerId` is given.
 */
export function purchasingRelationshipsSql(sellerId?: string): SQL {
  const where = sellerId === undefined ? sql`` : sql`where seller_organization_id = ${sellerId}`;
  return sql`(select seller_organization_id, purchaser_organization_id, created_at from purchasing_relationships ${where})`;
}

/** A boolean: whether any organization buys from the organization in `organizationId`. */
export function hasPurchasersSql(organizationId: SQL): SQL {
  return sql`exists (select 1 from purchasing_relationships pr where pr.seller_organization_id = ${organizationId})`;
}

/** A boolean: whether the user is a member of the organization in `organizationId`. */
export function isMemberSql(organizationId: SQL, userId: string): SQL {
  return sql`exists (select 1 from memberships m where m.organization_id = ${organizationId} and m.user_id = ${userId})`;
}

/**
 * A data-modifying statement (for a CTE): records each row of `rows` — a select of (seller id,
 * purchaser id, invite id) — as a purchasing relationship; existing pairs are left alone.
 */
export function insertPurchasersSql(rows: SQL): SQL {
  return sql`insert into purchasing_relationships (seller_organization_id, purchaser_organization_id, invite_id)
      ${rows}
      on conflict do nothing`;
}

/** Makes the user a member of the organization (creating an organization, joining one). */
export async function addMember(
  db: DbOrTx,
  userId: string,
  organizationId: string,
  role: 'owner' | 'member' = 'member',
): Promise<void> {
  await db.execute(sql`
    insert into memberships (user_id, organization_id, role) values (${userId}, ${organizationId}, ${role})
    on conflict do nothing`);
}

/**
 * Records that `purchaserId` buys from `sellerId` through `inviteId`. Returns false when the
 * relationship already existed (an invite accepted twice, or a second invite of the pair).
 */
export async function addPurchaser(
  db: DbOrTx,
  sellerId: string,
  purchaserId: string,
  inviteId: string | null,
): Promise<boolean> {
  const result = await db.execute<{ seller_organization_id: string }>(sql`
    insert into purchasing_relationships (seller_organization_id, purchaser_organization_id, invite_id)
    values (${sellerId}, ${purchaserId}, ${inviteId})
    on conflict do nothing
    returning seller_organization_id`);
  return result.rows.length > 0;
}
