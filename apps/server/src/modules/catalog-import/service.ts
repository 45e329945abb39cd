/**
 * Catalogue import (preview and commit) and export.
 *
 * Matching: a row with a SKU updates the organization's product with that SKU, or creates one.
 * A row without a SKU updates the only product with that name (case-insensitive) that has no
 * SKU either, or creates one; several such products → the row is refused. So importing the
 * same file twice, or an export, never duplicates products.
 *
 * Commit: one transaction, all or nothing. Imports of one organization take turns (advisory
 * lock); the products being updated are locked (FOR UPDATE) while their current status and
 * stock are read, so an empty status/inventory cell keeps the value even while inventory
 * transactions arrive. The rows are written in batches of INSERT ... SELECT FROM
 * json_to_recordset(...) ON CONFLICT (organization_id, stock_keeping_unit) WHERE deleted_at IS
 * NULL AND stock_keeping_unit IS NOT NULL DO UPDATE (the partial unique index), skipping rows
 * whose values did not change; SKU-less matches are one UPDATE ... FROM json_to_recordset.
 * Every changed stock level is recorded as a `set` inventory transaction, and turns the product's
 * "Track inventory" on unless the row's track_inventory cell says otherwise (trackInventory).
 * The seller's catalogue version row is locked first (products/catalog-version.ts).
 *
 * Variants (issue 24; README "Variants in the CSV"): rows with the same handle and option
 * values are the variants of one product. The product is the one that has a variant with one of
 * the rows' SKUs, else the only product (not a variant) without a SKU with the first row's name,
 * else a new one. A row's variant is the product's variant with its SKU, else with its values,
 * else a new one; variants not in the file stay. The products' rows are written first (cells of
 * the first row, options), then the variants in batches (products/catalog.ts writeVariants), then
 * the products' shared fields are copied onto all their variants (syncVariantsWithProducts), as
 * the product save does. A SKU that belongs to a variant never matches a row without a handle and
 * option values, nor a product with options: such rows are refused with a row error.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import {
  CATALOG_MAX_LISTED_ERRORS,
  CATALOG_PREVIEW_SAMPLE,
  VARIANT_LIMITS,
  combinationKey,
  variantTitle,
  volumeRuleIssues,
  type OptionSpec,
  type PriceBreak,
  type VolumeIssue,
  type CatalogImportPreview,
  type CatalogImportResult,
  type CatalogParsedRow,
  type CatalogRowError,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { DomainError } from '../../lib/errors.js';
import { getLookups, type Lookups } from '../products/lookups.js';
import {
  catalogExportPage,
  catalogExportVariants,
  productsById,
  productsBySku,
  productsWithoutSkuByName,
  releaseVariantKeys,
  replacePriceBreaks,
  syncVariantsWithProducts,
  updateProductsById,
  updateProductsWithOptions,
  upsertProductsBySku,
  variantsOfProducts,
  writeVariants,
  type CatalogExportRow,
  type ExistingParent,
  type ExistingProduct,
  type ExistingVariantRow,
  type VariantWrite,
} from '../products/catalog.js';
import { lockCatalogVersion } from '../products/catalog-version.js';
import { recordStockLevels } from '../inventory/service.js';
import { organizationName } from '../organizations/service.js';
import { CSV_BOM, csvHeaderLine, csvLine, exportHandle, parseCatalogCsv, type CatalogRow } from './csv.js';
import { recordCatalogImportWebhooks } from '../products/webhook-events.js';

const BATCH = 5000;

interface Existing {
  id: string;
  stateId: number | null;
  inventory: number;
  track: boolean;
  minimum: number;
  increment: number;
  breaks: PriceBreak[];
  hasOptions: boolean;
}

/** A variant row of the file and the variant it writes. */
interface VariantPlan {
  row: CatalogRow;
  /** The existing variant's id, or the new one's. */
  id: string;
  existing: ExistingVariantRow | null;
  /** In the options' spelling. */
  values: string[];
  position: number;
  ownRules: boolean;
  increment: number;
  breaks: PriceBreak[];
}

/** The rows of one handle: a product with options. */
interface GroupPlan {
  first: CatalogRow;
  /** The existing product's id, or the new one's. */
  id: string;
  existing: ExistingParent | null;
  options: OptionSpec[];
  /** A new product's own order increment and price breaks (the first row's); its variants share them. */
  increment: number;
  breaks: PriceBreak[];
  variants: VariantPlan[];
}

interface Plan {
  /** Rows to insert or upsert by SKU, with the id a new product gets. */
  upserts: { row: CatalogRow; id: string; existing: Existing | null }[];
  /** SKU-less rows matched by name. */
  nameUpdates: { row: CatalogRow; existing: Existing }[];
  /** Products with options (rows grouped by handle). */
  groups: GroupPlan[];
  errors: CatalogRowError[];
}

async function planImport(db: DbOrTx, organizationId: string, rows: CatalogRow[], lock: boolean): Promise<Plan> {
  const standalone = rows.filter((r) => r.optionValues.length === 0);
  const groupRows = new Map<number, CatalogRow[]>();
  for (const r of rows) {
    if (r.optionValues.length === 0) continue;
    const list = groupRows.get(r.productRow) ?? [];
    list.push(r);
    groupRows.set(r.productRow, list);
  }
  const skus = rows.filter((r) => r.sku).map((r) => r.sku!);
  const names = [
    ...standalone.filter((r) => !r.sku).map((r) => r.name.toLowerCase()),
    ...[...groupRows.values()].map((g) => g[0]!.name.toLowerCase()),
  ];
  // Driven from the file's keys: one index lookup per key (products_org_sku_key,
  // products_org_name_no_sku_idx) whatever the table statistics say. A semi-join or `= any()`
  // filter could be planned as a scan of the whole catalogue per key right after a big import.
  const [bySku, byName] = await Promise.all([
    productsBySku(db, organizationId, skus, lock),
    productsWithoutSkuByName(db, organizationId, names, lock),
  ]);
  const existing = (r: ExistingProduct): Existing => ({
    id: r.id,
    stateId: r.state_id,
    inventory: r.inventory_count,
    track: r.track_inventory,
    minimum: r.minimum_order_quantity,
    increment: r.order_increment,
    breaks: r.price_breaks,
    hasOptions: r.has_options,
  });
  const skuMap = new Map(bySku.rows.map((r) => [r.sku, r]));
  const nameMap = new Map<string, Existing[]>();
  for (const r of byName.rows) {
    const list = nameMap.get(r.lname) ?? [];
    list.push(existing(r));
    nameMap.set(r.lname, list);
  }
  const plan: Plan = { upserts: [], nameUpdates: [], groups: [], errors: [] };
  const rowError = (row: CatalogRow, field: string, message: string) =>
    plan.errors.push({ row: row.row, field, message });
  /** Existing product id → the file row that updates it (two rows may not update one product). */
  const claimed = new Map<string, number>();
  const claim = (row: CatalogRow, id: string) => {
    const other = claimed.get(id);
    if (other !== undefined && other !== row.productRow) {
      rowError(row, 'row', `updates the same product as row ${other}`);
      return false;
    }
    claimed.set(id, row.productRow);
    return true;
  };

  for (const row of standalone) {
    if (row.sku) {
      const hit = skuMap.get(row.sku);
      if (hit?.parent_id) {
        rowError(
          row,
          'sku',
          `"${row.sku}" is the SKU of a variant: give the row the handle and option values of its product`,
        );
        continue;
      }
      if (hit?.has_options) {
        rowError(
          row,
          'sku',
          `"${row.sku}" is the SKU of a product with options: its rows need a handle and option values`,
        );
        continue;
      }
      const match = hit ? existing(hit) : null;
      if (match && !claim(row, match.id)) continue;
      if (volumeErrors(row, match, plan.errors)) continue;
      plan.upserts.push({ row, id: randomUUID(), existing: match });
      continue;
    }
    const matches = nameMap.get(row.name.toLowerCase()) ?? [];
    if (matches.length > 1) {
      rowError(
        row,
        'sku',
        `is empty and ${matches.length} products named "${row.name}" have no SKU; add the SKU to update one of them`,
      );
    } else if (matches.length === 1) {
      const match = matches[0]!;
      if (match.hasOptions) {
        rowError(
          row,
          'name',
          `"${row.name}" is a product with options: give the row its handle and option values (an export shows them)`,
        );
      } else if (claim(row, match.id) && !volumeErrors(row, match, plan.errors)) {
        plan.nameUpdates.push({ row, existing: match });
      }
    } else if (!volumeErrors(row, null, plan.errors)) {
      plan.upserts.push({ row, id: randomUUID(), existing: null });
    }
  }

  // ── Products with options: which product, then which variants ──
  const groupParent = new Map<number, string | null>();
  for (const [productRow, grows] of groupRows) {
    const first = grows[0]!;
    let parentId: string | null = null;
    let parentRow = 0;
    let refused = false;
    for (const r of grows) {
      const hit = r.sku ? skuMap.get(r.sku) : undefined;
      if (!hit) continue;
      if (!hit.parent_id) {
        refused = true;
        rowError(
          r,
          'sku',
          hit.has_options
            ? `"${r.sku}" is the SKU of a product with options itself; a variant needs a SKU of its own`
            : `"${r.sku}" is the SKU of another product (without options); a variant needs a SKU no other product has`,
        );
      } else if (parentId === null) {
        parentId = hit.parent_id;
        parentRow = r.row;
      } else if (hit.parent_id !== parentId) {
        refused = true;
        rowError(r, 'sku', `"${r.sku}" is the SKU of a variant of another product than the SKU on row ${parentRow}`);
      }
    }
    if (refused) continue;
    if (parentId === null) {
      const matches = nameMap.get(first.name.toLowerCase()) ?? [];
      if (matches.length > 1) {
        rowError(
          first,
          'name',
          `${matches.length} products named "${first.name}" have no SKU; give the rows the SKUs of the variants of the one to update`,
        );
        continue;
      }
      parentId = matches[0]?.id ?? null;
    }
    if (parentId && !claim(first, parentId)) continue;
    groupParent.set(productRow, parentId);
  }
  const parentIds = [...new Set([...groupParent.values()].filter((id): id is string => id !== null))];
  const [parents, variants] = await Promise.all([
    productsById(db, organizationId, parentIds, lock),
    variantsOfProducts(db, organizationId, parentIds, lock),
  ]);
  const parentById = new Map(parents.rows.map((p) => [p.id, p]));
  const variantsByParent = new Map<string, ExistingVariantRow[]>();
  for (const v of variants.rows) {
    const list = variantsByParent.get(v.parent_id) ?? [];
    list.push(v);
    variantsByParent.set(v.parent_id, list);
  }

  for (const [productRow, parentId] of groupParent) {
    const group = planGroup(groupRows.get(productRow)!, parentId, parentById, variantsByParent, skuMap, plan.errors);
    if (group) plan.groups.push(group);
  }
  return plan;
}

/** The product with options that one handle's rows write, or null (with row errors) when they cannot. */
function planGroup(
  grows: CatalogRow[],
  parentId: string | null,
  parentById: Map<string, ExistingParent>,
  variantsByParent: Map<string, ExistingVariantRow[]>,
  skuMap: Map<string, ExistingProduct & { sku: string }>,
  errors: CatalogRowError[],
): GroupPlan | null {
  const first = grows[0]!;
  const rowError = (row: CatalogRow, field: string, message: string) => errors.push({ row: row.row, field, message });
  const parent = parentId ? (parentById.get(parentId) ?? null) : null;
  if (parentId && !parent) {
    rowError(first, 'handle', 'its product was removed meanwhile; import the file again');
    return null;
  }
  const existingVariants = parentId ? (variantsByParent.get(parentId) ?? []) : [];
  const names = first.optionNames;

  // The options: the product's (with the file's new values after its own), or the file's.
  let options: { name: string; values: string[] }[];
  if (parent?.options && parent.options.length > 0) {
    const own = parent.options;
    if (own.length !== names.length || names.some((n, i) => n.toLowerCase() !== own[i]!.name.toLowerCase())) {
      rowError(
        first,
        'option1_name',
        `the options of "${parent.name}" are ${own.map((o) => o.name).join(', ')}: name them so (change a product's options in the product form)`,
      );
      return null;
    }
    options = own.map((o) => ({ name: o.name, values: [...o.values] }));
  } else {
    options = names.map((name) => ({ name, values: [] }));
  }
  let ok = true;
  const canonical = grows.map((r) =>
    r.optionValues.map((v, i) => {
      const option = options[i]!;
      const found = option.values.find((x) => x.toLowerCase() === v.toLowerCase());
      if (found !== undefined) return found;
      if (option.values.length >= VARIANT_LIMITS.values) {
        ok = false;
        rowError(r, `option${i + 1}_value`, `"${option.name}" would have more than ${VARIANT_LIMITS.values} values`);
      }
      option.values.push(v);
      return v;
    }),
  );

  const minimum = parent?.minimum_order_quantity ?? 1;
  const increment = parent ? parent.order_increment : finalIncrement(first, null);
  const breaks = parent ? parent.price_breaks : finalBreaks(first, null);
  const byId = new Map(existingVariants.map((v) => [v.id, v]));
  const byKey = new Map(existingVariants.map((v) => [combinationKey(v.option_values), v]));
  const taken = new Map<string, number>();
  let position = existingVariants.reduce((n, v) => Math.max(n, v.variant_position + 1), 0);
  const planned: VariantPlan[] = [];
  grows.forEach((r, k) => {
    const values = canonical[k]!;
    const hit = r.sku ? skuMap.get(r.sku) : undefined;
    const bySku = hit ? byId.get(hit.id) : undefined;
    const byValues = byKey.get(combinationKey(values));
    if (bySku && byValues && bySku.id !== byValues.id) {
      ok = false;
      const other = byValues.stock_keeping_unit ? `has the SKU "${byValues.stock_keeping_unit}"` : 'has no SKU';
      rowError(r, 'option1_value', `${variantTitle(values)} is another variant of this product (it ${other})`);
      return;
    }
    const ev = bySku ?? byValues ?? null;
    if (ev) {
      const other = taken.get(ev.id);
      if (other !== undefined) {
        ok = false;
        rowError(r, 'row', `is the same variant as row ${other} (by its SKU or its option values)`);
        return;
      }
      taken.set(ev.id, r.row);
    }
    const rowIncrement = r.orderIncrement ?? ev?.order_increment ?? increment;
    const rowBreaks = r.priceBreaks ?? ev?.price_breaks ?? breaks;
    const issues = volumeRuleIssues({
      unit_price_in_cents: r.wholesaleCents,
      minimum_order_quantity: minimum,
      order_increment: rowIncrement,
      price_breaks: rowBreaks,
    });
    if (issues.length > 0) {
      ok = false;
      for (const issue of issues) errors.push(csvVolumeError(r, minimum, rowBreaks, issue));
      return;
    }
    planned.push({
      row: r,
      id: ev?.id ?? randomUUID(),
      existing: ev,
      values,
      position: ev ? ev.variant_position : position++,
      ownRules: (ev?.own_volume_rules ?? false) || rowIncrement !== increment || !sameBreaks(rowBreaks, breaks),
      increment: rowIncrement,
      breaks: rowBreaks,
    });
  });
  const total = existingVariants.length + planned.filter((v) => !v.existing).length;
  if (total > VARIANT_LIMITS.variants) {
    ok = false;
    rowError(
      first,
      'handle',
      `"${first.handle}" would have ${total.toLocaleString('en-US')} variants (${existingVariants.length.toLocaleString('en-US')} already); a product has at most ${VARIANT_LIMITS.variants.toLocaleString('en-US')}`,
    );
  }
  if (!ok) return null;
  return {
    first,
    id: parentId ?? randomUUID(),
    existing: parent,
    options,
    increment,
    breaks,
    variants: planned,
  };
}

/** The row's order increment and price breaks as the product will have them (a missing column keeps the product's). */
const finalIncrement = (row: CatalogRow, existing: Existing | null) => row.orderIncrement ?? existing?.increment ?? 1;
const finalBreaks = (row: CatalogRow, existing: Existing | null) => row.priceBreaks ?? existing?.breaks ?? [];

/** A volume rule problem (volume-rules.ts) in the words and columns of the CSV. */
function csvVolumeError(row: CatalogRow, minimum: number, breaks: PriceBreak[], issue: VolumeIssue): CatalogRowError {
  const m = /^price_breaks\.(\d+)\.(min_quantity|unit_price_in_cents)$/.exec(issue.path);
  if (m) {
    const b = breaks[Number(m[1])]!;
    const what = m[2] === 'min_quantity' ? 'its quantity' : 'its price';
    return { row: row.row, field: 'price_breaks', message: `${b.min_quantity}: ${what} ${issue.message}` };
  }
  if (issue.path === 'minimum_order_quantity') {
    return {
      row: row.row,
      field: 'order_increment',
      message: `must divide the product's minimum order (${minimum}); change the minimum in the product form first`,
    };
  }
  if (issue.path === 'unit_price_in_cents') return { row: row.row, field: 'wholesale_price', message: issue.message };
  return { row: row.row, field: 'price_breaks', message: issue.message };
}

/**
 * Adds the row's errors when its price, order increment and price breaks (given or kept) do not
 * fit together or with the product's minimum order; true when it did.
 */
function volumeErrors(row: CatalogRow, existing: Existing | null, errors: CatalogRowError[]): boolean {
  const minimum = existing?.minimum ?? 1;
  const breaks = finalBreaks(row, existing);
  const issues = volumeRuleIssues({
    unit_price_in_cents: row.wholesaleCents,
    minimum_order_quantity: minimum,
    order_increment: finalIncrement(row, existing),
    price_breaks: breaks,
  });
  for (const issue of issues) errors.push(csvVolumeError(row, minimum, breaks, issue));
  return issues.length > 0;
}

/** Whether two lists of price breaks are the same. */
const sameBreaks = (a: PriceBreak[], b: PriceBreak[]) =>
  a.length === b.length &&
  a.every((x, i) => x.min_quantity === b[i]!.min_quantity && x.unit_price_in_cents === b[i]!.unit_price_in_cents);

function toParsedRow(lk: Lookups, row: CatalogRow, action: 'create' | 'update'): CatalogParsedRow {
  return {
    row: row.row,
    action,
    name: row.name,
    description: row.description,
    sku: row.sku,
    upc: row.upc,
    order_unit: row.orderUnitId === null ? null : lk.orderUnitById.get(row.orderUnitId)!.unit,
    quantity_per_unit: row.quantityPerUnit,
    wholesale_price_in_cents: row.wholesaleCents,
    retail_price_in_cents: row.retailCents,
    weight: row.weight === null ? null : Number(row.weight),
    weight_unit: row.weightUnitId === null ? null : lk.weightUnitById.get(row.weightUnitId)!.unit,
    status: row.stateId === null ? null : lk.stateById.get(row.stateId)!.state,
    inventory: row.inventory,
    track_inventory: row.trackInventory,
    order_increment: row.orderIncrement,
    price_breaks: row.priceBreaks,
    handle: row.handle,
    option_values: row.optionValues,
  };
}

const byRow = (a: CatalogRowError, b: CatalogRowError) => a.row - b.row;

/**
 * "Track inventory" after the row: its track_inventory cell when given; otherwise on when the
 * row changes the stock (the seller is managing it), else as it was (off for a new product).
 * Re-importing an export changes no stock, so it leaves every product's setting alone.
 */
function trackInventory(row: CatalogRow, stockChanged: boolean, existing: Existing | null): boolean {
  return row.trackInventory ?? (stockChanged || (existing?.track ?? false));
}

export async function previewImport(
  ctx: AppContext,
  organizationId: string,
  file: Buffer,
): Promise<CatalogImportPreview> {
  const lk = await getLookups(ctx.db);
  const parsed = await parseCatalogCsv(file, lk);
  const plan = await planImport(ctx.db, organizationId, parsed.rows, false);
  const errors = [...parsed.errors, ...plan.errors].sort(byRow);
  const badRows = new Set(plan.errors.map((e) => e.row));
  const actions = new Map<number, 'create' | 'update'>();
  for (const u of plan.upserts) actions.set(u.row.row, u.existing ? 'update' : 'create');
  for (const u of plan.nameUpdates) actions.set(u.row.row, 'update');
  for (const g of plan.groups) for (const v of g.variants) actions.set(v.row.row, v.existing ? 'update' : 'create');
  const valid = parsed.rows.filter((r) => !badRows.has(r.row));
  return {
    rows: parsed.total,
    valid: valid.length,
    error_count: errors.length,
    errors: errors.slice(0, CATALOG_MAX_LISTED_ERRORS),
    sample: valid.slice(0, CATALOG_PREVIEW_SAMPLE).map((r) => toParsedRow(lk, r, actions.get(r.row) ?? 'create')),
    to_create: [...actions.values()].filter((a) => a === 'create').length,
    to_update: [...actions.values()].filter((a) => a === 'update').length,
    ignored_columns: parsed.ignoredColumns,
  };
}

/** A refused import: the row errors travel in the 400 body (routes.ts sends them). */
export class ImportRefusedError extends DomainError {
  constructor(
    public readonly rows: number,
    public readonly rowErrors: CatalogRowError[],
  ) {
    const first = rowErrors
      .slice(0, 3)
      .map((e) => `row ${e.row}: ${e.field} ${e.message}`)
      .join('; ');
    const rowsWithErrors = new Set(rowErrors.map((e) => e.row)).size;
    super(
      'invalid',
      'import_invalid',
      `${rowsWithErrors} row${rowsWithErrors === 1 ? ' has' : 's have'} errors; nothing was imported. ${first}${rowErrors.length > 3 ? '; …' : ''}`,
      rowErrors.slice(0, 20).map((e) => ({ path: `row ${e.row}.${e.field}`, message: e.message })),
    );
  }

  body() {
    return {
      error: this.code,
      message: this.message,
      issues: this.issues,
      rows: this.rows,
      error_count: this.rowErrors.length,
      errors: this.rowErrors.slice(0, CATALOG_MAX_LISTED_ERRORS),
    };
  }
}

export async function commitImport(
  ctx: AppContext,
  userId: string,
  organizationId: string,
  file: Buffer,
): Promise<CatalogImportResult> {
  const lk = await getLookups(ctx.db);
  const parsed = await parseCatalogCsv(file, lk);
  if (parsed.errors.length > 0) throw new ImportRefusedError(parsed.total, parsed.errors);
  if (parsed.rows.length === 0) {
    throw new DomainError('invalid', 'invalid_csv', 'file has no product rows below the header.', [
      { path: 'file', message: 'has no product rows' },
    ]);
  }

  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`catalog-import:${organizationId}`}, 0))`);
    // Before any product row is locked or written (products/catalog-version.ts).
    await lockCatalogVersion(tx, organizationId);
    const plan = await planImport(tx, organizationId, parsed.rows, true);
    if (plan.errors.length > 0) throw new ImportRefusedError(parsed.total, plan.errors.sort(byRow));

    let created = 0;
    const updatedIds = new Set<string>();
    const stock: { product_id: string; count: number }[] = [];
    // The rows whose price_breaks cell changes the product's breaks (written after the products).
    const breaks: { product_id: string; breaks: PriceBreak[] }[] = [];
    const breaksOf = (row: CatalogRow, productId: string, existing: Existing | null) => {
      if (row.priceBreaks !== null && !sameBreaks(row.priceBreaks, existing?.breaks ?? [])) {
        breaks.push({ product_id: productId, breaks: row.priceBreaks });
      }
    };

    for (let i = 0; i < plan.upserts.length; i += BATCH) {
      const batch = plan.upserts.slice(i, i + BATCH).map(({ row, id, existing }) => {
        const stateId = row.stateId ?? existing?.stateId ?? lk.draftStateId;
        const inventory = row.inventory ?? existing?.inventory ?? 0;
        const stockChanged = existing ? inventory !== existing.inventory : inventory > 0;
        if (stockChanged) stock.push({ product_id: existing?.id ?? id, count: inventory });
        breaksOf(row, existing?.id ?? id, existing);
        return {
          id,
          ord: row.row,
          name: row.name,
          description: row.description,
          sku: row.sku,
          upc: row.upc,
          order_unit_id: row.orderUnitId,
          quantity_per_unit: row.quantityPerUnit,
          unit_price_in_cents: row.wholesaleCents,
          msrp_in_cents: row.retailCents,
          weight: row.weight,
          weight_unit_id: row.weightUnitId,
          state_id: stateId,
          inventory_count: inventory,
          track_inventory: trackInventory(row, stockChanged, existing),
          order_increment: finalIncrement(row, existing),
        };
      });
      // New products get created_at just before now() in file order, so the newest-first list
      // shows them in the order of the file.
      const result = await upsertProductsBySku(tx, organizationId, batch);
      for (const r of result.rows) {
        if (r.inserted) created += 1;
        else updatedIds.add(r.id);
      }
    }

    for (let i = 0; i < plan.nameUpdates.length; i += BATCH) {
      const batch = plan.nameUpdates.slice(i, i + BATCH).map(({ row, existing }) => {
        const inventory = row.inventory ?? existing.inventory;
        const stockChanged = inventory !== existing.inventory;
        if (stockChanged) stock.push({ product_id: existing.id, count: inventory });
        breaksOf(row, existing.id, existing);
        return {
          id: existing.id,
          name: row.name,
          description: row.description,
          upc: row.upc,
          order_unit_id: row.orderUnitId,
          quantity_per_unit: row.quantityPerUnit,
          unit_price_in_cents: row.wholesaleCents,
          msrp_in_cents: row.retailCents,
          weight: row.weight,
          weight_unit_id: row.weightUnitId,
          state_id: row.stateId ?? existing.stateId,
          inventory_count: inventory,
          track_inventory: trackInventory(row, stockChanged, existing),
          order_increment: finalIncrement(row, existing),
        };
      });
      const result = await updateProductsById(tx, organizationId, batch);
      for (const r of result.rows) updatedIds.add(r.id);
    }

    // Products with options: their rows (new ones with their options; the cells and options of
    // existing ones where they changed), then their variants, then the products' shared fields
    // onto all their variants.
    const variantRows = plan.groups.flatMap((g) => g.variants.map((v) => ({ ...v, parentId: g.id })));
    const newParents = plan.groups.filter((g) => !g.existing);
    for (let i = 0; i < newParents.length; i += BATCH) {
      const batch = newParents.slice(i, i + BATCH).map((g) => {
        if (g.breaks.length > 0) breaks.push({ product_id: g.id, breaks: g.breaks });
        return {
          id: g.id,
          ord: g.first.row,
          name: g.first.name,
          description: g.first.description,
          sku: null,
          upc: null,
          order_unit_id: g.first.orderUnitId,
          quantity_per_unit: g.first.quantityPerUnit,
          unit_price_in_cents: g.first.wholesaleCents,
          msrp_in_cents: g.first.retailCents,
          weight: g.first.weight,
          weight_unit_id: g.first.weightUnitId,
          state_id: g.first.stateId ?? lk.draftStateId,
          inventory_count: 0,
          track_inventory: false,
          order_increment: g.increment,
          options: g.options,
        };
      });
      await upsertProductsBySku(tx, organizationId, batch);
    }
    const parentsChanged = new Set<string>();
    const existingGroups = plan.groups.filter((g) => g.existing);
    for (let i = 0; i < existingGroups.length; i += BATCH) {
      const batch = existingGroups.slice(i, i + BATCH).map((g) => ({
        id: g.id,
        name: g.first.name,
        description: g.first.description,
        order_unit_id: g.first.orderUnitId,
        quantity_per_unit: g.first.quantityPerUnit,
        weight_unit_id: g.first.weightUnitId,
        state_id: g.first.stateId ?? g.existing?.state_id ?? lk.draftStateId,
        options: g.options,
      }));
      const result = await updateProductsWithOptions(tx, organizationId, batch);
      for (const r of result.rows) parentsChanged.add(r.id);
    }
    // Variants that take another SKU or other values let go of theirs first (two may swap them).
    const releasing = variantRows
      .filter(
        (v) =>
          v.existing &&
          (v.existing.stock_keeping_unit !== v.row.sku ||
            v.existing.option_values.length !== v.values.length ||
            v.existing.option_values.some((x, i) => x !== v.values[i])),
      )
      .map((v) => v.id);
    for (let i = 0; i < releasing.length; i += BATCH) {
      await releaseVariantKeys(tx, organizationId, releasing.slice(i, i + BATCH));
    }
    const variantsWritten = new Set<string>();
    for (let i = 0; i < variantRows.length; i += BATCH) {
      const batch = variantRows.slice(i, i + BATCH).map((v): VariantWrite => {
        const e = v.existing;
        const before = e ? { inventory: e.inventory_count, track: e.track_inventory } : null;
        const inventory = v.row.inventory ?? before?.inventory ?? 0;
        const stockChanged = before ? inventory !== before.inventory : inventory > 0;
        if (stockChanged) stock.push({ product_id: v.id, count: inventory });
        if (e ? !sameBreaks(v.breaks, e.price_breaks) : v.breaks.length > 0) {
          breaks.push({ product_id: v.id, breaks: v.breaks });
          if (e) variantsWritten.add(v.id);
        }
        return {
          id: v.id,
          new: !e,
          parent_id: v.parentId,
          option_values: v.values,
          position: v.position,
          sku: v.row.sku,
          upc: v.row.upc,
          unit_price_in_cents: v.row.wholesaleCents,
          msrp_in_cents: v.row.retailCents,
          weight: v.row.weight,
          inventory_count: inventory,
          track_inventory: v.row.trackInventory ?? (stockChanged || (before?.track ?? false)),
          own_volume_rules: v.ownRules,
          order_increment: v.increment,
        };
      });
      const result = await writeVariants(tx, organizationId, batch);
      for (const r of result.rows) {
        if (r.inserted) created += 1;
        else variantsWritten.add(r.id);
      }
    }
    const existingParents = plan.groups.filter((g) => g.existing).map((g) => g.id);
    for (let i = 0; i < existingParents.length; i += BATCH) {
      const result = await syncVariantsWithProducts(
        tx,
        organizationId,
        existingParents.slice(i, i + BATCH),
        lk.draftStateId,
      );
      for (const r of result.rows) variantsWritten.add(r.id);
    }
    const variantsUpdated = variantRows.filter((v) => v.existing && variantsWritten.has(v.id)).length;

    const newIds = new Set([
      ...plan.upserts.filter((u) => !u.existing).map((u) => u.id),
      ...newParents.map((g) => g.id),
      ...variantRows.filter((v) => !v.existing).map((v) => v.id),
    ]);
    const variantIds = new Set(variantRows.map((v) => v.id));
    for (let i = 0; i < breaks.length; i += BATCH) {
      const batch = breaks.slice(i, i + BATCH);
      await replacePriceBreaks(tx, organizationId, batch);
      for (const b of batch)
        if (!newIds.has(b.product_id) && !variantIds.has(b.product_id)) updatedIds.add(b.product_id);
    }
    const updated = updatedIds.size + variantsUpdated;

    for (let i = 0; i < stock.length; i += BATCH) {
      const batch = stock.slice(i, i + BATCH);
      await recordStockLevels(tx, organizationId, userId, batch);
    }
    // The seller's webhooks: what the import created, changed and stocked (products/webhook-events.ts).
    await recordCatalogImportWebhooks(tx, organizationId, {
      created: newIds,
      updated: [...updatedIds, ...variantRows.filter((v) => v.existing && variantsWritten.has(v.id)).map((v) => v.id)],
      stockSet: stock.map((s) => s.product_id),
    });

    return {
      rows: parsed.rows.length,
      created,
      updated,
      unchanged: parsed.rows.length - created - updated,
      ignored_columns: parsed.ignoredColumns,
    };
  });
}

// ─── Export ──────────────────────────────────────────────────────────────────────────
const EXPORT_PAGE = 2000;

/** The catalogue as CSV, streamed page by page (newest first, like the product list). */
export async function exportCatalog(
  ctx: AppContext,
  organizationId: string,
): Promise<{ filename: string; stream: Readable }> {
  const lk = await getLookups(ctx.db);
  const slug =
    ((await organizationName(ctx.db, organizationId)) ?? 'catalog')
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'catalog';
  const date = new Date().toISOString().slice(0, 10);

  const unit = (id: number | null) => (id === null ? null : (lk.orderUnitById.get(id)?.unit ?? null));
  const weightUnit = (id: number | null) => (id === null ? null : (lk.weightUnitById.get(id)?.unit ?? null));
  const state = (id: number | null) => (id === null ? null : (lk.stateById.get(id)?.state ?? null));
  /** A variant's (or a product without options') own cells. */
  const own = (r: CatalogExportRow) => ({
    sku: r.stock_keeping_unit,
    upc: r.universal_product_code,
    wholesaleCents: r.unit_price_in_cents,
    retailCents: r.msrp_in_cents,
    weight: r.weight === null ? null : Number(r.weight),
    inventory: r.inventory_count,
    trackInventory: r.track_inventory,
    orderIncrement: r.order_increment,
    priceBreaks: r.price_breaks,
  });
  /** A product's cells: on its first row only when it has options (README "Variants in the CSV"). */
  const productCells = (r: CatalogExportRow) => ({
    name: r.name,
    description: r.description,
    orderUnit: unit(r.order_unit_id),
    quantityPerUnit: r.quantity_per_unit,
    weightUnit: weightUnit(r.weight_unit_id),
    status: state(r.state_id),
  });
  const noProductCells = {
    name: '',
    description: null,
    orderUnit: null,
    quantityPerUnit: null,
    weightUnit: null,
    status: null,
  };
  const handles = new Set<string>();

  async function* lines() {
    yield CSV_BOM + csvHeaderLine();
    let after: { ts: string; id: string } | null = null;
    for (;;) {
      const cursor: { ts: string; id: string } | null = after;
      const result = await catalogExportPage(ctx.db, organizationId, cursor, EXPORT_PAGE);
      const withOptions = result.rows.filter((r) => r.options !== null).map((r) => r.id);
      const variants = await catalogExportVariants(ctx.db, organizationId, withOptions);
      const variantsOf = new Map<string, typeof variants.rows>();
      for (const v of variants.rows) {
        const list = variantsOf.get(v.parent_id) ?? [];
        list.push(v);
        variantsOf.set(v.parent_id, list);
      }
      let chunk = '';
      for (const r of result.rows) {
        const handle = exportHandle(r.name, handles);
        const list = r.options === null ? [] : (variantsOf.get(r.id) ?? []);
        if (list.length === 0) {
          // A product without options (or, oddly, with options but no live variant): one row.
          chunk += csvLine({ ...productCells(r), ...own(r), handle, optionNames: [], optionValues: [] });
          continue;
        }
        const names = (r.options ?? []).map((o) => o.name);
        list.forEach((v, i) => {
          chunk += csvLine({
            ...(i === 0 ? productCells(r) : noProductCells),
            ...own(v),
            handle,
            optionNames: i === 0 ? names : [],
            optionValues: v.option_values,
          });
        });
      }
      if (chunk) yield chunk;
      const last: CatalogExportRow | undefined = result.rows[result.rows.length - 1];
      if (result.rows.length < EXPORT_PAGE || !last) return;
      after = { ts: last.cursor_ts, id: last.id };
    }
  }
  return { filename: `${slug}-catalog-${date}.csv`, stream: Readable.from(lines()) };
}
