import { DRAFT_STATE, type Product, type ProductInput, type ProductState, type Unit } from '@cratebase/contract';
import type { PhotoItem } from '../../../components/PhotoList';

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
  };
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
  return {
    ...formFields(values),
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
  return {
    id: productId,
    organization: { id: orgId },
    ...changedEntries(formFields(values), formFields(saved)),
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
  return problems;
}
