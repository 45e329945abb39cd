/**
 * Inventory sync by SKU (issue 26): a seller's warehouse, 3PL or web shop sets the stock of up
 * to INVENTORY_SYNC_MAX_ITEMS variants in one request, naming each by its SKU, and gets one
 * answer per line in the order sent. docs/inventory-sync.md tells the rules.
 *
 *   POST /api/organization/{org_id}/inventory/sync   (optional Idempotency-Key header)
 */
import { z } from 'zod';
import { Uuid, singleLineText } from './common.js';
import { PRODUCT_LIMITS } from './product-rules.js';

/** Lines in one sync request, at most. */
export const INVENTORY_SYNC_MAX_ITEMS = 5_000;

/**
 * What happened to a line:
 *  - updated: the stock is now `inventory_count` (it was another count, or its tracking was off
 *    and is now on);
 *  - unchanged: the stock already was `inventory_count` and tracked: nothing was written;
 *  - not_found: no product or variant of the organization has this SKU (SKUs match exactly,
 *    case included; removed products and variants have none);
 *  - duplicate: the SKU is on more than one line of the request: none of them was applied
 *    (`inventory_count` is the stock as it is; null for an unknown SKU or a product with variants);
 *  - not_tracked: the variant's "Track inventory" is off and the request said
 *    `skip_untracked`: nothing was written (`inventory_count` is the stock as it is);
 *  - has_variants: the SKU is a product's that has variants: its stock is kept per variant,
 *    send the variants' SKUs; nothing was written.
 */
export const INVENTORY_SYNC_STATUSES = [
  'updated',
  'unchanged',
  'not_found',
  'duplicate',
  'not_tracked',
  'has_variants',
] as const;
export type InventorySyncStatus = (typeof INVENTORY_SYNC_STATUSES)[number];

export const InventorySyncItemInput = z.strictObject({
  sku: singleLineText({ message: 'must be text: the SKU of a product or variant' })
    .min(1, 'must not be empty')
    .max(PRODUCT_LIMITS.sku, `must be at most ${PRODUCT_LIMITS.sku} characters`)
    .describe(
      'The SKU of a product without variants or of a variant, exactly as saved (case counts; surrounding spaces are ignored)',
    ),
  inventory_count: z
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(PRODUCT_LIMITS.inventory, `must be at most ${PRODUCT_LIMITS.inventory}`)
    .describe('The stock to set: units on hand'),
});
export type InventorySyncItemInput = z.infer<typeof InventorySyncItemInput>;

export const InventorySyncBody = z.strictObject({
  items: z
    .array(InventorySyncItemInput, { message: 'must be a list of { sku, inventory_count }' })
    .min(1, 'must name at least one SKU')
    .max(INVENTORY_SYNC_MAX_ITEMS, `must have at most ${INVENTORY_SYNC_MAX_ITEMS} lines`),
  skip_untracked: z
    .boolean({ message: 'must be true or false' })
    .optional()
    .describe(
      'false (default): a line for a variant whose "Track inventory" is off sets its stock and turns tracking on, as an ' +
        'inventory transaction does. true: such lines answer not_tracked and change nothing.',
    ),
});
export type InventorySyncBody = z.infer<typeof InventorySyncBody>;

export const InventorySyncLine = z.object({
  sku: z.string(),
  status: z.enum(INVENTORY_SYNC_STATUSES),
  inventory_count: z
    .number()
    .int()
    .nullable()
    .describe('The stock after the request (null when the SKU was not found or is a product with variants)'),
  product_id: Uuid.nullable().describe('The product: the variant’s product, or the product without variants itself'),
  variant_id: Uuid.nullable().describe('The variant, or null for a product without variants'),
});
export type InventorySyncLine = z.infer<typeof InventorySyncLine>;

export const InventorySyncTotals = z.object({
  lines: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  not_found: z.number().int(),
  duplicate: z.number().int(),
  not_tracked: z.number().int(),
  has_variants: z.number().int(),
});
export type InventorySyncTotals = z.infer<typeof InventorySyncTotals>;

export const InventorySyncResult = z.object({
  items: z.array(InventorySyncLine).describe('One answer per line, in the order sent'),
  totals: InventorySyncTotals,
  replayed: z.boolean().describe('true when this is the answer to an earlier request with the same Idempotency-Key'),
});
export type InventorySyncResult = z.infer<typeof InventorySyncResult>;
