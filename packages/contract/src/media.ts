import { z } from 'zod';
import { Uuid } from './common.js';
import { Media } from './organization.js';

/** What the image is for: logo and product photos must be square; splash (cover) is a hint. */
export const MediaPurpose = z.enum(['logo', 'splash', 'product']);
export type MediaPurpose = z.infer<typeof MediaPurpose>;

export const UploadMediaQuery = z.strictObject({ purpose: MediaPurpose.optional() });
export type UploadMediaQuery = z.infer<typeof UploadMediaQuery>;

/** Resized WebP copies by width in px (media-rules.ts MEDIA_VARIANT_WIDTHS, and the upload's own width); never wider than the original. */
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
