import type { MediaVariants } from '@cratebase/contract';

export interface ImageSources {
  src: string;
  /** `srcset` of the copies by width ("…/200.webp 200w, …"); undefined when there is one copy. */
  srcSet: string | undefined;
}

/**
 * `src` and `srcset` of a stored image, so the browser picks the smallest copy that fills the
 * slot: the resized variants (keyed by width in px) and, with `withOriginal`, the original at
 * its own width. Without it (grid tiles, whose variants the server caps at the width a tile
 * needs) the original is used only when the image has no variant at all.
 */
export function imageSources(
  url: string,
  variants: MediaVariants | undefined,
  width: number | null | undefined,
  { withOriginal = true }: { withOriginal?: boolean } = {},
): ImageSources {
  const candidates = Object.entries(variants ?? {})
    .map(([key, variantUrl]) => ({ width: Number(key), url: variantUrl }))
    .filter((candidate) => Number.isInteger(candidate.width) && candidate.width > 0 && candidate.url)
    .sort((a, b) => a.width - b.width);
  if (!withOriginal && candidates.length > 0) {
    return { src: candidates[candidates.length - 1]!.url, srcSet: srcSetOf(candidates) };
  }
  if (width && width > 0 && !candidates.some((candidate) => candidate.width === width)) {
    candidates.push({ width, url });
    candidates.sort((a, b) => a.width - b.width);
  }
  return { src: url, srcSet: candidates.length > 1 ? srcSetOf(candidates) : undefined };
}

function srcSetOf(candidates: Array<{ width: number; url: string }>): string {
  return candidates.map((candidate) => `${candidate.url} ${candidate.width}w`).join(', ');
}
