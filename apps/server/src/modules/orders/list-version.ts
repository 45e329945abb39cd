/**
 * An organization's order-list version (order_list_versions): one number per organization that
 * changes whenever what its order lists show may have changed — one of its orders was placed
 * (as seller or as buyer) or an order's tracking changed. The lists' page caches (queries.ts)
 * compare the version they were built from with the current one, read with the route's access
 * check, so a change committed by any process is seen by every process on its next request.
 * A missing row means version 0.
 *
 * Writers bump it as the LAST statement of their transaction: the row stays locked until the
 * commit, so concurrent orders of one seller queue there only for the commit itself; both
 * parties' rows are taken in id order, so two transactions never wait on each other in a circle.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** Bumps the order-list versions of the organizations (the order's seller and buyer). */
export async function touchOrderLists(tx: DbOrTx, organizationIds: readonly string[]): Promise<void> {
  const ids = [...new Set(organizationIds)].sort();
  if (ids.length === 0) return;
  await tx.execute(sql`
    insert into order_list_versions (organization_id, version)
    select id, 1 from unnest(${sql.param(ids)}::uuid[]) as t(id) order by id
    on conflict (organization_id) do update set version = order_list_versions.version + 1`);
}

/** The organization's order-list version as text ('0' before its first order). */
export function orderListStampSql(organizationId: SQL | Placeholder): SQL {
  return sql`coalesce((select v.version from order_list_versions v where v.organization_id = ${organizationId}), 0)::text`;
}
