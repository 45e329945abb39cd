import { z } from 'zod';
import { Uuid } from './common.js';

/**
 * GET /api/organization/{org_id}/dashboard — the seller's landing view (issue 13 item 6).
 *
 * The period is the last 12 weeks: weeks run Monday to Sunday in UTC, the last one is the
 * current (unfinished) week. An order counts in the week and on the day it was completed
 * (placed). Sales are what the orders' lines came to (the subtotal, before shipping), so the
 * top products' sales add up to the period's sales. Refunds of goods count on the day they were
 * made; net sales are sales minus them (issue 21).
 */
export const DashboardWeek = z.object({
  /** The Monday that starts the week (YYYY-MM-DD, UTC). */
  week_start: z.string(),
  order_count: z.number().int(),
  sales_in_cents: z.number().int(),
  /**
   * What the seller refunded in the week of the goods (refunds count on the day they were made;
   * refunded shipping is not part of sales, so not of this either).
   */
  refunded_in_cents: z.number().int(),
  /** Net sales: sales_in_cents minus refunded_in_cents. */
  net_sales_in_cents: z.number().int(),
});
export type DashboardWeek = z.infer<typeof DashboardWeek>;

/** One variant of a top product (issue 24): what it sold in the period. */
export const DashboardProductVariant = z.object({
  /** The variant's row id (what the order lines named). */
  id: Uuid,
  /** Its option values joined, "M / Black". */
  title: z.string(),
  units: z.number().int(),
  sales_in_cents: z.number().int(),
});
export type DashboardProductVariant = z.infer<typeof DashboardProductVariant>;

/**
 * A top product. Order lines name variants; the dashboard ranks products (a variant counts
 * toward its product, named by the product's name), and breaks a product with options down by
 * variant.
 */
export const DashboardProduct = z.object({
  product: z.object({ id: Uuid, name: z.string() }),
  /** Units sold in the period (all its variants together). */
  units: z.number().int(),
  sales_in_cents: z.number().int(),
  /**
   * Its best-selling variants in the period (up to DASHBOARD_TOP_VARIANTS, by sales, then units;
   * ties by id); empty for a product without options.
   */
  variants: z.array(DashboardProductVariant),
  /** How many of its variants sold in the period (may be more than `variants` lists); 0 without options. */
  variants_sold: z.number().int(),
});
export type DashboardProduct = z.infer<typeof DashboardProduct>;

export const DashboardCustomer = z.object({
  organization: z.object({ id: Uuid, name: z.string() }),
  /** Orders placed in the period. */
  orders: z.number().int(),
  sales_in_cents: z.number().int(),
});
export type DashboardCustomer = z.infer<typeof DashboardCustomer>;

export const Dashboard = z.object({
  /** Exactly 12 weeks, oldest first, the current week last; a week without orders has zeros. */
  weeks: z.array(DashboardWeek),
  /** The 12 weeks together. average_order_value_in_cents is sales / orders rounded to the cent (0 without orders). */
  totals: z.object({
    orders: z.number().int(),
    sales_in_cents: z.number().int(),
    average_order_value_in_cents: z.number().int(),
    /** Goods refunded in the 12 weeks, and sales minus them (net sales). */
    refunded_in_cents: z.number().int(),
    net_sales_in_cents: z.number().int(),
  }),
  /** Up to 5 products by sales in the period (then units; ties by id). */
  top_products: z.array(DashboardProduct),
  /** Up to 5 purchasing organizations by sales in the period (then orders; ties by id). */
  top_customers: z.array(DashboardCustomer),
  /**
   * Reorder rate: of the customers who placed an order in the period (`customers`), the share
   * who have placed at least two orders with this seller in all (`returning_customers`) —
   * that is, who had ordered before the period or ordered twice within it. A number from 0 to 1
   * (4 decimals); null when nobody ordered in the period.
   */
  reorder_rate: z.number().nullable(),
  customers: z.number().int(),
  returning_customers: z.number().int(),
  /** Invoices of this seller's orders whose payment status is OPEN, whenever they were issued. */
  open_invoices: z.object({ count: z.number().int(), amount_in_cents: z.number().int() }),
  /** Whether the seller has ever had an order (the screen's empty state when false). */
  has_orders: z.boolean(),
});
export type Dashboard = z.infer<typeof Dashboard>;

/** Weeks on the dashboard. */
export const DASHBOARD_WEEKS = 12;
/** Entries in each top list. */
export const DASHBOARD_TOP = 5;
/** Variants listed under each top product. */
export const DASHBOARD_TOP_VARIANTS = 4;
