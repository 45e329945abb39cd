/**
 * Media: image uploads (checked, cleaned, resized, stored through the storage provider) and
 * the organization's image set (logo and cover photo).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  isSquare,
  type AcceptedImageType,
  type ImageSet,
  type MediaPurpose,
  type UpdateImageSetBody,
  type UploadedMedia,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { imageSets, media } from './schema.js';
import { DomainError, notFound, unavailable } from '../../lib/errors.js';
import { tooLarge } from '../../lib/uploads.js';
import { mediaUrl } from '../../lib/media-url.js';
import { organizationsSql } from '../organizations/sql.js';
import { imageSetColumns, imageSetJoins } from './sql.js';
import {
  checkPixelLimit,
  createLimiter,
  detectImageType,
  processImage,
  readDimensions,
  UNSUPPORTED_IMAGE_MESSAGE,
} from './image.js';

export type ImageSetRow = {
  image_set_id: string | null;
  logo_id: string | null;
  logo_key: string | null;
  logo_width: number | null;
  logo_height: number | null;
  logo_variants?: Record<string, string> | null;
  splash_id: string | null;
  splash_key: string | null;
  splash_width: number | null;
  splash_height: number | null;
  splash_variants?: Record<string, string> | null;
};

export function toImageSet(publicUrl: string, organizationId: string, r: ImageSetRow): ImageSet {
  return {
    id: r.image_set_id,
    organization_id: organizationId,
    logo: r.logo_id
      ? {
          id: r.logo_id,
          cloudinary_url: mediaUrl(publicUrl, r.logo_key!),
          width: r.logo_width,
          height: r.logo_height,
          variants: variantUrls(publicUrl, r.logo_variants),
        }
      : null,
    splash_image: r.splash_id
      ? {
          id: r.splash_id,
          cloudinary_url: mediaUrl(publicUrl, r.splash_key!),
          width: r.splash_width,
          height: r.splash_height,
          variants: variantUrls(publicUrl, r.splash_variants),
        }
      : null,
  };
}

/**
 * Decoding a 10 MB image takes one core for a moment: two at a time per process at most (uploads
 * and the media job's copies of earlier uploads share the turns).
 */
export const limitProcessing = createLimiter(2);

class StorageError extends Error {
  constructor(cause: unknown) {
    super('storage failed', { cause });
  }
}

const PURPOSE_LABEL: Record<MediaPurpose, string> = {
  logo: 'The logo',
  splash: 'The cover photo',
  product: 'The product photo',
};

export function notSquare(what: string, width: number, height: number, field = 'file') {
  return new DomainError('invalid', 'validation_error', `${what} must be square (got ${width}×${height}).`, [
    { path: field, message: `must be square (got ${width}×${height})` },
  ]);
}

export async function uploadMedia(
  ctx: AppContext,
  organizationId: string,
  bytes: Buffer,
  purpose: MediaPurpose | undefined,
  log?: { error: (obj: object, msg: string) => void },
): Promise<UploadedMedia> {
  if (bytes.length === 0) {
    throw new DomainError('invalid', 'validation_error', 'file is empty.', [{ path: 'file', message: 'is empty' }]);
  }
  if (bytes.length > ctx.config.storage.maxBytes)
    throw tooLarge(ctx.config.storage.maxBytes, 'Upload a smaller image.');
  const type: AcceptedImageType | null = detectImageType(bytes);
  if (!type) {
    throw new DomainError('unsupported_media', 'unsupported_media_type', UNSUPPORTED_IMAGE_MESSAGE, [
      { path: 'file', message: 'must be a PNG, GIF, JPEG or WebP image' },
    ]);
  }
  const dims = await readDimensions(bytes, type);
  checkPixelLimit(dims);
  if ((purpose === 'logo' || purpose === 'product') && !isSquare(dims.width, dims.height)) {
    throw notSquare(PURPOSE_LABEL[purpose], dims.width, dims.height);
  }
  const processed = await limitProcessing(() => processImage(bytes, type, dims));

  const storage = ctx.providers.storage;
  const id = randomUUID();
  const prefix = `${organizationId}/${id}`;
  const originalKey = `${prefix}/original.${processed.original.ext}`;
  const objects = [
    { key: originalKey, image: processed.original, w: undefined as number | undefined },
    ...[...processed.variants].map(([w, image]) => ({ key: `${prefix}/w${w}.${image.ext}`, image, w })),
  ];
  const written: string[] = [];
  try {
    // Wait for every upload (not just the first failure) so the clean-up sees all of them.
    const results = await Promise.allSettled(
      objects.map(async (o) => {
        await storage.put(o.key, o.image.bytes, o.image.contentType);
        written.push(o.key);
      }),
    );
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw new StorageError(failed.reason);
    const variants: Record<string, string> = {};
    for (const o of objects) if (o.w !== undefined) variants[String(o.w)] = storage.locator(o.key);
    // A WebP original is its own copy at its width (the other types get a WebP copy there).
    if (type === 'image/webp') variants[String(processed.original.width)] = storage.locator(originalKey);
    await ctx.db.insert(media).values({
      id,
      organizationId,
      storageKey: storage.locator(originalKey),
      contentType: processed.original.contentType,
      byteSize: processed.original.bytes.length,
      width: processed.original.width,
      height: processed.original.height,
      variants,
    });
    return {
      id,
      organization_id: organizationId,
      cloudinary_url: storage.publicUrl(originalKey),
      width: processed.original.width,
      height: processed.original.height,
      content_type: processed.original.contentType,
      byte_size: processed.original.bytes.length,
      variants: Object.fromEntries(
        Object.entries(variants).map(([w, loc]) => [w, mediaUrl(ctx.config.publicUrl, loc)]),
      ),
    };
  } catch (err) {
    // Nothing half-saved: remove what was stored before the failure.
    await Promise.allSettled(written.map((k) => storage.delete(k)));
    if (err instanceof StorageError) {
      log?.error({ err: err.cause }, 'media storage failed');
      throw unavailable('The image could not be stored right now. Please try again in a moment.');
    }
    throw err;
  }
}

/** Resolves stored variant locators to URLs. */
export function variantUrls(
  publicUrl: string,
  variants: Record<string, string> | null | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [w, loc] of Object.entries(variants ?? {})) out[w] = mediaUrl(publicUrl, loc);
  return out;
}

/** Which of these images the organization uploaded, with their sizes (others are left out). */
export async function imagesOfOrganization(
  db: DbOrTx,
  organizationId: string,
  ids: string[],
): Promise<{ id: string; width: number | null; height: number | null }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: media.id, width: media.width, height: media.height })
    .from(media)
    .where(and(eq(media.organizationId, organizationId), inArray(media.id, ids)));
}

export async function getImageSet(ctx: AppContext, organizationId: string): Promise<ImageSet> {
  const result = await ctx.db.execute<ImageSetRow & { org_id: string }>(sql`
    select o.id as org_id, ${imageSetColumns}
      from ${organizationsSql()} o
      ${imageSetJoins(sql.raw('o.id'))}
     where o.id = ${organizationId}`);
  const row = result.rows[0];
  if (!row) throw notFound('Organization');
  return toImageSet(ctx.config.publicUrl, organizationId, row);
}

/** Sets or clears the logo and/or cover image; creates the image set on first use. */
export async function updateImageSet(ctx: AppContext, body: UpdateImageSetBody): Promise<ImageSet> {
  const orgId = body.organization_id;

  const wanted = [
    body.logo ? { field: 'logo', id: body.logo.id } : null,
    body.splash_image ? { field: 'splash_image', id: body.splash_image.id } : null,
  ].filter((x): x is { field: string; id: string } => x !== null);
  if (wanted.length > 0) {
    const rows = await ctx.db
      .select({ id: media.id, width: media.width, height: media.height })
      .from(media)
      .where(
        and(
          eq(media.organizationId, orgId),
          inArray(
            media.id,
            wanted.map((w) => w.id),
          ),
        ),
      );
    for (const w of wanted) {
      const row = rows.find((r) => r.id === w.id);
      if (!row) {
        throw new DomainError(
          'not_found',
          'not_found',
          `${w.field}.id: no image with this id was uploaded for this organization.`,
          [{ path: `${w.field}.id`, message: 'no image with this id was uploaded for this organization' }],
        );
      }
      if (w.field === 'logo' && row.width && row.height && !isSquare(row.width, row.height)) {
        throw notSquare('The logo', row.width, row.height, 'logo');
      }
    }
  }

  const set: Partial<typeof imageSets.$inferInsert> = {};
  if (body.logo !== undefined) set.logoMediaId = body.logo?.id ?? null;
  if (body.splash_image !== undefined) set.splashMediaId = body.splash_image?.id ?? null;
  await ctx.db.transaction(async (tx) => {
    if (body.id) {
      const [existing] = await tx
        .select({ id: imageSets.id })
        .from(imageSets)
        .where(eq(imageSets.organizationId, orgId));
      if (existing && existing.id !== body.id) {
        throw new DomainError('not_found', 'not_found', 'id: this image set does not belong to the organization.', [
          { path: 'id', message: 'does not belong to the organization' },
        ]);
      }
    }
    await tx
      .insert(imageSets)
      .values({ organizationId: orgId, logoMediaId: set.logoMediaId ?? null, splashMediaId: set.splashMediaId ?? null })
      .onConflictDoUpdate({ target: imageSets.organizationId, set: { ...set, updatedAt: new Date() } });
  });
  return getImageSet(ctx, orgId);
}
