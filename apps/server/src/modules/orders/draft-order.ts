/**
 * The draft order's checkout choices (spec section 4 "Order flow"): where it ships (step 1),
 * its payment terms and the buyer's PO number (issue 13). Only a draft order of an open cart changes, and never a View as Buyer
 * preview's (it cannot check out). Each change is one statement that locks the order row,
 * checks and writes, so it cannot slip past a submission running at the same moment.
 */
import { sql, type SQL } from 'drizzle-orm';
import { NO_PAYMENT_TERMS_MESSAGE, PREVIEW_CHECKOUT_MESSAGE, type CartOrder, type OrderPaymentTerms } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { DomainError, fieldRefusal, notFound } from '../../lib/errors.js';
import { savedAddressOfSql } from '../addresses/sql.js';
import { paymentTermsDaysSql } from '../customers/sql.js';
import { cartOpenSql, orderJsonSql } from './sql.js';

type ChangeRow = {
  status: string;
  cart_open: boolean;
  preview: boolean;
  allowed: boolean;
  order_json: CartOrder | string | null;
};

/**
 * Why a checkout choice of the order is refused before anything else is looked at: it was
 * submitted (its cart closed), or it is a View as Buyer preview's. Null for a draft order of an
 * open cart. The shipping module refuses its estimates and rate choices with the same answers.
 */
export function draftOrderRefusal(order: { status: string; cart_open: boolean; preview: boolean }): DomainError | null {
  if (order.status !== 'draft' || !order.cart_open) {
    return fieldRefusal(
      'conflict',
      'order_submitted',
      'order_id',
      'this order was already submitted; open the store again to start a new order',
    );
  }
  if (order.preview) return fieldRefusal('conflict', 'preview', 'order_id', PREVIEW_CHECKOUT_MESSAGE);
  return null;
}

/**
 * Writes `set` on the order when it is a draft of an open cart, not a preview, and `allowed`
 * (a boolean over the order row `o`) holds; answers the order as the cart shows it.
 */
async function changeDraftOrder(
  ctx: AppContext,
  orderId: string,
  set: SQL,
  allowed: SQL,
  refused: () => DomainError,
): Promise<CartOrder> {
  const result = await ctx.db.execute<ChangeRow>(sql`
    with target as (
      select o.id, o.status, ${cartOpenSql('o')} as cart_open,
             o.selling_organization_id = o.purchasing_organization_id as preview,
             ${allowed} as allowed
        from orders o
       where o.id = ${orderId}
         for no key update of o
    ),
    written as (
      update orders o set ${set}, updated_at = now()
        from target t
       where o.id = t.id and t.status = 'draft' and t.cart_open and not t.preview and t.allowed
      returning ${orderJsonSql('o')} as order_json
    )
    select t.status, t.cart_open, t.preview, t.allowed, (select w.order_json from written w) as order_json
      from target t`);
  const row = result.rows[0];
  if (!row) throw notFound('Order');
  const notDraft = draftOrderRefusal(row);
  if (notDraft) throw notDraft;
  if (!row.allowed || row.order_json === null) throw refused();
  // jsonb arrives parsed from node-postgres; text only if a driver ever differs.
  return typeof row.order_json === 'string' ? (JSON.parse(row.order_json) as CartOrder) : row.order_json;
}

/** The order's chosen shipping rate: quoted for one destination, so it goes when the destination changes. */
const RATE_COLUMNS = [
  'shipping_cost_in_cents',
  'shipping_rate_provider',
  'provider_rate_id',
  'shipping_carrier',
  'shipping_service_level',
] as const;

/**
 * POST /api/order/{order_id}/shipping_address?address_id=: ships the order to one of its
 * purchasing organization's saved addresses (404 naming address_id for any other address).
 * Choosing another address drops the shipping rate chosen for the previous one.
 */
export async function setOrderShippingAddress(ctx: AppContext, orderId: string, addressId: string): Promise<CartOrder> {
  const address = sql`${addressId}::uuid`;
  const changed = sql`o.shipping_address_id is distinct from ${address}`;
  const dropRate = sql.join(
    RATE_COLUMNS.map((c) => sql`${sql.identifier(c)} = case when ${changed} then null else o.${sql.identifier(c)} end`),
    sql`, `,
  );
  return changeDraftOrder(
    ctx,
    orderId,
    sql`${dropRate}, shipping_address_id = ${address}`,
    savedAddressOfSql(address, sql`o.purchasing_organization_id`),
    () => fieldRefusal('not_found', 'not_found', 'address_id', 'your organization has no saved address with this id'),
  );
}

/**
 * POST /api/order/{order_id}/payment_terms (spec section 4 "Payment terms"): `is_net_30` true
 * means "pay by invoice on the terms the seller gave" (issue 13) — the seller's net days are
 * stored on the order; 409 no_payment_terms when the seller gave this customer none. False is
 * pay by card (due now).
 */
export async function setOrderPaymentTerms(ctx: AppContext, orderId: string, isNet30: boolean): Promise<CartOrder> {
  const terms = paymentTermsDaysSql(sql`o.selling_organization_id`, sql`o.purchasing_organization_id`);
  return isNet30
    ? changeDraftOrder(ctx, orderId, sql`is_net_30 = true, net_days = ${terms}`, sql`${terms} > 0`, () =>
        new DomainError('conflict', 'no_payment_terms', NO_PAYMENT_TERMS_MESSAGE, [
          { path: 'is_net_30', message: NO_PAYMENT_TERMS_MESSAGE },
        ]),
      )
    : changeDraftOrder(ctx, orderId, sql`is_net_30 = false, net_days = null`, sql`true`, () => notFound('Order'));
}

/** GET /api/order/{order_id}/payment_terms: the net days the buyer may use for the order (0: card only), and its choice. */
export async function orderPaymentTerms(ctx: AppContext, orderId: string): Promise<OrderPaymentTerms> {
  const result = await ctx.db.execute<OrderPaymentTerms>(sql`
    select ${paymentTermsDaysSql(sql`o.selling_organization_id`, sql`o.purchasing_organization_id`)}::int as net_days,
           coalesce(o.is_net_30, false) as is_net_30
      from orders o where o.id = ${orderId}`);
  const row = result.rows[0];
  if (!row) throw notFound('Order');
  return row;
}

/**
 * POST /api/order/{order_id}/po_number: the buyer's purchase order number (null clears it).
 * Frozen once the order is submitted, as every checkout choice is.
 */
export async function setOrderPoNumber(ctx: AppContext, orderId: string, poNumber: string | null): Promise<CartOrder> {
  return changeDraftOrder(ctx, orderId, sql`po_number = ${poNumber}`, sql`true`, () => notFound('Order'));
}

/** A shipping rate the shipping module has checked against the order's current quote. */
export interface ChosenShippingRate {
  /** The shipping provider that quoted it (builtin, shippo). */
  provider: string;
  rateId: string;
  carrier: string;
  serviceLevel: string;
  costCents: number;
}

/**
 * POST /api/shipping/order/{order_id}/rate and …/rate-type: stores the chosen rate on the draft
 * order — only while the order still ships to `quotedForAddressId`, the address the rate was
 * quoted for (a racing change of address wins, and `stale` is thrown).
 */
export async function setOrderShippingRate(
  ctx: AppContext,
  orderId: string,
  rate: ChosenShippingRate,
  quotedForAddressId: string,
  stale: () => DomainError,
): Promise<CartOrder> {
  return changeDraftOrder(
    ctx,
    orderId,
    sql`shipping_cost_in_cents = ${rate.costCents}, shipping_rate_provider = ${rate.provider},
        provider_rate_id = ${rate.rateId}, shipping_carrier = ${rate.carrier},
        shipping_service_level = ${rate.serviceLevel}`,
    sql`o.shipping_address_id is not distinct from ${quotedForAddressId}::uuid`,
    stale,
  );
}
