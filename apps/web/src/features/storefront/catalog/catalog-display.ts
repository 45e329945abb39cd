/** How the storefront shows a product: labels, stock, image sources, measurements. */
import {
  CART_LIMITS,
  LIVE_STATE,
  QUANTITY_CHOICES_MAX,
  firstOrderQuantity,
  type Product,
  type QuantityRules,
} from '@cratebase/contract';
import { ApiError } from '../../../lib/api';
import { formatCents } from '../../../lib/format';

/** Spec section 9: the product image is 464 px square on desktop, thumbnails scroll by 108 px. */
export const PRODUCT_IMAGE_SIZE = 464;
export const THUMBNAIL_SCROLL_STEP = 108;

/** The server says the thing is not there for this user (absent, hidden or forbidden). */
export function isNotAvailableError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.status === 404);
}

/**
 * Whether a loaded product may be shown on this store's page: Live, of this seller and not
 * deleted. The server already hides the others from purchasers; a seller previewing its own
 * store (View as Buyer) can read its Drafts, which a buyer would never see.
 */
export function isForSaleIn(product: Product, sellerOrgId: string): boolean {
  return product.organization.id === sellerOrgId && product.state?.state === LIVE_STATE && !product.deleted_at;
}

/** The order-unit chip: "Case of 12", "Each", "Dozen"; null without an order unit. */
export function orderUnitLabel(unit: string | null | undefined, quantityPerUnit: number | null | undefined): string | null {
  if (!unit) return null;
  if (unit === 'Each' || unit === 'Dozen' || !quantityPerUnit || quantityPerUnit <= 1) return unit;
  return `${unit} of ${quantityPerUnit}`;
}

/** "In stock: N" / "Out of stock" for a tracked product; null when the seller does not track it. */
export function stockLabel(trackInventory: boolean, inventoryCount: number | null | undefined): string | null {
  if (!trackInventory) return null;
  const left = Math.max(0, inventoryCount ?? 0);
  return left > 0 ? `In stock: ${left}` : 'Out of stock';
}

/** A tracked product with nothing left: it cannot be added. */
export function isOutOfStock(trackInventory: boolean, inventoryCount: number | null | undefined): boolean {
  return trackInventory && (inventoryCount ?? 0) <= 0;
}

/**
 * The most of a product the storefront offers to put in the cart: the spec's 0–79 choices —
 * 79 orderable quantities from the first one, in steps of the order increment when the seller
 * sells in multiples (volume-rules.ts) —, and never more than is left of a tracked product.
 */
export function maxOrderable(
  trackInventory: boolean,
  inventoryCount: number | null | undefined,
  rules?: QuantityRules,
): number {
  const cap = rules
    ? Math.min(
        CART_LIMITS.lineQuantity,
        firstOrderQuantity(rules) + (QUANTITY_CHOICES_MAX - 1) * Math.max(1, rules.order_increment),
      )
    : QUANTITY_CHOICES_MAX;
  return trackInventory ? Math.max(0, Math.min(cap, inventoryCount ?? 0)) : cap;
}

/** A product's photos in display order (the gallery's and the tile's order). */
export function orderedPhotos(product: Pick<Product, 'media'>) {
  return [...product.media].sort((a, b) => a.display_order - b.display_order).map((entry) => entry.media);
}

/** "12.5 lb"; null when the weight is not set. */
export function weightText(measurements: Product['product_physical_measurements']): string | null {
  if (measurements.weight === null || measurements.weight === undefined) return null;
  return [formatMeasure(measurements.weight), measurements.weight_unit?.unit].filter(Boolean).join(' ');
}

/** "12 × 8 × 4 in" (length × width × height); null unless all three are set. */
export function packageText(measurements: Product['product_physical_measurements']): string | null {
  const { length, width, height } = measurements;
  if (length === null || width === null || height === null) return null;
  const size = [length, width, height].map(formatMeasure).join(' × ');
  return measurements.dimension_unit?.unit ? `${size} ${measurements.dimension_unit.unit}` : size;
}

/** Up to three decimals, without trailing zeros: 12 → "12", 12.5 → "12.5". */
function formatMeasure(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/**
 * The catalogue's compact minimums notice (issue 27 §3), the same minimums the Terms tab and the
 * cart apply: the first-order ones until this buyer's first order with the seller, the reorder
 * ones after. "First-order minimum" + "6 items · $100.00"; "No order minimum" when there is none.
 */
export function minimumsSummary(terms: { min_items: number; min_cents: number; is_returning: boolean }): {
  label: string;
  text: string | null;
} {
  const parts = [
    terms.min_items > 0 ? `${terms.min_items} ${terms.min_items === 1 ? 'item' : 'items'}` : null,
    terms.min_cents > 0 ? formatCents(terms.min_cents) : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return { label: 'No order minimum', text: null };
  return { label: terms.is_returning ? 'Reorder minimum' : 'First-order minimum', text: parts.join(' · ') };
}
