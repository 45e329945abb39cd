/**
 * A line sheet as the seller downloads it and as anyone holding its link reads it: the public
 * page's JSON and the PDF, each read with a fixed number of statements whatever the number of
 * products (the sheet, the seller, the products in one, the photos read once).
 */
import { sql } from 'drizzle-orm';
import type { SharedLineSheet } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { toIso } from '../../lib/pagination.js';
import { mediaUrl } from '../../lib/media-url.js';
import { pdfFileName } from '../../lib/pdf/toolkit.js';
import { imageSetJoins, logoKeyColumns } from '../media/sql.js';
import { organizationsSql } from '../organizations/sql.js';
import { sellerFacts } from '../documents/seller-facts.js';
import type { lineSheets } from './schema.js';
import { shareUrlOf, sheetProducts } from './service.js';
import { priceListNameOf } from './prices.js';
import { sheetPhotos } from './photos.js';
import { renderLineSheet } from './line-sheet-pdf.js';

type SheetRow = typeof lineSheets.$inferSelect;

/** The seller's name and its logo's small copy. */
export async function sellerOf(
  ctx: AppContext,
  sellerId: string,
): Promise<{ id: string; name: string; logoUrl: string | null }> {
  const result = await ctx.db.execute<{
    name: string;
    logo_key: string | null;
    logo_variants: Record<string, string> | null;
  }>(sql`
    select o.name, ${logoKeyColumns}
      from ${organizationsSql()} o
      ${imageSetJoins(sql`o.id`)}
     where o.id = ${sellerId}`);
  const row = result.rows[0];
  const key = row?.logo_variants?.['200'] ?? row?.logo_key ?? null;
  return { id: sellerId, name: row?.name ?? '', logoUrl: key ? mediaUrl(ctx.config.publicUrl, key) : null };
}

/** The public page's JSON: the sheet and its products, nothing of the price list or the seller's other data. */
export async function sharedLineSheet(ctx: AppContext, sheet: SheetRow): Promise<SharedLineSheet> {
  const [seller, { products }] = await Promise.all([sellerOf(ctx, sheet.organizationId), sheetProducts(ctx, sheet)]);
  return {
    title: sheet.title,
    note: sheet.note,
    seller: { name: seller.name, logo_url: seller.logoUrl },
    products,
    updated_at: toIso(sheet.updatedAt)!,
  };
}

/**
 * The sheet's PDF and its file name. `forSeller` prints the price list's name on the cover (the
 * seller's own download); the copy behind the public link says only "Wholesale".
 */
export async function lineSheetPdf(
  ctx: AppContext,
  sheet: SheetRow,
  opts: { forSeller: boolean },
): Promise<{ pdf: Buffer; fileName: string }> {
  const seller = await sellerOf(ctx, sheet.organizationId);
  const [facts, { products, rows }, listName] = await Promise.all([
    sellerFacts(ctx, seller),
    sheetProducts(ctx, sheet),
    opts.forSeller && sheet.priceListId ? priceListNameOf(ctx.db, sheet.organizationId, sheet.priceListId) : undefined,
  ]);
  const photos = await sheetPhotos(ctx, rows);
  const pdf = await renderLineSheet({
    seller: { name: seller.name, logo: facts.logo },
    title: sheet.title,
    note: sheet.note,
    priceListName: listName ?? null,
    shareUrl: shareUrlOf(ctx, sheet.shareToken),
    date: new Date(),
    products,
    photos,
  });
  return { pdf, fileName: pdfFileName('line-sheet', sheet.title.replace(/\s+/g, '-').slice(0, 60)) };
}

/** The public PDF's absolute URL for a share token. */
export function sharedPdfUrl(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/api/line-sheets/shared/${token}/pdf`;
}
