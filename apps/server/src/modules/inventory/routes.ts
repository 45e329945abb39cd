import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, InventoryTransaction, InventoryTransactionBody } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { requireUserId } from '../../auth/plugin.js';
import { recordInventoryTransaction } from './service.js';
import { memberOf } from '../../auth/policies.js';
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
}
