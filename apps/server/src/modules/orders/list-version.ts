/**
 * An organization's order-list version (order_list_versions): a number per organization that
 * changes whenever what its order lists show may have changed — one of its orders was placed
 * (as seller or as buyer), an order's tracking changed or an invoice was paid. The lists' page
 * caches (queries.ts) and the dashboard compare the version they were built from with the
 * current one (sql.ts orderListStampSql), read with the route's access check, so a change committed by any process is seen
 * by every process on its next request. No rows means version 0.
 *
 * The version is kept in up to ORDER_LIST_SLOTS counters per organization and is their SUM; a
 * writer adds one to a single slot's row, which only ever counts up under its row lock, so every
 * committed change makes the sum larger than what any earlier snapshot read. Orders of one
 * seller completing at once each bump their own slot (checkout's seller slot), so they never
 * wait for one another here; writers that name no slot take one from their transaction id.
 * Both parties' rows are taken in id order, so two transactions never wait on each other in a
 * circle.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** How many counters an organization's order-list version is split into. */
export const ORDER_LIST_SLOTS = 16;

/**
 * Bumps the order-list versions of the organizations (the order's seller and buyer), in the
 * transaction's `slot` (taken modulo ORDER_LIST_SLOTS) or one picked from its transaction id.
 */
export async function touchOrderLists(tx: DbOrTx, organizationIds: readonly string[], slot?: number): Promise<void> {
  const ids = [...new Set(organizationIds)].sort();
  if (ids.length === 0) return;
  const slotSql =
    slot === undefined ? sql`(txid_current() % ${ORDER_LIST_SLOTS}::int)` : sql`${slot % ORDER_LIST_SLOTS}::int`;
  await tx.execute(sql`
    insert into order_list_versions as v (organization_id, slot, version)
    select id, ${slotSql}::smallint, 1 from unnest(${sql.param(ids)}::uuid[]) as t(id) order by id
    on conflict (organization_id, slot) do update set version = v.version + 1`);
}
