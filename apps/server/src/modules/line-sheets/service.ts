/**
 * Line sheets (issue 25 part 3; docs/decisions/013-line-sheets.md): the seller's sheets — made,
 * changed, filled with products, shared behind a random token and revoked — and what a sheet
 * lists, read in one statement through products/for-line-sheets.ts under the sheet's price list.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  LINE_SHEET_LIMITS,
  LINE_SHEET_TOKEN_PATTERN,
  lineSheetPagePath,
  type CreateLineSheetBody,
  type LineSheet,
  type LineSheetProduct,
  type LineSheetSummary,
  type UpdateLineSheetBody,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { DomainError, notFound, refusal } from '../../lib/errors.js';
import { toIso } from '../../lib/pagination.js';
import { getLookups } from '../products/lookups.js';
import {
  lineSheetProducts,
  liveProductCount,
  sellerProductIds,
  type LineSheetProductRow,
} from '../products/for-line-sheets.js';
import { lineSheetProducts as lineSheetProductsTable, lineSheets } from './schema.js';
import { priceListNameOf } from './prices.js';

/** What anyone gets for a link that is not (or no longer) a shared sheet: the same for both. */
export const LINE_SHEET_LINK_INVALID = 'This line sheet link is not valid. Ask the seller for a new link.';
export const lineSheetLinkNotFound = () => new DomainError('not_found', 'not_found', LINE_SHEET_LINK_INVALID);

type SheetRow = typeof lineSheets.$inferSelect;

export function shareUrlOf(ctx: AppContext, token: string | null): string | null {
  return token ? `${ctx.config.publicUrl}${lineSheetPagePath(token)}` : null;
}

/** A new share token: 32 random bytes, base64url (256 bits; never derived from anything). */
export function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The sheet's chosen product ids, in order. */
async function chosenIds(db: DbOrTx, sheetId: string): Promise<string[]> {
  const rows = await db
    .select({ id: lineSheetProductsTable.productId })
    .from(lineSheetProductsTable)
    .where(eq(lineSheetProductsTable.lineSheetId, sheetId))
    .orderBy(asc(lineSheetProductsTable.position));
  return rows.map((r) => r.id);
}

/** What the sheet lists now (live, not hidden from its list, in its order), with the photos' stored copies. */
export async function sheetProducts(
  ctx: AppContext,
  sheet: Pick<SheetRow, 'id' | 'organizationId' | 'priceListId' | 'allProducts'>,
  ids?: string[],
): Promise<{ products: LineSheetProduct[]; rows: LineSheetProductRow[] }> {
  const productIds = sheet.allProducts ? ('all' as const) : (ids ?? (await chosenIds(ctx.db, sheet.id)));
  if (productIds !== 'all' && productIds.length === 0) return { products: [], rows: [] };
  const lk = await getLookups(ctx.db);
  const rows = await lineSheetProducts(ctx.db, {
    sellerId: sheet.organizationId,
    liveStateId: lk.liveStateId,
    publicUrl: ctx.config.publicUrl,
    productIds,
    limit: LINE_SHEET_LIMITS.maxProducts,
    priceListId: sheet.priceListId,
  });
  return { products: rows.map((r) => JSON.parse(r.doc) as LineSheetProduct), rows };
}

async function summariesOf(ctx: AppContext, sellerId: string, rows: SheetRow[]): Promise<LineSheetSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const counts = await ctx.db.execute<{ id: string; products: number; open_requests: number }>(sql`
    select s.id,
           (select count(*)::int from line_sheet_products lp where lp.line_sheet_id = s.id) as products,
           (select count(*)::int from line_sheet_requests r where r.line_sheet_id = s.id and r.invite_id is null) as open_requests
      from line_sheets s
     where s.id in (${sql.join(
       ids.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})`);
  const byId = new Map(counts.rows.map((r) => [r.id, r]));
  const listNames = new Map<string, string | undefined>();
  for (const listId of new Set(rows.map((r) => r.priceListId).filter((x): x is string => x !== null))) {
    listNames.set(listId, await priceListNameOf(ctx.db, sellerId, listId));
  }
  let liveCount: number | undefined;
  if (rows.some((r) => r.allProducts)) {
    const lk = await getLookups(ctx.db);
    liveCount = await liveProductCount(ctx.db, sellerId, lk.liveStateId, LINE_SHEET_LIMITS.maxProducts);
  }
  return rows.map((r) => {
    const name = r.priceListId ? listNames.get(r.priceListId) : undefined;
    return {
      id: r.id,
      title: r.title,
      note: r.note,
      price_list: r.priceListId && name !== undefined ? { id: r.priceListId, name } : null,
      all_products: r.allProducts,
      product_count: r.allProducts ? (liveCount ?? 0) : (byId.get(r.id)?.products ?? 0),
      share_token: r.shareToken,
      share_url: shareUrlOf(ctx, r.shareToken),
      shared_at: toIso(r.sharedAt),
      open_request_count: byId.get(r.id)?.open_requests ?? 0,
      created_at: toIso(r.createdAt)!,
      updated_at: toIso(r.updatedAt)!,
    };
  });
}

/** GET /api/organization/{org_id}/line-sheets: newest change first. */
export async function listLineSheets(ctx: AppContext, sellerId: string): Promise<LineSheetSummary[]> {
  const rows = await ctx.db
    .select()
    .from(lineSheets)
    .where(eq(lineSheets.organizationId, sellerId))
    .orderBy(sql`${lineSheets.updatedAt} desc, ${lineSheets.id} desc`);
  return summariesOf(ctx, sellerId, rows);
}

async function sheetRow(db: DbOrTx, id: string): Promise<SheetRow> {
  const [row] = await db.select().from(lineSheets).where(eq(lineSheets.id, id)).limit(1);
  if (!row) throw notFound('Line sheet');
  return row;
}

/** The sheet's row (404 when there is none). */
export function sheetRowOf(ctx: AppContext, id: string): Promise<SheetRow> {
  return sheetRow(ctx.db, id);
}

/** GET /api/line-sheets/{id}: the summary, the chosen ids and what the sheet lists now. */
export async function getLineSheet(ctx: AppContext, id: string): Promise<LineSheet> {
  const row = await sheetRow(ctx.db, id);
  const ids = await chosenIds(ctx.db, id);
  const [summary] = await summariesOf(ctx, row.organizationId, [row]);
  const { products } = await sheetProducts(ctx, row, ids);
  return { ...summary!, product_ids: row.allProducts ? [] : ids, products };
}

/** A price list must be one of the seller's: 404 naming price_list_id otherwise. */
async function checkPriceList(ctx: AppContext, sellerId: string, priceListId: string | null | undefined) {
  if (!priceListId) return;
  if ((await priceListNameOf(ctx.db, sellerId, priceListId)) === undefined) {
    throw refusal('not_found', 'not_found', 'price_list_id', 'price_list_id: Price list not found.');
  }
}

/** Every id must be one of the seller's products (not a variant, not removed); 404 naming the first that is not. */
async function checkProducts(ctx: AppContext, sellerId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await sellerProductIds(ctx.db, sellerId, unique);
  const i = ids.findIndex((id) => !found.has(id));
  if (i >= 0) throw refusal('not_found', 'not_found', `product_ids.${i}`, `product_ids.${i}: Product not found.`);
  return unique;
}

async function writeProducts(db: DbOrTx, sheetId: string, ids: string[]) {
  await db.delete(lineSheetProductsTable).where(eq(lineSheetProductsTable.lineSheetId, sheetId));
  if (ids.length > 0) {
    await db
      .insert(lineSheetProductsTable)
      .values(ids.map((productId, position) => ({ lineSheetId: sheetId, productId, position })));
  }
}

/** POST /api/organization/{org_id}/line-sheets */
export async function createLineSheet(
  ctx: AppContext,
  sellerId: string,
  body: CreateLineSheetBody,
): Promise<LineSheet> {
  await checkPriceList(ctx, sellerId, body.price_list_id);
  const ids = body.product_ids ? await checkProducts(ctx, sellerId, body.product_ids) : [];
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(lineSheets)
      .values({
        organizationId: sellerId,
        title: body.title,
        note: body.note || null,
        priceListId: body.price_list_id ?? null,
        allProducts: body.all_products ?? false,
      })
      .returning({ id: lineSheets.id });
    await writeProducts(tx, row!.id, ids);
    return row!.id;
  });
  return getLineSheet(ctx, id);
}

/** PATCH /api/line-sheets/{id} */
export async function updateLineSheet(ctx: AppContext, id: string, body: UpdateLineSheetBody): Promise<LineSheet> {
  const row = await sheetRow(ctx.db, id);
  await checkPriceList(ctx, row.organizationId, body.price_list_id);
  await ctx.db
    .update(lineSheets)
    .set({
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.note !== undefined ? { note: body.note || null } : {}),
      ...(body.price_list_id !== undefined ? { priceListId: body.price_list_id } : {}),
      ...(body.all_products !== undefined ? { allProducts: body.all_products } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(lineSheets.id, id));
  return getLineSheet(ctx, id);
}

/** PUT /api/line-sheets/{id}/products: replaces the chosen products (their order is the sheet's). */
export async function setLineSheetProducts(ctx: AppContext, id: string, productIds: string[]): Promise<LineSheet> {
  const row = await sheetRow(ctx.db, id);
  const ids = await checkProducts(ctx, row.organizationId, productIds);
  await ctx.db.transaction(async (tx) => {
    // The sheet's row first: two saves of one sheet run one after the other.
    await tx.execute(sql`select 1 from line_sheets where id = ${id} for update`);
    await writeProducts(tx, id, ids);
    await tx
      .update(lineSheets)
      .set({ updatedAt: sql`now()` })
      .where(eq(lineSheets.id, id));
  });
  return getLineSheet(ctx, id);
}

/** DELETE /api/line-sheets/{id}: the sheet, its products and its requests (its link stops working). */
export async function deleteLineSheet(ctx: AppContext, id: string): Promise<void> {
  await ctx.db.delete(lineSheets).where(eq(lineSheets.id, id));
}

/** POST /api/line-sheets/{id}/share: a new link (an earlier one stops working). */
export async function shareLineSheet(ctx: AppContext, id: string): Promise<LineSheet> {
  await ctx.db
    .update(lineSheets)
    .set({ shareToken: newShareToken(), sharedAt: sql`now()` })
    .where(eq(lineSheets.id, id));
  return getLineSheet(ctx, id);
}

/** The sheet's link, made when it has none (e-mailing a sheet shares it). */
export async function ensureShared(ctx: AppContext, id: string): Promise<string> {
  await ctx.db
    .update(lineSheets)
    .set({ shareToken: newShareToken(), sharedAt: sql`now()` })
    .where(and(eq(lineSheets.id, id), sql`${lineSheets.shareToken} is null`));
  const row = await sheetRow(ctx.db, id);
  return row.shareToken!;
}

/** DELETE /api/line-sheets/{id}/share: the link stops working at once (404 for anyone holding it). */
export async function revokeLineSheet(ctx: AppContext, id: string): Promise<LineSheet> {
  await ctx.db.update(lineSheets).set({ shareToken: null, sharedAt: null }).where(eq(lineSheets.id, id));
  return getLineSheet(ctx, id);
}

/**
 * The shared sheet whose link holds `token`, or a 404 that says the same for a revoked, an
 * unknown and a malformed link. The token is 256 random bits looked up through a unique index:
 * no prefix of it finds anything, so the lookup's timing tells nothing worth guessing.
 */
export async function sheetByToken(db: DbOrTx, token: string): Promise<SheetRow> {
  if (!LINE_SHEET_TOKEN_PATTERN.test(token)) throw lineSheetLinkNotFound();
  const [row] = await db.select().from(lineSheets).where(eq(lineSheets.shareToken, token)).limit(1);
  if (!row) throw lineSheetLinkNotFound();
  return row;
}
