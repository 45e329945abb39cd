/**
 * The photos a line sheet PDF draws: each product's first photo as its small stored copy (the
 * media pipeline's 200 px WebP — never the uploaded original, unless the original is itself
 * smaller than that and so has no copy), read once per PDF through the storage provider with a
 * few reads at a time, turned
 * into JPEG (PDF draws JPEG and PNG only; JPEG is embedded as it is) and kept per process by its
 * stored locator, which never names other bytes (media keys are never reused).
 */
import sharp from 'sharp';
import type { AppContext } from '../../lib/context.js';
import type { MediaStorage } from '../../providers/storage/interface.js';
import type { LineSheetProductRow } from '../products/for-line-sheets.js';
import { readStoredObject } from '../documents/seller-facts.js';

/** Reads at once (local disk or S3). */
const CONCURRENCY = 8;
/** The converted JPEGs kept per process, by total size. */
const CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** The widest picture drawn (a cell is ~160 pt: 200 px is ~90 dpi printed). */
const MAX_WIDTH = 240;

const cache = new Map<string, Buffer>();
let cachedBytes = 0;

function remember(locator: string, jpeg: Buffer): void {
  cache.set(locator, jpeg);
  cachedBytes += jpeg.length;
  for (const [key, bytes] of cache) {
    if (cachedBytes <= CACHE_MAX_BYTES) break;
    cache.delete(key);
    cachedBytes -= bytes.length;
  }
}

/**
 * The storage key of a stored locator (media.storage_key / variants): the locator itself for
 * local storage; for S3, the object URL less this bucket's base. Null for a URL of elsewhere.
 */
function keyOf(storage: MediaStorage, locator: string): string | null {
  if (!/^https?:\/\//.test(locator)) return locator;
  const base = storage.locator('x').slice(0, -1);
  return base !== '' && locator.startsWith(base) ? locator.slice(base.length) : null;
}

/** The stored bytes: through the storage provider, or fetched when the URL is not this storage's. */
async function readPhoto(ctx: AppContext, locator: string): Promise<Buffer> {
  const key = keyOf(ctx.providers.storage, locator);
  if (key === null) return readStoredObject(ctx, locator);
  const bytes = await ctx.providers.storage.get(key);
  if (!bytes) throw new Error('the stored photo is missing');
  return bytes;
}

async function photoJpeg(ctx: AppContext, locator: string): Promise<Buffer | null> {
  const kept = cache.get(locator);
  if (kept) {
    // Most recently used last (the Map's order is the eviction order).
    cache.delete(locator);
    cache.set(locator, kept);
    return kept;
  }
  try {
    const bytes = await readPhoto(ctx, locator);
    const jpeg = await sharp(bytes, { limitInputPixels: 25_000_000 })
      .resize(MAX_WIDTH, MAX_WIDTH, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 78, mozjpeg: false })
      .toBuffer();
    remember(locator, jpeg);
    return jpeg;
  } catch (err) {
    ctx.log.warn({ err, locator }, 'a line sheet photo could not be read: the product is printed without it');
    return null;
  }
}

/** The JPEG of each product's photo, by product id (products without one, or unreadable, are left out). */
export async function sheetPhotos(ctx: AppContext, rows: readonly LineSheetProductRow[]): Promise<Map<string, Buffer>> {
  const byLocator = new Map<string, string[]>();
  for (const r of rows) {
    if (!r.image_locator) continue;
    byLocator.set(r.image_locator, [...(byLocator.get(r.image_locator) ?? []), r.id]);
  }
  const locators = [...byLocator.keys()];
  const photos = new Map<string, Buffer>();
  let next = 0;
  const worker = async () => {
    while (next < locators.length) {
      const locator = locators[next++]!;
      const jpeg = await photoJpeg(ctx, locator);
      if (jpeg) for (const id of byLocator.get(locator)!) photos.set(id, jpeg);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, locators.length) }, worker));
  return photos;
}
