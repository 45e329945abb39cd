import { z } from 'zod';
import { ORDER_STATES } from './order-lifecycle-rules.js';
import { Uuid, ListQuery } from './common.js';
import { TEAM_ROLES } from './team-rules.js';

/**
 * A member of a customer's organization, as its seller sees them (issue 27): who to call or write
 * about an order. `name` is null for an older account that never gave one (show the e-mail).
 */
export const CustomerPerson = z.object({
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(TEAM_ROLES),
});
export type CustomerPerson = z.infer<typeof CustomerPerson>;

/** GET /api/order/organization/{org_id}/purchasers: one row per purchasing organization. */
export const Customer = z.object({
  organization: z.object({ id: Uuid, name: z.string() }),
  /** completed_on of the newest completed order (ISO 8601), null before the first order. */
  last_order: z.string().nullable(),
  /** Number of completed orders. */
  count: z.number().int(),
  /** When the organization became a purchaser (accepted an invite). */
  customer_since: z.string(),
  /** What its completed orders came to (their totals), and what the seller refunded of them (issue 21). */
  total_cents: z.number().int().optional(),
  refunded_cents: z.number().int().optional(),
  /** What was cancelled of them after they were placed (issue 23; refunded, or taken off the invoice). */
  cancelled_cents: z.number().int().optional(),
  /** The one-customer read (GET …/purchasers/{id}) only: its people, owners first, then by joining. */
  people: z.array(CustomerPerson).optional(),
});
export type Customer = z.infer<typeof Customer>;
export const CustomerList = z.array(Customer);

export const InvoiceRef = z.object({
  link: z.string(),
  /** OPEN, PAID or VOID */
  stripe_status: z.string(),
  /** The invoice's id (order lists: the buyer pays an OPEN one with it) and, on net terms, its due day. */
  id: Uuid.optional(),
  due_on: z.string().nullable().optional(),
});

/**
 * One completed order of a customer, newest first (spec: id, completed_on, cart.total_cents,
 * invoice.link). Its money means what it means on every order (docs/decisions/007):
 * `subtotal_cents` the goods, `shipping_cost_in_cents` the shipping, `total_cents` what the buyer
 * pays; `cart.total_cents` is the cart's goods (= subtotal_cents).
 */
export const CustomerOrder = z.object({
  id: Uuid,
  /** CB-000001: the number the order goes by everywhere (orders.ts OrderNumber). */
  order_number: z.string().nullable(),
  completed_on: z.string().nullable(),
  subtotal_cents: z.number().int(),
  shipping_cost_in_cents: z.number().int(),
  total_cents: z.number().int(),
  cart: z.object({ total_cents: z.number().int() }),
  invoice: InvoiceRef.nullable(),
  /** What the seller refunded of the order (issue 21; 0 when none). */
  refunded_cents: z.number().int().optional(),
  /** The order's state after checkout and what was cancelled of it (issue 23). */
  state: z.enum(ORDER_STATES).optional(),
  cancelled_cents: z.number().int().optional(),
});
export type CustomerOrder = z.infer<typeof CustomerOrder>;
export const CustomerOrderList = z.array(CustomerOrder);

/** GET /api/order/organization/{org_id}/purchasing_organization/{id} */
export const CustomerOrdersParams = z.strictObject({ org_id: Uuid, id: Uuid });

/** Orders have no text to search: paging only. */
export const PageQuery = ListQuery.omit({ q: true });
export type PageQuery = z.infer<typeof PageQuery>;
