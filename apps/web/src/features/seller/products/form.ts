import {
  DRAFT_STATE,
  preorderWindowIssues,
  volumeRuleIssues,
  type PriceBreak,
  type Product,
  type ProductInput,
  type ProductState,
  type Unit,
} from '@cratebase/contract';
import type { PhotoItem } from '../../../components/PhotoList';
import {
  optionsInput,
  optionsToForm,
  variantsInput,
  variantsToForm,
  type OptionRow,
  type VariantRow,
} from './variants-form';

/** The product form as typed (selects hold lookup ids as strings, '' for none). */
export interface ProductFormValues {
  name: string;
  description: string;
  sku: string;
  upc: string;
  orderUnitId: string;
  quantityPerUnit: string;
  stateId: string;
  weight: string;
  weightUnitId: string;
  wholesaleCents: number | null;
  retailCents: number | null;
  photos: PhotoItem[];
  /** Stock limits what retailers can order only when tracked. */
  trackInventory: boolean;
  /** Volume pricing: the minimum order and "sold in multiples of", as typed. */
  minimumQuantity: string;
  orderIncrement: string;
  /** Price breaks as typed: "From quantity" and the unit price from there on. */
  priceBreaks: PriceBreakRow[];
  /** Options (Size, Colour) and their values; [] for a product sold as itself. */
  options: OptionRow[];
  /** The variant grid: one row per combination sold ([] without options). */
  variants: VariantRow[];
  /** Issue 25: sold as a pre-order — ships within [shipsFrom, shipsUntil], orderable through orderBy (YYYY-MM-DD). */
  preorder: boolean;
  shipsFrom: string;
  shipsUntil: string;
  orderBy: string;
}

export interface PriceBreakRow {
  quantity: string;
  cents: number | null;
}

/** The photo URL shown in the form: the 600 px variant when the server made one. */
export function photoUrl(media: Product['media'][number]['media']): string {
  return media.variants?.['600'] ?? media.cloudinary_url;
}

export function productPhotos(product: Pick<Product, 'media'>): PhotoItem[] {
  return [...product.media]
    .sort((a, b) => a.display_order - b.display_order)
    .map((m) => ({ id: m.media.id, url: photoUrl(m.media) }));
}

const idText = (value: { id: number } | null | undefined) => (value ? String(value.id) : '');

/** A new product: Draft, weighed in lb. */
export function emptyProductForm(
  states: ProductState[] | undefined,
  weightUnits: Unit[] | undefined,
): ProductFormValues {
  return {
    name: '',
    description: '',
    sku: '',
    upc: '',
    orderUnitId: '',
    quantityPerUnit: '',
    stateId: idText(states?.find((s) => s.state === DRAFT_STATE)),
    weight: '',
    weightUnitId: idText(weightUnits?.find((u) => u.unit === 'lb')),
    wholesaleCents: null,
    retailCents: null,
    photos: [],
    trackInventory: false,
    minimumQuantity: '1',
    orderIncrement: '1',
    priceBreaks: [],
    options: [],
    variants: [],
    preorder: false,
    shipsFrom: '',
    shipsUntil: '',
    orderBy: '',
  };
}

export function productToForm(product: Product): ProductFormValues {
  const m = product.product_physical_measurements;
  return {
    name: product.name,
    description: product.description ?? '',
    sku: product.stock_keeping_unit ?? '',
    upc: product.universal_product_code ?? '',
    orderUnitId: idText(product.order_unit),
    quantityPerUnit: product.quantity_per_unit === null ? '' : String(product.quantity_per_unit),
    stateId: idText(product.state),
    weight: m.weight === null ? '' : String(m.weight),
    weightUnitId: idText(m.weight_unit),
    wholesaleCents: product.unit_price_in_cents,
    retailCents: product.msrp_in_cents,
    photos: productPhotos(product),
    trackInventory: product.track_inventory,
    minimumQuantity: String(product.minimum_order_quantity),
    orderIncrement: String(product.order_increment),
    priceBreaks: product.price_breaks.map((b) => ({ quantity: String(b.min_quantity), cents: b.unit_price_in_cents })),
    options: optionsToForm(product),
    variants: variantsToForm(product),
    preorder: Boolean(product.preorder),
    shipsFrom: product.preorder?.ships_from ?? '',
    shipsUntil: product.preorder?.ships_until ?? '',
    orderBy: product.preorder?.order_by ?? '',
  };
}

/** A count as typed: its number, or `fallback` when empty. */
const countOr = (text: string, fallback: number) => (text.trim() ? Number(text.trim()) : fallback);

/** The price breaks as PUT /api/product takes them (rows left blank are not sent). */
export function formPriceBreaks(values: Pick<ProductFormValues, 'priceBreaks'>): PriceBreak[] {
  return values.priceBreaks
    .filter((row) => row.quantity.trim() !== '' || row.cents !== null)
    .map((row) => ({ min_quantity: countOr(row.quantity, 0), unit_price_in_cents: row.cents ?? 0 }));
}

const idOrNull = (text: string) => (text ? { id: Number(text) } : null);

/** The product fields the form edits, as PUT /api/product names them. */
function formFields(values: ProductFormValues) {
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    order_unit: idOrNull(values.orderUnitId),
    quantity_per_unit: values.quantityPerUnit.trim() ? Number(values.quantityPerUnit) : null,
    state: idOrNull(values.stateId),
    unit_price_in_cents: values.wholesaleCents,
    msrp_in_cents: values.retailCents,
    stock_keeping_unit: values.sku.trim() || null,
    universal_product_code: values.upc.trim() || null,
    media: values.photos.map((photo, index) => ({ display_order: index, media: { id: photo.id } })),
    track_inventory: values.trackInventory,
    minimum_order_quantity: countOr(values.minimumQuantity, 1),
    order_increment: countOr(values.orderIncrement, 1),
    price_breaks: formPriceBreaks(values),
    preorder: values.preorder
      ? { ships_from: values.shipsFrom, ships_until: values.shipsUntil, order_by: values.orderBy }
      : null,
    ...variantFields(values),
  };
}

/** The options and variants as PUT /api/product takes them: both or neither (the grid is what the seller sees). */
function variantFields(values: ProductFormValues) {
  return {
    options: optionsInput(values.options),
    variants: values.options.length > 0 ? variantsInput(values.variants, values.trackInventory) : null,
  };
}

/** The measurements the form edits (the package dimensions are not on the form). */
function formMeasurements(values: ProductFormValues) {
  return {
    weight: values.weight ? Number(values.weight) : null,
    weight_unit: idOrNull(values.weightUnitId),
  };
}

/** The body of PUT /api/product that creates a product: every field of the form. */
export function newProductInput(values: ProductFormValues, orgId: string): ProductInput {
  const { options, variants, ...fields } = formFields(values);
  return {
    ...fields,
    ...(options.length > 0 ? { options, variants } : {}),
    organization: { id: orgId },
    product_physical_measurements: formMeasurements(values),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The entries of `next` whose value differs from the one in `before`. */
function changedEntries<T extends Record<string, unknown>>(next: T, before: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(next) as Array<keyof T>) {
    if (!same(next[key], before[key])) out[key] = next[key];
  }
  return out;
}

/**
 * The body of PUT /api/product that updates `productId`: the id, the organization (the access
 * check reads it) and only the fields the user changed since `saved` (the form as loaded or
 * last saved). The server keeps every field left out, so what someone else changed meanwhile
 * (another field, the tags, the package dimensions) is not overwritten with an old copy.
 */
export function productChanges(
  values: ProductFormValues,
  saved: ProductFormValues,
  productId: string,
  orgId: string,
): ProductInput {
  const measurements = changedEntries(formMeasurements(values), formMeasurements(saved));
  const fields = changedEntries(formFields(values), formFields(saved));
  // Options without variants would make every combination again (also the rows removed): send both.
  const variants = 'options' in fields || 'variants' in fields ? variantFields(values) : {};
  return {
    id: productId,
    organization: { id: orgId },
    ...fields,
    ...variants,
    ...(Object.keys(measurements).length > 0 ? { product_physical_measurements: measurements } : {}),
  };
}

/** True when the two forms would save the same product. */
export function sameForm(a: ProductFormValues, b: ProductFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The field error of a count typed with anything but digits ("1.5", "2 cases"). */
export const WHOLE_NUMBER_PROBLEM = 'Enter a whole number';

/** WHOLE_NUMBER_PROBLEM for text that is not empty and not a whole number; the text is never changed. */
export function wholeNumberProblem(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed && !/^\d+$/.test(trimmed) ? WHOLE_NUMBER_PROBLEM : undefined;
}

/** Problems the browser can see before saving (the server checks everything again). */
export function productFormProblems(values: ProductFormValues): Partial<Record<keyof ProductFormValues, string>> {
  const problems: Partial<Record<keyof ProductFormValues, string>> = {};
  if (values.upc.trim() && !/^\d{8,14}$/.test(values.upc.trim()))
    problems.upc = 'Must be 8 to 14 digits (UPC, EAN or GTIN)';
  const quantityProblem = wholeNumberProblem(values.quantityPerUnit);
  if (quantityProblem) problems.quantityPerUnit = quantityProblem;
  else if (values.quantityPerUnit.trim() && !(Number(values.quantityPerUnit) >= 1))
    problems.quantityPerUnit = 'Must be at least 1';
  if (values.weight && !values.weightUnitId) problems.weightUnitId = 'Choose a unit for the weight';
  Object.assign(problems, preorderProblems(values));
  return problems;
}

/**
 * The pre-order section's problems (issue 25): each day required while it is on, then the
 * contract's rules (ships until on or after ships from, order by on or before ships until).
 */
export function preorderProblems(
  values: Pick<ProductFormValues, 'preorder' | 'shipsFrom' | 'shipsUntil' | 'orderBy'>,
): Partial<Record<'shipsFrom' | 'shipsUntil' | 'orderBy', string>> {
  if (!values.preorder) return {};
  const problems: Partial<Record<'shipsFrom' | 'shipsUntil' | 'orderBy', string>> = {};
  if (!values.shipsFrom) problems.shipsFrom = 'Enter the first ship day';
  if (!values.shipsUntil) problems.shipsUntil = 'Enter the last ship day';
  if (!values.orderBy) problems.orderBy = 'Enter the last day to order';
  if (Object.keys(problems).length > 0) return problems;
  const field = { 'preorder.ships_until': 'shipsUntil', 'preorder.order_by': 'orderBy' } as const;
  for (const issue of preorderWindowIssues({
    ships_from: values.shipsFrom,
    ships_until: values.shipsUntil,
    order_by: values.orderBy,
  })) {
    const key = field[issue.path as keyof typeof field];
    problems[key] = issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
  }
  return problems;
}

/**
 * The volume pricing section's problems, by the API's field paths (`order_increment`,
 * `price_breaks.1.unit_price_in_cents`): counts typed as something else than a whole number,
 * a break row half filled, then the rules the server applies (contract volume-rules.ts).
 */
export function volumeProblems(values: ProductFormValues): Record<string, string> {
  const problems: Record<string, string> = {};
  const typed: Array<[string, string]> = [
    ['minimum_order_quantity', values.minimumQuantity],
    ['order_increment', values.orderIncrement],
    ...values.priceBreaks.map((row, i): [string, string] => [`price_breaks.${i}.min_quantity`, row.quantity]),
  ];
  for (const [path, text] of typed) {
    const problem = wholeNumberProblem(text);
    if (problem) problems[path] = problem;
    else if (text.trim() && Number(text) < 1) problems[path] = 'Must be at least 1';
  }
  values.priceBreaks.forEach((row, i) => {
    if (row.quantity.trim() === '' && row.cents !== null)
      problems[`price_breaks.${i}.min_quantity`] ??= 'Enter a quantity';
    if (row.quantity.trim() !== '' && row.cents === null)
      problems[`price_breaks.${i}.unit_price_in_cents`] = 'Enter a price';
  });
  if (Object.keys(problems).length > 0) return problems;
  const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  // Blank rows are not sent: the rules number the rows sent, the form its own rows.
  const sentRows = values.priceBreaks.flatMap((row, i) =>
    row.quantity.trim() === '' && row.cents === null ? [] : [i],
  );
  for (const issue of volumeRuleIssues({
    unit_price_in_cents: values.wholesaleCents,
    minimum_order_quantity: countOr(values.minimumQuantity, 1),
    order_increment: countOr(values.orderIncrement, 1),
    price_breaks: formPriceBreaks(values),
  })) {
    const path = issue.path.replace(/^price_breaks\.(\d+)\./, (_, n: string) => `price_breaks.${sentRows[Number(n)]}.`);
    problems[path] ??= capitalized(issue.message);
  }
  return problems;
}
