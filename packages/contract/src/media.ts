import { z } from 'zod';
import { Uuid } from './common.js';
import { Media } from './organization.js';

/** Image types the server accepts, decided from the file's bytes (not its name or header). */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg', 'image/webp'] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];
/** For `<input type="file" accept=...>`. */
export const ACCEPTED_IMAGE_INPUT = ACCEPTED_IMAGE_TYPES.join(',');
/** Default largest upload (the server's MEDIA_MAX_BYTES may differ). */
export const MEDIA_MAX_BYTES_DEFAULT = 10 * 1024 * 1024;
/** Widths of the resized variants (never wider than the original). */
export const MEDIA_VARIANT_WIDTHS = [200, 600, 1200] as const;
/**
 * Logos and product photos must be square. A difference of up to 1% of the longer side is
 * accepted (a 1000×1008 phone crop is square to the eye); anything more is refused.
 */
export const SQUARE_TOLERANCE = 0.01;
export function isSquare(width: number, height: number): boolean {
  if (width <= 0 || height <= 0) return false;
  return Math.abs(width - height) <= Math.floor(Math.max(width, height) * SQUARE_TOLERANCE);
}

/** What the image is for: logo and product photos must be square; splash (cover) is a hint. */
export const MediaPurpose = z.enum(['logo', 'splash', 'product']);
export type MediaPurpose = z.infer<typeof MediaPurpose>;

export const UploadMediaQuery = z.strictObject({ purpose: MediaPurpose.optional() });
export type UploadMediaQuery = z.infer<typeof UploadMediaQuery>;

/** Resized copies by width in px ("200", "600", "1200"); only widths smaller than the original. */
export const MediaVariants = z.record(z.string(), z.string());
export type MediaVariants = z.infer<typeof MediaVariants>;

/** Answer of POST /api/media/{org_id}/upload. */
export const UploadedMedia = z.object({
  id: Uuid,
  organization_id: Uuid,
  cloudinary_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  content_type: z.string(),
  byte_size: z.number().int(),
  variants: MediaVariants,
});
export type UploadedMedia = z.infer<typeof UploadedMedia>;

/** A media object as it appears inside products (with its resized variants). */
export const MediaWithVariants = Media.extend({ variants: MediaVariants.optional() });
export type MediaWithVariants = z.infer<typeof MediaWithVariants>;

/** `{ id }` of an uploaded media (extra fields such as cloudinary_url are ignored), or null to clear. */
const MediaRef = z.object({ id: Uuid }, { message: 'must be { id } of an uploaded image or null' }).nullable();

/** PUT /api/organization/image_set: set or clear the logo and/or the cover (splash) image. */
export const UpdateImageSetBody = z.strictObject({
  id: Uuid.nullish(),
  organization_id: Uuid,
  logo: MediaRef.optional(),
  splash_image: MediaRef.optional(),
});
export type UpdateImageSetBody = z.infer<typeof UpdateImageSetBody>;
