/** Product and inventory rules shared by the server and the browser (zod-free). */
import { MONEY_LIMITS } from './money-rules.js';

export const PRODUCT_LIMITS = {
  name: 200,
  description: 10_000,
  sku: 100,
  tags: 50,
  tagLength: 60,
  photos: 24,
  /** A unit price, MSRP or price break: at most $9,999,999.99 (money-rules.ts). */
  priceCents: MONEY_LIMITS.amountCents,
  quantity: 1_000_000,
  inventory: 1_000_000_000,
  measure: 1_000_000,
} as const;
export const DEFAULT_MINIMUM_ORDER_QUANTITY = 1;
/** The product states seeded on every database; a product without a state is a Draft. */
export const PRODUCT_STATE_NAMES = ['Draft', 'Live', 'Archived'] as const;
export const LIVE_STATE = 'Live';
export const DRAFT_STATE = 'Draft';
export const ORDER_UNIT_NAMES = ['Each', 'Case', 'Pack', 'Box', 'Dozen'] as const;
export const WEIGHT_UNIT_NAMES = ['lb', 'oz', 'kg', 'g'] as const;
export const DIMENSION_UNIT_NAMES = ['ft', 'in', 'cm', 'm'] as const;

/** UPC-A (12), EAN-13, EAN-8 or GTIN-14: digits only. */
export const UPC_PATTERN = /^\d{8,14}$/;

export const INVENTORY_TRANSACTION_TYPES = ['add', 'remove', 'set'] as const;
