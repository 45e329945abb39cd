/**
 * Submitting an order, as the orders module offers it to the checkout (which completes an
 * order in one transaction across carts, products, payments and mail): lock the order, record
 * what was paid, and read what the order e-mails say.
 */
import { sql } from 'drizzle-orm';
import type { OrderShippingAddress } from '@cratebase/contract';
import type { DbOrTx } from '../../db/client.js';
import { shippingAddressJsonSql } from '../addresses/sql.js';
import { organizationsSql } from '../organizations/sql.js';
import { cartShipWindowsSql } from '../carts/sql.js';

export type LockedOrder = {
  id: string;
  status: string;
  cart_id: string;
  selling_organization_id: string;
  purchasing_organization_id: string;
  /** A View as Buyer cart's order (seller = purchaser): it never checks out. */
  preview: boolean;
  completed_on: string | null;
  subtotal_cents: number | null;
  shipping_cost_in_cents: number | null;
  total_cents: number | null;
  /** The buyer's purchase order number (null when none was given). */
  po_number: string | null;
};

/**
 * The order, locked until the transaction ends (`for update`: completions of one order run one
 * after the other, and the second sees the first's result); undefined for an unknown id.
 */
export async function lockOrder(tx: DbOrTx, orderId: string): Promise<LockedOrder | undefined> {
  const result = await tx.execute<LockedOrder>(sql`
    select id, status, cart_id, selling_organization_id, purchasing_organization_id,
           selling_organization_id = purchasing_organization_id as preview,
           completed_on, subtotal_cents, shipping_cost_in_cents, total_cents, po_number
      from orders where id = ${orderId}
       for update`);
  return result.rows[0];
}

export interface Submission {
  subtotalCents: number;
  totalCents: number;
  shipping: {
    addressId: string;
    provider: string;
    rateId: string;
    carrier: string;
    serviceLevel: string;
    costCents: number;
  };
  userId: string | null;
}

/**
 * Records the submission on the (locked) order: what was paid, where it ships, and when; and the
 * pre-order ship windows its lines were sold under (issue 25: order_ship_windows, what the
 * workspace filters by) — call it after the cart's lines are captured (closeCartWithLines).
 */
export async function recordSubmission(tx: DbOrTx, orderId: string, s: Submission): Promise<{ completed_on: string }> {
  const result = await tx.execute<{ completed_on: string }>(sql`
    with done as (
    update orders
       set status = 'submitted', completed_on = now(), updated_at = now(),
           subtotal_cents = ${s.subtotalCents}, total_cents = ${s.totalCents},
           shipping_address_id = ${s.shipping.addressId}, shipping_cost_in_cents = ${s.shipping.costCents},
           shipping_rate_provider = ${s.shipping.provider}, provider_rate_id = ${s.shipping.rateId},
           shipping_carrier = ${s.shipping.carrier}, shipping_service_level = ${s.shipping.serviceLevel},
           created_by_user_id = coalesce(${s.userId}::uuid, created_by_user_id)
     where id = ${orderId}
    returning id, cart_id, selling_organization_id, completed_on
    ), windows as (
      insert into order_ship_windows (order_id, seller_organization_id, ships_from, ships_until, completed_on)
      select d.id, d.selling_organization_id, w.ships_from, w.ships_until, d.completed_on
        from done d cross join lateral ${cartShipWindowsSql(sql`d.cart_id`)} w
      on conflict do nothing
    )
    select completed_on from done`);
  return result.rows[0]!;
}

/** The (locked, draft) order is placed on net terms: pay by invoice within `netDays` (issue 13). */
export async function recordNetTerms(tx: DbOrTx, orderId: string, netDays: number): Promise<void> {
  await tx.execute(sql`update orders set is_net_30 = true, net_days = ${netDays} where id = ${orderId}`);
}

export type OrderParties = {
  seller_name: string;
  buyer_name: string;
  ship_to: OrderShippingAddress | null;
};

/** The names of the order's seller and buyer, and where it ships (for the order e-mails). */
export async function orderParties(db: DbOrTx, orderId: string): Promise<OrderParties | undefined> {
  const result = await db.execute<OrderParties>(sql`
    select s.name as seller_name, b.name as buyer_name, ${shippingAddressJsonSql(sql`o.shipping_address_id`)} as ship_to
      from orders o
      join ${organizationsSql()} s on s.id = o.selling_organization_id
      join ${organizationsSql()} b on b.id = o.purchasing_organization_id
     where o.id = ${orderId}`);
  return result.rows[0];
}

export type OrderState = {
  cart_id: string;
  selling_organization_id: string;
  purchasing_organization_id: string;
  status: string;
  completed_on: Date | string | null;
};

/** The order's seller, purchaser, status and completion time, unlocked (undefined for an unknown id). */
export async function orderState(db: DbOrTx, orderId: string): Promise<OrderState | undefined> {
  const result = await db.execute<OrderState>(sql`
    select cart_id, selling_organization_id, purchasing_organization_id, status, completed_on from orders where id = ${orderId}`);
  return result.rows[0];
}
