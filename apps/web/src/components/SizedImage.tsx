import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  IMAGE_SLOTS,
  imageSlotSizes,
  imageSlotWidth,
  type ImageSlot,
  type ImageSlotRule,
  type MediaVariants,
} from '@cratebase/contract';

/** A stored image as the API gives it: the original's URL, its copies by width and its size. */
export interface StoredImage {
  url: string;
  variants?: MediaVariants | undefined;
  width?: number | null | undefined;
  height?: number | null | undefined;
}

/** Where an image is shown: a slot of the contract (IMAGE_SLOTS) or a fixed CSS width in px. */
export type ImagePlace = ImageSlot | number;

export interface SizedImageAttributes {
  src: string;
  srcSet: string | undefined;
  sizes: string | undefined;
  width: number | undefined;
  height: number | undefined;
  loading: 'eager' | 'lazy';
  fetchPriority: 'high' | undefined;
  decoding: 'async' | undefined;
}

function rulesOf(place: ImagePlace): readonly ImageSlotRule[] {
  return typeof place === 'number' ? [{ px: place }] : IMAGE_SLOTS[place];
}

/**
 * The `<img>` attributes of a stored image in a slot: every copy in `srcset` (by width), the
 * slot's `sizes`, so the browser takes the copy closest to what the slot needs at the screen's
 * density; the original joins the srcset only when no copy has its width (uploads from before
 * the copy ladder, until the media job has made their copies), and not at all with
 * `original: false` while there are copies (grid tiles: the server lists only the copies a
 * tile can need, and an earlier upload's original is a heavy JPEG or PNG). `src` (for a browser without
 * srcset) is the narrowest copy twice as wide as the slot on a desktop. The image's own width and height
 * give the box its ratio before the file arrives; `priority` is for the page's main (LCP)
 * image: fetched at once and first, where every other image waits until it nears the screen.
 */
export function sizedImageAttributes(
  image: StoredImage,
  place: ImagePlace,
  { priority = false, original = true }: { priority?: boolean; original?: boolean } = {},
): SizedImageAttributes {
  const copies = Object.entries(image.variants ?? {})
    .map(([key, url]) => ({ width: Number(key), url }))
    .filter((copy) => Number.isInteger(copy.width) && copy.width > 0 && copy.url)
    .sort((a, b) => a.width - b.width);
  if ((original || copies.length === 0) && image.width && image.width > 0 && !copies.some((copy) => copy.width === image.width)) {
    copies.push({ width: image.width, url: image.url });
    copies.sort((a, b) => a.width - b.width);
  }
  const rules = rulesOf(place);
  const desktop = imageSlotWidth(rules, 1280);
  const fallback = copies.find((copy) => copy.width >= desktop * 2) ?? copies[copies.length - 1];
  const several = copies.length > 1;
  return {
    src: fallback?.url ?? image.url,
    srcSet: several ? copies.map((copy) => `${copy.url} ${copy.width}w`).join(', ') : undefined,
    sizes: several ? imageSlotSizes(rules) : undefined,
    width: image.width ?? undefined,
    height: image.height ?? undefined,
    loading: priority ? 'eager' : 'lazy',
    fetchPriority: priority ? 'high' : undefined,
    decoding: priority ? undefined : 'async',
  };
}

export interface SizedImageProps {
  image: StoredImage;
  /** Where it is shown (its `sizes`). */
  place: ImagePlace;
  alt: string;
  /** The page's main (LCP) image: eager, fetched at high priority. */
  priority?: boolean;
  /** Whether the original may join the copies (see sizedImageAttributes; default true). */
  original?: boolean;
  /** Load at once without raising its priority (a small image always on screen, such as a logo). */
  eager?: boolean;
  /** How the picture fills its box (default cover). */
  fit?: 'cover' | 'contain';
  sx?: SxProps<Theme>;
  'data-testid'?: string;
}

/**
 * A stored image at the size its slot needs (see sizedImageAttributes). It fills its box
 * (`width: 100%; height: 100%`): the box decides the size, so nothing moves when it loads.
 */
export function SizedImage({ image, place, alt, priority, original, eager, fit = 'cover', sx, ...rest }: SizedImageProps) {
  const attributes = sizedImageAttributes(image, place, { priority, original });
  if (eager) attributes.loading = 'eager';
  return (
    <Box
      component="img"
      {...attributes}
      alt={alt}
      data-testid={rest['data-testid']}
      sx={[
        { display: 'block', width: '100%', height: '100%', objectFit: fit },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
