import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  INVENTORY_SYNC_MAX_ITEMS,
  InventorySyncBody,
  InventorySyncResult,
  InventoryTransaction,
  InventoryTransactionBody,
  OrgIdParams,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { requireUserId } from '../../auth/plugin.js';
import { recordInventoryTransaction } from './service.js';
import { memberOf, organizationParam } from '../../auth/policies.js';
import { IdempotencyHeaders } from '../../lib/idempotency-header.js';
import { syncInventoryBySku } from './sync.js';
import { productAt } from '../products/resources.js';

const tags = ['inventory'];

const Headers = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(1)
    .max(200, 'must be at most 200 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
});

export async function inventoryRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/inventory/transaction',
    {
      config: { access: memberOf(productAt('body', 'product', 'id')) },
      schema: {
        tags,
        summary: 'Add to, remove from or set the stock of a product',
        description: 'Optional Idempotency-Key header: a retried request with the same key is applied once.',
        headers: Headers,
        body: InventoryTransactionBody,
        response: {
          200: InventoryTransaction,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (req) => recordInventoryTransaction(ctx, requireUserId(req), req.body, req.headers['idempotency-key']),
  );

  // The inventory sync (issue 26; docs/inventory-sync.md): the same members as a single
  // inventory transaction (any team role), for the organization in the path.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/organization/:org_id/inventory/sync',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'Set the stock of many products and variants by SKU',
        description:
          `1 to ${INVENTORY_SYNC_MAX_ITEMS} lines of { sku, inventory_count }, applied in one transaction; the answer has one ` +
          'line per line sent, in order, with its status (updated, unchanged, not_found, duplicate, not_tracked, ' +
          'has_variants) and totals. SKUs match exactly (case included) among the organization\u2019s products without ' +
          'variants and its variants. A line whose variant does not track its stock turns tracking on, unless ' +
          '`skip_untracked` is true (then it answers not_tracked). Optional Idempotency-Key header: a retry with the ' +
          'same key answers the first request and changes nothing (the same key with another body: 409 ' +
          'idempotency_key_reused).',
        params: OrgIdParams,
        headers: IdempotencyHeaders,
        body: InventorySyncBody,
        response: {
          200: InventorySyncResult,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          413: ErrorBody,
        },
      },
    },
    async (req) =>
      syncInventoryBySku(ctx, req.params.org_id, req.auth?.userId ?? null, req.body, req.headers['idempotency-key']),
  );
}
