/**
 * Inventory transactions: the only way stock changes. The row and the new count are written
 * in one command (db/command.ts); the count is updated in place (`inventory_count + n`) under
 * the row lock, so concurrent transactions all apply. An Idempotency-Key makes a retried
 * request a no-op that answers as the first time, even when both arrive together. Recording
 * stock turns the product's "Track inventory" on (the seller manages its stock from then on;
 * turning it off again is a product edit).
 */
import type { InventoryTransaction, InventoryTransactionBody } from '@cratebase/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { inventoryTransactions } from './schema.js';
import { changeStock, productOwner, productRemovedError, stockOfVariantsError } from '../products/stock.js';
import { lockCatalogVersion } from '../products/catalog-version.js';
import { recordInventoryWebhook } from '../products/webhook-events.js';
import { runCommand } from '../../db/command.js';
import { notFound } from '../../lib/errors.js';

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export async function recordInventoryTransaction(
  ctx: AppContext,
  userId: string,
  body: InventoryTransactionBody,
  idempotencyKey: string | undefined,
): Promise<InventoryTransaction> {
  const productId = body.product.id;
  const product = await productOwner(ctx.db, productId);
  if (!product) throw notFound('Product');
  if (product.deleted) throw productRemovedError();
  if (product.hasVariants) throw stockOfVariantsError();
  const orgId = product.organizationId;
  const type = body.inventory_transaction_type;

  const { result, replayed } = await runCommand(
    ctx.db,
    { name: 'inventory.record', scope: orgId, idempotencyKey, request: { productId, count: body.count, type } },
    async (tx) => {
      // Before the product row is touched (the insert's foreign key locks it): catalog-version.ts.
      await lockCatalogVersion(tx, orgId);
      const [created] = await tx
        .insert(inventoryTransactions)
        .values({
          productId,
          organizationId: orgId,
          count: body.count,
          inventoryTransactionType: type,
          createdByUserId: userId,
        })
        .returning({ id: inventoryTransactions.id, createdAt: inventoryTransactions.createdAt });
      const inventoryCount = await changeStock(tx, productId, type, body.count, { startTracking: true });
      await recordInventoryWebhook(tx, orgId, [productId]);
      return {
        id: created!.id,
        count: body.count,
        inventory_transaction_type: type,
        product: { id: productId, inventory_count: inventoryCount },
        created_at: iso(created!.createdAt),
      };
    },
  );
  return { ...result, replayed };
}

/**
 * Records each of `levels` as a `set` inventory transaction of the organization by the user
 * (the catalogue import and the inventory sync, which have already written the new counts).
 */
export async function recordStockLevels(
  tx: DbOrTx,
  organizationId: string,
  userId: string | null,
  levels: { product_id: string; count: number }[],
): Promise<void> {
  await tx.execute(sql`
      insert into inventory_transactions (product_id, organization_id, count, inventory_transaction_type, created_by_user_id)
      select v.product_id, ${organizationId}::uuid, v.count, 'set', ${userId}::uuid
        from json_to_recordset(${JSON.stringify(levels)}::json) as v(product_id uuid, count int)`);
}

/**
 * Records the stock a placed order took, one `remove` transaction per tracked product with the
 * order's id (the completing transaction, which already took it from the products' counts).
 */
export async function recordOrderSales(
  tx: DbOrTx,
  organizationId: string,
  orderId: string,
  userId: string | null,
  sold: { product_id: string; count: number }[],
): Promise<void> {
  await recordOrderTransactions(tx, 'remove', organizationId, orderId, userId, sold);
}

/**
 * Records the stock a refund returned (issue 21): one `add` transaction per product with the
 * order's id, in the refunding transaction (which already put the units back, products/stock.ts
 * returnStock), so the product's history says where the units came from.
 */
export async function recordOrderReturns(
  tx: DbOrTx,
  organizationId: string,
  orderId: string,
  userId: string | null,
  returned: { product_id: string; count: number }[],
): Promise<void> {
  await recordOrderTransactions(tx, 'add', organizationId, orderId, userId, returned);
}

/** One `type` transaction per product with the order's id: what an order took or a refund returned. */
async function recordOrderTransactions(
  tx: DbOrTx,
  type: 'add' | 'remove',
  organizationId: string,
  orderId: string,
  userId: string | null,
  levels: { product_id: string; count: number }[],
): Promise<void> {
  if (levels.length === 0) return;
  await tx.execute(sql`
      insert into inventory_transactions (product_id, organization_id, count, inventory_transaction_type, order_id,
                                          created_by_user_id)
      select v.product_id, ${organizationId}::uuid, v.count, ${type}, ${orderId}::uuid, ${userId}::uuid
        from json_to_recordset(${JSON.stringify(levels)}::json) as v(product_id uuid, count int)`);
}
