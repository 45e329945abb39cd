import { useCallback, useState } from 'react';
import type { Product, ProductState, Unit } from '@cratebase/contract';
import { issuesByField } from '../../../lib/field-issues';
import {
  emptyProductForm,
  productFormProblems,
  productToForm,
  sameForm,
  volumeProblems,
  wholeNumberProblem,
  type ProductFormValues,
} from './form';
import {
  followOptions,
  restoreCombinations,
  VARIANT_PATH,
  variantProblems,
  withSavedIds,
  type OptionRow,
} from './variants-form';

/** Problems by form field, each shown under its field. */
export type ProductFieldIssues = Partial<Record<keyof ProductFormValues, string>>;

/** Sets one field of the form. */
export type SetProductField = <K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) => void;

/** What a section of the form edits: the values, the setter, and the problems to show. */
export interface ProductFieldsProps {
  values: ProductFormValues;
  set: SetProductField;
  issues: ProductFieldIssues;
}

/** The API's fields of the volume pricing section. */
const VOLUME_PATH = /^(minimum_order_quantity|order_increment|price_breaks)(\.|$)/;

/** Which form field a server issue (by its path) belongs to. */
const ISSUE_FIELDS: Array<[string, keyof ProductFormValues]> = [
  ['name', 'name'],
  ['description', 'description'],
  ['stock_keeping_unit', 'sku'],
  ['universal_product_code', 'upc'],
  ['order_unit', 'orderUnitId'],
  ['quantity_per_unit', 'quantityPerUnit'],
  ['state', 'stateId'],
  ['weight_unit', 'weightUnitId'],
  ['weight', 'weight'],
  ['unit_price_in_cents', 'wholesaleCents'],
  ['msrp_in_cents', 'retailCents'],
  ['media', 'photos'],
  ['ships_from', 'shipsFrom'],
  ['ships_until', 'shipsUntil'],
  ['order_by', 'orderBy'],
];

/** The form field of a server issue: the first of ISSUE_FIELDS its path names (volume pricing shows its own). */
function productFieldOfIssue(path: string): keyof ProductFormValues | undefined {
  if (VOLUME_PATH.test(path) || VARIANT_PATH.test(path)) return undefined;
  const segments = path.split('.');
  return ISSUE_FIELDS.find(([name]) => segments.includes(name))?.[1];
}

/** The volume pricing section's problems go by the whole field path ("price_breaks.0.min_quantity"). */
const volumeFieldOfIssue = (path: string) => (VOLUME_PATH.test(path) ? path : undefined);
/** So do the options and variants' ("variants.3.stock_keeping_unit"). */
const variantFieldOfIssue = (path: string) => (VARIANT_PATH.test(path) ? path : undefined);

export interface UseProductFormOptions {
  /** The product as loaded; undefined for a new one. */
  product: Product | undefined;
  states: ProductState[];
  weightUnits: Unit[];
  /** The last save's error: its field issues show under their fields. */
  saveError: unknown;
}

/**
 * The product form's state: the values as typed, the values last saved (dirty = they differ),
 * and the problems shown under the fields — the server's, a count that is not a whole number
 * as it is typed, the volume pricing rules as typed, and the rest once Save was tried.
 */
export function useProductForm({ product, states, weightUnits, saveError }: UseProductFormOptions) {
  const [saved, setSaved] = useState<ProductFormValues>(() =>
    product ? productToForm(product) : emptyProductForm(states, weightUnits),
  );
  const [values, setValues] = useState<ProductFormValues>(saved);
  const [showProblems, setShowProblems] = useState(false);

  const dirty = !sameForm(values, saved);
  const nameEmpty = values.name.trim() === '';
  const problems = productFormProblems(values);
  // Shown as typed: the rules of price breaks are easier to meet seeing them.
  const volumeIssues: Partial<Record<string, string>> = {
    ...issuesByField(saveError, volumeFieldOfIssue),
    ...volumeProblems(values),
  };
  // Duplicates show as typed; a missing option name or value once Save was tried.
  const variantIssues: Partial<Record<string, string>> = {
    ...issuesByField(saveError, variantFieldOfIssue),
    ...variantProblems(values.options, values.variants, values.trackInventory, showProblems),
  };
  // A count that is not a whole number is flagged as it is typed (and kept as typed).
  const typingProblems = { quantityPerUnit: wholeNumberProblem(values.quantityPerUnit) };
  const issues: ProductFieldIssues = {
    ...issuesByField(saveError, productFieldOfIssue),
    ...(typingProblems.quantityPerUnit ? typingProblems : {}),
    ...(showProblems ? problems : {}),
  };

  const set = useCallback<SetProductField>((field, value) => {
    setValues((v) => ({ ...v, [field]: value }));
  }, []);
  const change = useCallback((next: Partial<ProductFormValues>) => setValues((v) => ({ ...v, ...next })), []);
  /** New options: the grid follows (rows kept by their values, new combinations at the default price). */
  const setOptions = useCallback(
    (options: OptionRow[]) =>
      setValues((v) => ({ ...v, options, variants: followOptions(v.options, options, v.variants, v.wholesaleCents) })),
    [],
  );
  const restoreVariants = useCallback(
    () => setValues((v) => ({ ...v, variants: restoreCombinations(v.options, v.variants, v.wholesaleCents) })),
    [],
  );

  // Recording stock turns tracking on (server side): follow it unless the user changed the switch.
  const serverTracks = product?.track_inventory;
  const [trackedAsLoaded, setTrackedAsLoaded] = useState(serverTracks);
  if (serverTracks !== undefined && serverTracks !== trackedAsLoaded) {
    setTrackedAsLoaded(serverTracks);
    if (values.trackInventory === saved.trackInventory) setValues({ ...values, trackInventory: serverTracks });
    setSaved({ ...saved, trackInventory: serverTracks });
  }

  /** Whether the values can be sent; when not, their problems show from now on. */
  function check(): boolean {
    const variantsBlocked =
      Object.keys(variantProblems(values.options, values.variants, values.trackInventory, true)).length > 0;
    if (Object.keys(problems).length > 0 || Object.keys(volumeProblems(values)).length > 0 || variantsBlocked) {
      setShowProblems(true);
      return false;
    }
    return true;
  }

  return {
    values,
    saved,
    dirty,
    nameEmpty,
    issues,
    volumeIssues,
    variantIssues,
    set,
    change,
    setOptions,
    restoreVariants,
    check,
    /**
     * What was sent is now the saved state (edits made while saving stay unsaved); new variant
     * rows take the ids of the save's answer, in the saved state and as typed.
     */
    markSaved: useCallback((submitted: ProductFormValues, result?: Product) => {
      if (!result) return setSaved(submitted);
      setSaved({ ...submitted, variants: withSavedIds(submitted.variants, result) });
      setValues((v) => ({ ...v, variants: withSavedIds(v.variants, result) }));
    }, []),
    /** A variant's stock recorded outside the form (the inventory dialog): saved and shown. */
    setVariantStock: useCallback((variantId: string, count: number) => {
      const update = (v: ProductFormValues) => ({
        ...v,
        variants: v.variants.map((row) => (row.id === variantId ? { ...row, stock: String(count) } : row)),
      });
      setSaved(update);
      setValues(update);
    }, []),
  };
}
