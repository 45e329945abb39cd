/**
 * Orders: the cart's draft order, what shipping needs of an order, and who may act on one.
 * Other modules read orders in their own queries through the fragments of sql.ts.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { purchasingRelationshipsSql } from '../../auth/access.js';
import type { OrderShippingAddress } from '@cratebase/contract';
import { shippingAddressJsonSql } from '../addresses/sql.js';
import { cartOpenSql } from './sql.js';

// ─── The cart's draft order ──────────────────────────────────────────────────────────
/**
 * Writes the draft order of a new cart (DECISIONS "The money path": created with the cart, not
 * net 30 until the buyer chooses otherwise). Run it in the transaction that creates the cart,
 * so nobody ever reads a cart without its order. A cart that has its order already keeps it.
 */
export async function createDraftOrder(
  tx: DbOrTx,
  cart: { cartId: string; sellingOrganizationId: string; purchasingOrganizationId: string },
): Promise<void> {
  await tx.execute(sql`
    insert into orders (cart_id, selling_organization_id, purchasing_organization_id, is_net_30, status)
    values (${cart.cartId}, ${cart.sellingOrganizationId}, ${cart.purchasingOrganizationId}, false, 'draft')
    on conflict (cart_id) do nothing`);
}

// ─── Shipping ────────────────────────────────────────────────────────────────────────
/** What the shipping module needs of an order to quote it and to set its rate. */
export type OrderForShipping = {
  id: string;
  cart_id: string;
  status: string;
  /** The order's cart is still open (the order was not submitted). */
  cart_open: boolean;
  /** A View as Buyer cart's order (seller = purchaser): it never checks out. */
  preview: boolean;
  selling_organization_id: string;
  purchasing_organization_id: string;
  shipping_address_id: string | null;
  /** The chosen shipping rate's id at its provider (null until one is chosen). */
  provider_rate_id: string | null;
  /** Contract OrderShippingAddress of shipping_address_id (null without one). */
  shipping_address: OrderShippingAddress | null;
};

/** The order's facts for shipping estimates, or undefined for an unknown id. */
export async function orderForShipping(db: DbOrTx, orderId: string): Promise<OrderForShipping | undefined> {
  const result = await db.execute<OrderForShipping>(sql`
    select o.id, o.cart_id, o.status, ${cartOpenSql('o')} as cart_open,
           o.selling_organization_id = o.purchasing_organization_id as preview,
           o.selling_organization_id, o.purchasing_organization_id, o.shipping_address_id, o.provider_rate_id,
           ${shippingAddressJsonSql(sql`o.shipping_address_id`)} as shipping_address
      from orders o
     where o.id = ${orderId}`);
  return result.rows[0];
}

// ─── Access ──────────────────────────────────────────────────────────────────────────
/**
 * The purchasing organization of the order, for access policies — while it still buys from the
 * order's seller (or is the seller: View as Buyer), as for its cart. Empty when there is none.
 */
export async function orderPurchaser(db: DbOrTx, orderId: string): Promise<string[]> {
  const order = await orderPairAndAccess(db, orderId);
  return order?.allowed ? [order.purchaserId] : [];
}

/**
 * An order's seller and purchasing organization (they never change: callers may keep them) and
 * whether the purchaser may act on it now (its own order, or it still buys from the seller), in
 * one statement; null for an unknown id.
 */
export async function orderPairAndAccess(
  db: DbOrTx,
  orderId: string,
): Promise<{ sellerId: string; purchaserId: string; allowed: boolean } | null> {
  const result = await db.execute<{ seller_id: string; purchaser_id: string; allowed: boolean }>(sql`
    select o.selling_organization_id as seller_id, o.purchasing_organization_id as purchaser_id,
           (o.purchasing_organization_id = o.selling_organization_id
            or exists (select 1 from ${purchasingRelationshipsSql()} pr
                        where pr.seller_organization_id = o.selling_organization_id
                          and pr.purchaser_organization_id = o.purchasing_organization_id)) as allowed
      from orders o
     where o.id = ${orderId}`);
  const row = result.rows[0];
  return row ? { sellerId: row.seller_id, purchaserId: row.purchaser_id, allowed: row.allowed } : null;
}

/**
 * The organizations of an order, for access policies: its seller (whatever the order's state:
 * the handler says what a draft cannot do), or — once submitted — its seller and its buyer.
 * Empty for an unknown id. 'buyer': only its buyer, once submitted (issue 23's buyer commands).
 */
export async function orderParties(db: DbOrTx, orderId: string, who: 'seller' | 'both' | 'buyer'): Promise<string[]> {
  const result = await db.execute<{ seller: string; buyer: string; submitted: boolean }>(sql`
    select selling_organization_id as seller, purchasing_organization_id as buyer, status = 'submitted' as submitted
      from orders where id = ${orderId}`);
  const row = result.rows[0];
  if (!row) return [];
  if (who === 'seller') return [row.seller];
  if (who === 'buyer') return row.submitted ? [row.buyer] : [];
  return row.submitted ? [row.seller, row.buyer] : [];
}

/**
 * The index (0-based) of the first of `orderIds` that is not a placed order of the seller, or
 * null when all are (the bulk actions' access check: one statement, the orders' primary key).
 */
export async function firstOrderNotSoldBy(db: DbOrTx, sellerId: string, orderIds: readonly string[]): Promise<number | null> {
  const result = await db.execute<{ i: number }>(sql`
    select (t.i - 1)::int as i
      from unnest(${sql.param([...orderIds])}::uuid[]) with ordinality as t(id, i)
     where not exists (select 1 from orders o
                        where o.id = t.id and o.selling_organization_id = ${sellerId}::uuid and o.status = 'submitted')
     order by t.i
     limit 1`);
  return result.rows[0]?.i ?? null;
}
