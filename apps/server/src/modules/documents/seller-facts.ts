/**
 * The seller's facts every document prints (packing slip, invoice, credit note): its name,
 * business address and logo, read in one statement through the addresses and media leaves.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.js';
import type { SellerFacts } from '../../lib/pdf/toolkit.js';
import { businessAddressJoinSql } from '../addresses/sql.js';
import { imageSetJoins, logoKeyColumns } from '../media/sql.js';

/** The largest logo file read (the 200 px variant is a few kB). */
const LOGO_MAX_BYTES = 5 * 1024 * 1024;
const LOGO_FETCH_TIMEOUT_MS = 5_000;

/**
 * The bytes of a stored media object by its locator (media.storage_key / variants): a key under
 * the local media directory, or the absolute URL of an S3 object. The storage provider has no
 * read call (MediaStorage writes only), so the object is read where it is served from.
 */
export async function readStoredObject(ctx: AppContext, locator: string): Promise<Buffer> {
  if (/^https?:\/\//.test(locator)) {
    const res = await fetch(locator, { signal: AbortSignal.timeout(LOGO_FETCH_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`logo answered ${res.status}`);
    if (Number(res.headers.get('content-length') ?? 0) > LOGO_MAX_BYTES) throw new Error('logo too large');
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > LOGO_MAX_BYTES) throw new Error('logo too large');
    return bytes;
  }
  const storage = ctx.config.storage;
  if (storage.driver !== 'local') throw new Error('a local media key, but media is stored in S3');
  const root = path.resolve(storage.dir);
  const file = path.resolve(root, locator);
  if (!file.startsWith(root + path.sep)) throw new Error('media key outside the media directory');
  const stat = await fs.stat(file);
  if (stat.size > LOGO_MAX_BYTES) throw new Error('logo too large');
  return fs.readFile(file);
}

/**
 * The seller's logo as a small PNG (the documents' fonts and images are PDF's own: PNG and JPEG
 * only, so the stored WebP variant is converted); null when there is none or it cannot be read —
 * the document is printed without it and the operator hears why.
 */
async function readLogo(
  ctx: AppContext,
  key: string | null,
  variants: Record<string, string> | null,
): Promise<Buffer | null> {
  const locator = variants?.['200'] ?? key;
  if (!locator) return null;
  try {
    const bytes = await readStoredObject(ctx, locator);
    return await sharp(bytes, { limitInputPixels: 25_000_000 })
      .resize(200, 200, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch (err) {
    ctx.log.warn({ err, locator }, 'the seller logo could not be read: the document is printed without it');
    return null;
  }
}

/** The seller's name, business address and logo, for its packing slips and invoices. */
export async function sellerFacts(ctx: AppContext, seller: { id: string; name: string }): Promise<SellerFacts> {
  const result = await ctx.db.execute<{
    line1: string | null;
    line2: string | null;
    city: string | null;
    state: string | null;
    postal_code: string | null;
    logo_key: string | null;
    logo_variants: Record<string, string> | null;
  }>(sql`
    select ba.line1, ba.line2, ba.city, ba.state, ba.postal_code, ${logoKeyColumns}
      from (select ${seller.id}::uuid as organization_id) s
      ${businessAddressJoinSql('ba', sql`s.organization_id`)}
      ${imageSetJoins(sql`s.organization_id`)}`);
  const row = result.rows[0];
  const address =
    row?.line1 && row.city && row.state && row.postal_code
      ? { line1: row.line1, line2: row.line2, city: row.city, state: row.state, postal_code: row.postal_code }
      : null;
  return { name: seller.name, address, logo: row ? await readLogo(ctx, row.logo_key, row.logo_variants) : null };
}
