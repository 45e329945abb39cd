/**
 * Who may act where: the one place that reads memberships and purchasing relationships to
 * decide access. The policy plugin calls it before every handler; services that need the
 * viewer's role read it from the request (`viewerRole`) instead of asking again.
 *
 * The access tables (`memberships`, `purchasing_relationships`) are owned here
 * (auth/schema.ts); other modules add rows through `addMember` / `addPurchaser`. Every write to
 * them notifies the processes that keep what they read (migration 0041, auth/access-facts.ts):
 * a new writer needs nothing more, a new table the decision reads needs a trigger.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { TeamRole } from '@cratebase/contract';
import { poolOf, type Db, type DbOrTx } from '../db/client.js';

/** member: belongs to the organization. purchaser: belongs to an organization that buys from it. */
export type Role = 'member' | 'purchaser';

/**
 * What the membership query found: the caller's relationship with each organization, and in
 * those where they are a member, their team role (owner, admin or staff).
 */
export interface Access {
  roles: Map<string, Role>;
  teamRoles: Map<string, TeamRole>;
}

/** The rows (organization_id, role) of the user's memberships and purchasing relationships among `ids`. */
function rolesSql(userId: string, ids: readonly string[]): SQL {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`
    select m.organization_id, 'member' as role, m.role as team_role
      from memberships m
     where m.user_id = ${userId} and m.organization_id in (${list})
    union all
    select pr.seller_organization_id, 'purchaser' as role, null as team_role
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

type RoleRow = { organization_id: string | null; role: Role | null; team_role: TeamRole | null };

function addRole(access: Access, row: RoleRow) {
  if (!row.organization_id || !row.role) return;
  if (row.role === 'member' || !access.roles.has(row.organization_id)) access.roles.set(row.organization_id, row.role);
  if (row.role === 'member' && row.team_role) access.teamRoles.set(row.organization_id, row.team_role);
}

const noAccess = (): Access => ({ roles: new Map(), teamRoles: new Map() });

/**
 * How the user relates to each of the given organizations, and their team role where they
 * are a member, in one query. An organization where the user is both member and purchaser
 * counts as member.
 */
export async function accessIn(db: DbOrTx, userId: string, organizationIds: readonly string[]): Promise<Access> {
  const access = noAccess();
  const ids = [...new Set(organizationIds)];
  if (ids.length === 0) return access;
  const result = await db.execute<RoleRow>(rolesSql(userId, ids));
  for (const row of result.rows) addRole(access, row);
  return access;
}

/** A statement rendered once: its text with $1, $2… and the values in order. */
export interface RenderedSql {
  text: string;
  params: unknown[];
}

const dialect = new PgDialect();

/** Renders a drizzle statement (a route's `accessAlongside` value) to text and values. */
export function renderSql(query: SQL): RenderedSql {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}

/**
 * rolesSql's text for `n` organization ids, the user at $(offset + 1) and the ids after it:
 * written here rather than built through drizzle on every request (that was a tenth of the
 * server's CPU on the storefront's routes). Kept per (n, offset); a policy names a few
 * organizations, so the map stays small (and is bounded).
 */
const rolesTexts = new Map<string, string>();
const ROLES_TEXTS_MAX = 1000;

function rolesText(n: number, offset: number): string {
  const shape = `${n}:${offset}`;
  let text = rolesTexts.get(shape);
  if (text) return text;
  const user = `$${offset + 1}`;
  const list = Array.from({ length: n }, (_, i) => `$${offset + 2 + i}::uuid`).join(', ');
  text = `select m.organization_id, 'member' as role, m.role as team_role
      from memberships m
     where m.user_id = ${user} and m.organization_id in (${list})
    union all
    select pr.seller_organization_id, 'purchaser' as role, null as team_role
      from memberships m
      cross join lateral (
        select pr.seller_organization_id
          from purchasing_relationships pr
         where pr.purchaser_organization_id = m.organization_id and pr.seller_organization_id in (${list})
        offset 0
      ) pr
     where m.user_id = ${user}`;
  if (rolesTexts.size < ROLES_TEXTS_MAX) rolesTexts.set(shape, text);
  return text;
}

/** The rows of the user's roles among `ids` (distinct, at least one), as rolesSql. */
export type AccessRow = RoleRow;

/**
 * The access check of a policy (auth/plugin.ts) on the pool: the user's role rows among `ids`
 * (distinct, non-empty) and, when given, the route's `accessAlongside` value (rendered) in the
 * same statement — as accessIn / rolesInWith, from a statement text made once per shape.
 */
export async function readAccessRows(
  db: Db,
  userId: string,
  ids: readonly string[],
  alongside: RenderedSql | undefined,
): Promise<{ rows: AccessRow[]; alongside: unknown }> {
  const pool = poolOf(db);
  if (!alongside) {
    const result = await pool.query<RoleRow>({ text: rolesText(ids.length, 0), values: [userId, ...ids] });
    return { rows: result.rows, alongside: undefined };
  }
  const k = alongside.params.length;
  // One row even when the user has no role anywhere (the left join), the value on every row.
  const text = `select a.value as alongside, r.organization_id, r.role, r.team_role
      from (select (${alongside.text}) as value) a
      left join (${rolesText(ids.length, k)}) r on true`;
  const result = await pool.query<RoleRow & { alongside: unknown }>({ text, values: [...alongside.params, userId, ...ids] });
  return { rows: result.rows, alongside: result.rows[0]?.alongside };
}

/** A rendered `accessAlongside` value on its own (a policy without organizations to check). */
export async function selectRendered(db: Db, alongside: RenderedSql): Promise<unknown> {
  const result = await poolOf(db).query<{ alongside: unknown }>({
    text: `select (${alongside.text}) as alongside`,
    values: alongside.params,
  });
  return result.rows[0]?.alongside;
}

/** Access from role rows (an organization where the user is both member and purchaser counts as member). */
export function accessFromRows(rows: readonly AccessRow[]): Access {
  const access = noAccess();
  for (const row of rows) addRole(access, row);
  return access;
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
/** A FROM item: the memberships (`user_id`, `organization_id`, `role`, `created_at`); give it an alias. */
export function membershipsSql(): SQL {
  return sql`(select user_id, organization_id, role, created_at from memberships)`;
}

/**
 * A FROM item: the purchasing relationships (`seller_organization_id`,
 * `purchaser_organization_id`, `created_at`), of one seller when `sellerId` is given.
 */
export function purchasingRelationshipsSql(sellerId?: string | SQL): SQL {
  const where = sellerId === undefined ? sql`` : sql`where seller_organization_id = ${sellerId}`;
  return sql`(select seller_organization_id, purchaser_organization_id, created_at from purchasing_relationships ${where})`;
}

/**
 * A uuid or null: the organization a signed-in user buys from the seller as — theirs that buys
 * there (the oldest of their memberships that does: the store's purchasing organization of GET
 * /api/user/me, users/service.ts) — and null for a member of the seller itself (its own preview)
 * or a user who does not buy there. Both are SQL values. What prices a storefront page shows
 * (price-lists/sql.ts `customerPriceListSql` of this purchaser).
 */
export function viewerPurchaserSql(sellerId: SQL, userId: SQL): SQL {
  return sql`(select case when bool_or(vp_m.organization_id = ${sellerId}) then null
                          else (array_agg(vp_pr.purchaser_organization_id order by vp_m.created_at, vp_m.organization_id)
                                  filter (where vp_pr.purchaser_organization_id is not null))[1] end
                from memberships vp_m
                left join purchasing_relationships vp_pr
                  on vp_pr.purchaser_organization_id = vp_m.organization_id and vp_pr.seller_organization_id = ${sellerId}
               where vp_m.user_id = ${userId})`;
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

/**
 * Makes the user a member of the organization (creating an organization, joining one).
 * Returns false when they already were one (their role is left as it was).
 */
export async function addMember(db: DbOrTx, userId: string, organizationId: string, role: TeamRole): Promise<boolean> {
  const result = await db.execute<{ user_id: string }>(sql`
    insert into memberships (user_id, organization_id, role) values (${userId}, ${organizationId}, ${role})
    on conflict do nothing
    returning user_id`);
  return result.rows.length > 0;
}

// ─── The team (modules/team): changing who belongs to an organization ───
/**
 * Locks every membership of the organization (in user order, so two lockers queue rather than
 * deadlock) until the transaction ends, and returns them: a command that checks "the last
 * owner" decides on rows no concurrent change can alter. A row deleted by a transaction that
 * committed while this one waited is not returned.
 */
export async function lockTeam(tx: DbOrTx, organizationId: string): Promise<{ user_id: string; role: TeamRole }[]> {
  const result = await tx.execute<{ user_id: string; role: TeamRole }>(sql`
    select user_id, role from memberships
     where organization_id = ${organizationId}
     order by user_id
       for update`);
  return result.rows;
}

/** The user's team role in the organization, or null when they are not a member. */
export async function memberRole(db: DbOrTx, organizationId: string, userId: string): Promise<TeamRole | null> {
  const result = await db.execute<{ role: TeamRole }>(
    sql`select role from memberships where organization_id = ${organizationId} and user_id = ${userId}`,
  );
  return result.rows[0]?.role ?? null;
}

/** Changes a member's role (call after lockTeam). */
export async function setMemberRole(tx: DbOrTx, organizationId: string, userId: string, role: TeamRole): Promise<void> {
  await tx.execute(sql`update memberships set role = ${role} where organization_id = ${organizationId} and user_id = ${userId}`);
}

/** Removes a member (call after lockTeam). */
export async function removeMember(tx: DbOrTx, organizationId: string, userId: string): Promise<void> {
  await tx.execute(sql`delete from memberships where organization_id = ${organizationId} and user_id = ${userId}`);
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
