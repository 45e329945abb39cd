// The seller's products list (issue 27 §3): its status filter, the status counts and the bulk
// status change. The product schemas themselves are products.ts.
import { z } from 'zod';
import { ListQuery, Uuid, singleLineText } from './common.js';
import { LookupRef, ProductState } from './products.js';
import { PRODUCT_BULK_MAX } from './product-list-rules.js';

/**
 * GET /api/product/organization/{org_id}: the list's query. `state` keeps the products in one
 * status (a name from GET /api/product/state, any letter case, or its id); a product without a
 * status counts as Draft.
 */
export const ProductListQuery = ListQuery.extend({
  state: singleLineText().min(1).max(40).optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

/** GET /api/product/organization/{org_id}/state-counts: how many products each status has. */
export const ProductStateCounts = z.object({
  all: z.number().int(),
  /** By status name (every status of GET /api/product/state, 0 when none). */
  by_state: z.record(z.string(), z.number().int()),
});
export type ProductStateCounts = z.infer<typeof ProductStateCounts>;

/** PUT /api/product/organization/{org_id}/state: set one status on several products. */
export const ProductBulkStateBody = z.strictObject({
  product_ids: z
    .array(Uuid, { message: 'must be a list of product ids' })
    .min(1, 'must name at least one product')
    .max(PRODUCT_BULK_MAX, `must name at most ${PRODUCT_BULK_MAX} products`),
  state: LookupRef,
});
export type ProductBulkStateBody = z.infer<typeof ProductBulkStateBody>;

export const ProductBulkStateResult = z.object({
  state: ProductState,
  /** Every product named, each once (all now have `state`). */
  product_ids: z.array(Uuid),
  /** The products whose status changed (the others had it already). */
  changed_ids: z.array(Uuid),
});
export type ProductBulkStateResult = z.infer<typeof ProductBulkStateResult>;
