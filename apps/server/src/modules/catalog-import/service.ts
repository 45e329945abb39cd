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
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import {
  CATALOG_MAX_LISTED_ERRORS,
  CATALOG_PREVIEW_SAMPLE,
  volumeRuleIssues,
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
  productsBySku,
  productsWithoutSkuByName,
  replacePriceBreaks,
  updateProductsById,
  upsertProductsBySku,
  type CatalogExportRow,
  type ExistingProduct,
} from '../products/catalog.js';
import { lockCatalogVersion } from '../products/catalog-version.js';
import { recordStockLevels } from '../inventory/service.js';
import { organizationName } from '../organizations/service.js';
import { CSV_BOM, csvHeaderLine, csvLine, parseCatalogCsv, type CatalogRow } from './csv.js';

const BATCH = 5000;

interface Existing {
  id: string;
  stateId: number | null;
  inventory: number;
  track: boolean;
  minimum: number;
  increment: number;
  breaks: PriceBreak[];
}

interface Plan {
  /** Rows to insert or upsert by SKU, with the id a new product gets. */
  upserts: { row: CatalogRow; id: string; existing: Existing | null }[];
  /** SKU-less rows matched by name. */
  nameUpdates: { row: CatalogRow; existing: Existing }[];
  errors: CatalogRowError[];
}

async function planImport(db: DbOrTx, organizationId: string, rows: CatalogRow[], lock: boolean): Promise<Plan> {
  const skus = rows.filter((r) => r.sku).map((r) => r.sku!);
  const names = rows.filter((r) => !r.sku).map((r) => r.name.toLowerCase());
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
  });
  const skuMap = new Map(bySku.rows.map((r) => [r.sku, existing(r)]));
  const nameMap = new Map<string, Existing[]>();
  for (const r of byName.rows) {
    const list = nameMap.get(r.lname) ?? [];
    list.push(existing(r));
    nameMap.set(r.lname, list);
  }
  const plan: Plan = { upserts: [], nameUpdates: [], errors: [] };
  for (const row of rows) {
    if (row.sku) {
      const match = skuMap.get(row.sku) ?? null;
      if (volumeErrors(row, match, plan.errors)) continue;
      plan.upserts.push({ row, id: randomUUID(), existing: match });
      continue;
    }
    const matches = nameMap.get(row.name.toLowerCase()) ?? [];
    if (matches.length > 1) {
      plan.errors.push({
        row: row.row,
        field: 'sku',
        message: `is empty and ${matches.length} products named "${row.name}" have no SKU; add the SKU to update one of them`,
      });
    } else if (matches.length === 1) {
      if (!volumeErrors(row, matches[0]!, plan.errors)) plan.nameUpdates.push({ row, existing: matches[0]! });
    } else if (!volumeErrors(row, null, plan.errors)) {
      plan.upserts.push({ row, id: randomUUID(), existing: null });
    }
  }
  return plan;
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
      const batch = plan.upserts.slice(i, i + BATCH).map(({ row, id, existing }, j) => {
        const stateId = row.stateId ?? existing?.stateId ?? lk.draftStateId;
        const inventory = row.inventory ?? existing?.inventory ?? 0;
        const stockChanged = existing ? inventory !== existing.inventory : inventory > 0;
        if (stockChanged) stock.push({ product_id: existing?.id ?? id, count: inventory });
        breaksOf(row, existing?.id ?? id, existing);
        return {
          id,
          ord: i + j,
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

    const newIds = new Set(plan.upserts.filter((u) => !u.existing).map((u) => u.id));
    for (let i = 0; i < breaks.length; i += BATCH) {
      const batch = breaks.slice(i, i + BATCH);
      await replacePriceBreaks(tx, organizationId, batch);
      for (const b of batch) if (!newIds.has(b.product_id)) updatedIds.add(b.product_id);
    }
    const updated = updatedIds.size;

    for (let i = 0; i < stock.length; i += BATCH) {
      const batch = stock.slice(i, i + BATCH);
      await recordStockLevels(tx, organizationId, userId, batch);
    }

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
    ((await organizationName(ctx.db, organizationId)) ?? 'catalogue')
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'catalogue';
  const date = new Date().toISOString().slice(0, 10);

  async function* lines() {
    yield CSV_BOM + csvHeaderLine();
    let after: { ts: string; id: string } | null = null;
    for (;;) {
      const cursor: { ts: string; id: string } | null = after;
      const result = await catalogExportPage(ctx.db, organizationId, cursor, EXPORT_PAGE);
      let chunk = '';
      for (const r of result.rows) {
        chunk += csvLine({
          name: r.name,
          description: r.description,
          sku: r.stock_keeping_unit,
          upc: r.universal_product_code,
          orderUnit: r.order_unit_id === null ? null : (lk.orderUnitById.get(r.order_unit_id)?.unit ?? null),
          quantityPerUnit: r.quantity_per_unit,
          wholesaleCents: r.unit_price_in_cents,
          retailCents: r.msrp_in_cents,
          weight: r.weight === null ? null : Number(r.weight),
          weightUnit: r.weight_unit_id === null ? null : (lk.weightUnitById.get(r.weight_unit_id)?.unit ?? null),
          status: r.state_id === null ? null : (lk.stateById.get(r.state_id)?.state ?? null),
          inventory: r.inventory_count,
          trackInventory: r.track_inventory,
          orderIncrement: r.order_increment,
          priceBreaks: r.price_breaks,
        });
      }
      if (chunk) yield chunk;
      const last: CatalogExportRow | undefined = result.rows[result.rows.length - 1];
      if (result.rows.length < EXPORT_PAGE || !last) return;
      after = { ts: last.cursor_ts, id: last.id };
    }
  }
  return { filename: `${slug}-catalogue-${date}.csv`, stream: Readable.from(lines()) };
}
