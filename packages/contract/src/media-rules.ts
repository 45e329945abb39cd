/**
 * Image upload rules shared by the server and the browser. Free of zod (like every
 * `*-rules.ts` module) so the web client can import them without the schema library.
 */

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
