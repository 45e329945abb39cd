/**
 * Inventory transactions: the only way stock changes. The row and the new count are written
 * in one transaction; the count is updated in place (`inventory_count + n`) under the row lock,
 * so concurrent transactions all apply. An Idempotency-Key makes a retried request a no-op:
 * the key is claimed first through the (organization_id, idempotency_key) unique index, so two
 * requests with one key apply once even when they arrive together.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { InventoryTransaction, InventoryTransactionBody } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { inventoryTransactions, products } from '../../db/schema.js';
import { conflict, HttpError, notFound } from '../../lib/errors.js';
import { organizationAccess } from '../products/service.js';

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export async function recordInventoryTransaction(
  ctx: AppContext,
  userId: string,
  body: InventoryTransactionBody,
  idempotencyKey: string | undefined,
): Promise<InventoryTransaction> {
  const productId = body.product.id;
  const [product] = await ctx.db
    .select({ organizationId: products.organizationId, deletedAt: products.deletedAt })
    .from(products)
    .where(eq(products.id, productId));
  if (!product || (await organizationAccess(ctx.db, userId, product.organizationId)) !== 'member')
    throw notFound('Product');
  if (product.deletedAt) {
    throw conflict('This product was removed from the catalogue; its stock can no longer change.', 'product_deleted');
  }
  const orgId = product.organizationId;
  const type = body.inventory_transaction_type;

  // An error thrown inside the transaction rolls it back (the claimed key too).
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(inventoryTransactions)
      .values({
        productId,
        organizationId: orgId,
        count: body.count,
        inventoryTransactionType: type,
        createdByUserId: userId,
        idempotencyKey: idempotencyKey ?? null,
      })
      .onConflictDoNothing({ target: [inventoryTransactions.organizationId, inventoryTransactions.idempotencyKey] })
      .returning({ id: inventoryTransactions.id, createdAt: inventoryTransactions.createdAt });

    if (!claimed) {
      // The key was used before: answer as the first time, without applying again.
      const [previous] = await tx
        .select()
        .from(inventoryTransactions)
        .where(
          and(
            eq(inventoryTransactions.organizationId, orgId),
            eq(inventoryTransactions.idempotencyKey, idempotencyKey!),
          ),
        );
      if (
        !previous ||
        previous.productId !== productId ||
        previous.count !== body.count ||
        previous.inventoryTransactionType !== type
      ) {
        throw conflict(
          'This Idempotency-Key was already used for a different inventory transaction.',
          'idempotency_key_reused',
        );
      }
      const [current] = await tx
        .select({ n: products.inventoryCount })
        .from(products)
        .where(eq(products.id, productId));
      return {
        id: previous.id,
        count: previous.count,
        inventory_transaction_type: previous.inventoryTransactionType,
        product: { id: productId, inventory_count: current?.n ?? 0 },
        created_at: iso(previous.createdAt),
        replayed: true,
      };
    }

    const next =
      type === 'set'
        ? sql`${body.count}::int`
        : type === 'remove'
          ? sql`${products.inventoryCount} - ${body.count}::int`
          : sql`${products.inventoryCount} + ${body.count}::int`;
    const [updated] = await tx
      .update(products)
      .set({ inventoryCount: next, updatedAt: sql`now()` })
      .where(and(eq(products.id, productId), sql`${products.deletedAt} is null`, sql`${next} >= 0`))
      .returning({ n: products.inventoryCount });
    if (!updated) {
      const [current] = await tx
        .select({ n: products.inventoryCount, deletedAt: products.deletedAt })
        .from(products)
        .where(eq(products.id, productId));
      if (!current || current.deletedAt) {
        throw conflict(
          'This product was removed from the catalogue; its stock can no longer change.',
          'product_deleted',
        );
      }
      throw new HttpError(
        409,
        'insufficient_inventory',
        `count: only ${current.n} in stock; stock cannot go below zero.`,
        [{ path: 'count', message: `only ${current.n} in stock` }],
      );
    }
    return {
      id: claimed.id,
      count: body.count,
      inventory_transaction_type: type,
      product: { id: productId, inventory_count: updated.n },
      created_at: iso(claimed.createdAt),
      replayed: false,
    };
  });
}
