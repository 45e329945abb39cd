/**
 * How the storefront shows a product's variants (issue 24): the tile's price and options line,
 * the product page's option buttons (which values can be picked with the ones chosen), the chosen
 * variant's rules and its cart line. Pure; the order grid's arithmetic is in variant-matrix.ts.
 */
import {
  combinationKey,
  type PriceBreak,
  type PriceRange,
  type Product,
  type ProductOption,
  type ProductVariant,
  type QuantityRules,
} from '@cratebase/contract';
import { formatCents } from '../../../lib/format';
import type { CartLineProduct } from '../cart/cart-store';
import { isOutOfStock, orderedPhotos } from './catalog-display';

/** "$12.00", or "from $12.00" when the variants' prices differ; null without a price. */
export function priceRangeLabel(range: PriceRange | null | undefined): string | null {
  if (!range) return null;
  return range.min === range.max ? formatCents(range.min) : `from ${formatCents(range.min)}`;
}

/** "colour" → "colours", "box" → "boxes", "battery" → "batteries". */
function plural(word: string): string {
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/** The values a tile lists by name when a product has one option with this few. */
const FEW_VALUES = 4;

/**
 * The options a tile names in one compact line: the values when a single option has a few
 * ("Fig · Oud · Cedar"), otherwise how many of each ("5 sizes · 3 colours"). Null without options.
 */
export function optionsSummary(options: readonly ProductOption[]): string | null {
  if (options.length === 0) return null;
  if (options.length === 1 && options[0]!.values.length <= FEW_VALUES) return options[0]!.values.join(' · ');
  return options
    .map((o) => {
      const name = o.name.trim().toLowerCase();
      return `${o.values.length} ${o.values.length === 1 ? name : plural(name)}`;
    })
    .join(' · ');
}

/** A product with options is ordered by its variants (the product itself is refused: choose_variant). */
export const hasOptions = (product: { options: readonly ProductOption[] }) => product.options.length > 0;

/** The variant with exactly these values (one per option), or undefined. */
export function findVariant(product: Pick<Product, 'variants'>, values: readonly string[]): ProductVariant | undefined {
  const key = combinationKey(values);
  return product.variants.find((v) => combinationKey(v.option_values) === key);
}

/** A variant the buyer can order now: the seller sells it and, when tracked, some is left. */
export function isOrderable(variant: ProductVariant | undefined): variant is ProductVariant {
  return Boolean(variant && variant.available && !isOutOfStock(variant.track_inventory, variant.inventory_count));
}

/** What an option value's button says with the other choices made. */
export type ValueState = 'orderable' | 'out_of_stock' | 'unavailable';

/**
 * Whether `value` of option `index` leads to a variant that can be ordered, given the values
 * chosen for the other options (an option not chosen yet matches any value): "unavailable" when
 * no such variant exists or the seller does not sell any of them, "out_of_stock" when they are
 * all sold out.
 */
export function valueState(
  product: Pick<Product, 'variants'>,
  chosen: readonly (string | null)[],
  index: number,
  value: string,
): ValueState {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const matching = product.variants.filter(
    (v) =>
      v.available &&
      same(v.option_values[index] ?? '', value) &&
      chosen.every((c, i) => i === index || c === null || same(v.option_values[i] ?? '', c)),
  );
  if (matching.length === 0) return 'unavailable';
  return matching.some(isOrderable) ? 'orderable' : 'out_of_stock';
}

/** What a variant is ordered by: the product's minimum, the variant's increment and price breaks. */
export interface VariantRules extends QuantityRules {
  unit_price_in_cents: number | null;
  price_breaks: PriceBreak[];
}

export function variantRules(product: Pick<Product, 'minimum_order_quantity'>, variant: ProductVariant): VariantRules {
  return {
    minimum_order_quantity: product.minimum_order_quantity,
    order_increment: variant.order_increment,
    unit_price_in_cents: variant.unit_price_in_cents,
    price_breaks: variant.price_breaks,
  };
}

/** The photo a variant shows (its own when the seller picked one), else the product's first. */
export function variantPhoto(product: Pick<Product, 'media'>, variant: ProductVariant | undefined) {
  const photos = orderedPhotos(product);
  return (variant?.media_id && photos.find((p) => p.id === variant.media_id)) || photos[0];
}

/** The cart line of a variant as the optimistic cart shows it ("Tee — M / Black"). */
export function variantLine(product: Product, variant: ProductVariant): CartLineProduct {
  const photo = variantPhoto(product, variant);
  return {
    id: variant.id,
    name: variant.title ? `${product.name} — ${variant.title}` : product.name,
    parent_product_id: variant.title ? product.id : null,
    variant_title: variant.title || null,
    unit_price_in_cents: variant.unit_price_in_cents,
    msrp_in_cents: variant.msrp_in_cents,
    // Variants are sold in their product's order unit.
    order_unit: product.order_unit?.unit ?? null,
    quantity_per_unit: product.quantity_per_unit,
    image_url: photo ? (photo.variants?.['200'] ?? photo.cloudinary_url) : null,
    minimum_order_quantity: product.minimum_order_quantity,
    order_increment: variant.order_increment,
    price_breaks: variant.price_breaks,
  };
}

/**
 * A line's name split for display: "Tee — M / Black" with variant title "M / Black" gives
 * { product: "Tee", variant: "M / Black" }; a name without the title stays whole.
 */
export function splitLineName(name: string, variantTitle: string | null | undefined): { product: string; variant: string | null } {
  if (!variantTitle) return { product: name, variant: null };
  const suffix = ` — ${variantTitle}`;
  return { product: name.endsWith(suffix) ? name.slice(0, -suffix.length) : name, variant: variantTitle };
}

/** "Choose a size", "Choose a size and a colour": what is still to pick. */
export function chooseLabel(options: readonly ProductOption[], chosen: readonly (string | null)[]): string {
  const missing = options
    .filter((_, i) => chosen[i] == null)
    .map((o) => o.name.trim().toLowerCase())
    .map((name) => `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`);
  if (missing.length === 0) return 'Choose options';
  return `Choose ${missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`}`;
}
