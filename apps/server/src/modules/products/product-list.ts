/**
 * The seller's products list (issue 27 §3): the status filter, the status counts and the bulk
 * status change. The list itself is service.ts `listProducts`; the `state` filter keeps to the
 * products_org_state_idx index (organization, state, created_at desc, id desc), so a filtered
 * page is keyset-paged like the unfiltered one.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ProductBulkStateBody, ProductBulkStateResult, ProductStateCounts } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { DomainError } from '../../lib/errors.js';
import { getLookups, resolveLookup, type Lookups } from './lookups.js';
import { lockCatalogVersion } from './catalog-version.js';
import { syncVariantsWithProducts } from './catalog.js';
import { catalogBeforeSave, recordCatalogWebhooks, type CatalogSnapshot } from './webhook-events.js';

/** The list's `state` filter on products `p`; a product without a status is a Draft. A 400 naming `state` for an unknown one. */
export function productStateFilterSql(lk: Lookups, state: string): SQL {
  const stateId = resolveLookup(lk.states, state, 'state');
  return stateId === lk.draftStateId
    ? sql`(p.state_id = ${stateId} or p.state_id is null)`
    : sql`p.state_id = ${stateId}`;
}

/** How many of the organization's products (not removed, not variants) each status has. */
export async function productStateCounts(ctx: AppContext, organizationId: string): Promise<ProductStateCounts> {
  const lk = await getLookups(ctx.db);
  const result = await ctx.db.execute<{ state_id: number | null; n: number }>(sql`
    select p.state_id, count(*)::int as n
      from products p
     where p.organization_id = ${organizationId} and p.deleted_at is null and p.parent_id is null
     group by p.state_id`);
  const byState: Record<string, number> = Object.fromEntries(lk.states.map((s) => [s.state, 0]));
  let all = 0;
  for (const row of result.rows) {
    const n = Number(row.n);
    all += n;
    const name = lk.stateById.get(row.state_id ?? lk.draftStateId)?.state ?? 'Draft';
    byState[name] = (byState[name] ?? 0) + n;
  }
  return { all, by_state: byState };
}

/** A 400 naming `product_ids.N`; `missing`: a 404 (no such product in this store, as a single product's routes answer). */
const productIdIssue = (index: number, message: string, missing = false) => {
  const path = `product_ids.${index}`;
  return missing
    ? new DomainError('not_found', 'not_found', `${path}: ${message}.`, [{ path, message }])
    : new DomainError('invalid', 'validation_error', `${path}: ${message}.`, [{ path, message }]);
};

/**
 * PUT /api/product/organization/{org_id}/state: one status on every product named, in one
 * transaction. Every id must be a product of the organization (not removed, not a variant) or
 * nothing changes (404 naming `product_ids.N` for one that is not in the store or was removed,
 * 400 for a variant's id). Products that have the status already are left
 * alone, so repeating the command changes nothing. Variants follow their product (an
 * unavailable variant stays Draft), as on a product save; the catalogue version moves, so the
 * storefront's kept pages are rebuilt; product.updated webhooks go out for the products changed.
 */
export async function setProductsState(
  ctx: AppContext,
  organizationId: string,
  body: ProductBulkStateBody,
): Promise<ProductBulkStateResult> {
  const lk = await getLookups(ctx.db);
  const stateId = resolveLookup(lk.states, body.state, 'state');
  const ids = [...new Set(body.product_ids)];
  const changedIds = await ctx.db.transaction(async (tx) => {
    await lockCatalogVersion(tx, organizationId);
    const found = await tx.execute<{ id: string; organization_id: string; parent_id: string | null; deleted: boolean }>(sql`
      select p.id, p.organization_id, p.parent_id, p.deleted_at is not null as deleted
        from products p where p.id = any(${sql.param(ids)}::uuid[])`);
    const byId = new Map(found.rows.map((r) => [r.id, r]));
    body.product_ids.forEach((id, index) => {
      const row = byId.get(id);
      // Another organization's product reads as missing: ids cannot be probed.
      if (!row || row.organization_id !== organizationId) throw productIdIssue(index, 'no product with this id in this store', true);
      if (row.deleted) throw productIdIssue(index, 'this product was removed from the catalog', true);
      if (row.parent_id) throw productIdIssue(index, `is a variant: change the status of its product (${row.parent_id})`);
    });
    const changed = await tx.execute<{ id: string }>(sql`
      select p.id from products p
       where p.id = any(${sql.param(ids)}::uuid[]) and p.organization_id = ${organizationId}
         and p.state_id is distinct from ${stateId}
       order by p.id`);
    const changedIds = changed.rows.map((r) => r.id);
    if (changedIds.length === 0) return changedIds;
    const before = new Map<string, CatalogSnapshot>();
    for (const id of changedIds) before.set(id, await catalogBeforeSave(tx, organizationId, id));
    await tx.execute(sql`
      update products set state_id = ${stateId}, updated_at = now()
       where id = any(${sql.param(changedIds)}::uuid[]) and organization_id = ${organizationId}`);
    await syncVariantsWithProducts(tx, organizationId, changedIds, lk.draftStateId);
    for (const id of changedIds) await recordCatalogWebhooks(tx, organizationId, id, false, before.get(id) ?? null);
    return changedIds;
  });
  return { state: lk.stateById.get(stateId)!, product_ids: ids, changed_ids: changedIds };
}
