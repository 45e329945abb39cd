/**
 * Image checks and processing with sharp. The type is decided from the file's first bytes
 * (magic numbers), never from its name or the multipart header. Every stored image is
 * re-encoded: auto-oriented from EXIF, converted to sRGB, all metadata (EXIF, GPS, XMP,
 * comments) stripped.
 *
 * What is stored: the cleaned original in its own format (PNG, GIF, JPEG or WebP, at its own
 * size), and WebP copies (smaller than JPEG/PNG at the same quality, shown by every current
 * browser) at the ladder's widths narrower than the original (contract MEDIA_VARIANT_WIDTHS,
 * never upscaled) and at the original's own width. Animated GIF/WebP stay animated.
 */
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { mediaCopyWidths, type AcceptedImageType } from '@cratebase/contract';
import { DomainError } from '../../lib/errors.js';

/** Decoded-size cap: refuses "decompression bombs" (a tiny file that decodes to gigapixels). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Animated images: total pixels over all frames. */
const MAX_ANIMATED_PIXELS = 100_000_000;

export const UNSUPPORTED_IMAGE_MESSAGE = 'Unsupported image type: upload a PNG, GIF, JPEG or WebP file.';

const EXTENSIONS: Record<AcceptedImageType, string> = {
  'image/png': 'png',
  'image/gif': 'gif',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** The image type from the magic number, or null for anything else. */
export function detectImageType(bytes: Buffer): AcceptedImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes.length >= 6) {
    const head = bytes.subarray(0, 6).toString('latin1');
    if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

export interface EncodedImage {
  bytes: Buffer;
  contentType: string;
  ext: string;
  width: number;
  height: number;
}

export interface ProcessedImage {
  original: EncodedImage;
  /** WebP copies by width (contract mediaCopyWidths). */
  variants: Map<number, EncodedImage>;
}

const damaged = () =>
  new DomainError('invalid', 'invalid_image', 'file: the image could not be read; the file is damaged or incomplete.', [
    { path: 'file', message: 'the image could not be read; the file is damaged or incomplete' },
  ]);

/** Width and height as displayed (EXIF orientation applied; one frame of an animation). */
export async function readDimensions(
  bytes: Buffer,
  type: AcceptedImageType,
): Promise<{ width: number; height: number; pages: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { animated: isAnimatable(type), limitInputPixels: false }).metadata();
  } catch {
    throw damaged();
  }
  const pages = meta.pages ?? 1;
  if (!meta.width || !meta.height) throw damaged();
  if (pages > 1) return { width: meta.width, height: meta.pageHeight ?? meta.height / pages, pages };
  return { width: meta.autoOrient?.width ?? meta.width, height: meta.autoOrient?.height ?? meta.height, pages };
}

function isAnimatable(type: AcceptedImageType) {
  return type === 'image/gif' || type === 'image/webp';
}

export function checkPixelLimit(d: { width: number; height: number; pages: number }) {
  const pixels = d.width * d.height;
  if (pixels > MAX_INPUT_PIXELS || pixels * d.pages > MAX_ANIMATED_PIXELS) {
    const mp = Math.round(MAX_INPUT_PIXELS / 1_000_000);
    throw new DomainError(
      'invalid',
      'image_too_large',
      `file: the image is ${d.width}×${d.height} pixels; images may have at most ${mp} megapixels.`,
      [{ path: 'file', message: `must have at most ${mp} megapixels` }],
    );
  }
}

/** Copies up to this width are resized from one decoded intermediate (at most 1600² RGBA, 10 MB). */
const INTERMEDIATE_MAX_WIDTH = 1600;
/**
 * WebP settings of a copy. Above 600 px, effort 2: 3–4× faster than 4 for ~5% more bytes (a
 * 1200 px photo's 880–1200 px copies: 0.34 s against 1.2 s), which keeps an upload's copies (and
 * the media job's) to about the time the earlier three took.
 */
const copyWebp = (width: number) => ({ quality: 80, effort: width > 600 ? 2 : 4 }) as const;

/**
 * Re-encodes the original (metadata stripped) and makes the WebP copies of mediaCopyWidths:
 * every rung narrower than the image and one at its own width — except for a WebP original,
 * which is its own copy at its width (the caller stores it under that key).
 *
 * Memory stays bounded: a still image is decoded once into an intermediate at most
 * INTERMEDIATE_MAX_WIDTH wide, and the copies up to that width are made from it; wider copies
 * (and animations, whose frames stay) are made one after another from the upload.
 */
export async function processImage(
  bytes: Buffer,
  type: AcceptedImageType,
  dims: { width: number; height: number },
): Promise<ProcessedImage> {
  const animated = isAnimatable(type);
  const input = () => sharp(bytes, { animated, limitInputPixels: MAX_ANIMATED_PIXELS, failOn: 'error' }).autoOrient();
  const encodeOriginal = () => {
    const s = input();
    switch (type) {
      case 'image/png':
        return s.png();
      case 'image/gif':
        return s.gif();
      case 'image/jpeg':
        // libjpeg-turbo with optimised Huffman tables: mozjpeg saves ~10% more but is ~8× slower.
        return s.jpeg({ quality: 86, progressive: true, optimiseCoding: true });
      case 'image/webp':
        return s.webp({ quality: 88 });
    }
  };
  try {
    const original = await encodeOriginal().toBuffer({ resolveWithObject: true });
    return {
      original: {
        bytes: original.data,
        contentType: type,
        ext: EXTENSIONS[type],
        width: original.info.width,
        height: original.info.pageHeight ?? original.info.height,
      },
      variants: await makeCopies(bytes, type, dims),
    };
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw damaged();
  }
}

/**
 * The WebP copies of an image (see processImage); `only` limits them to those widths (the media
 * job filling in an earlier upload's missing copies).
 */
export async function makeCopies(
  bytes: Buffer,
  type: AcceptedImageType,
  dims: { width: number },
  only?: ReadonlySet<number>,
): Promise<Map<number, EncodedImage>> {
  const animated = isAnimatable(type);
  const input = () => sharp(bytes, { animated, limitInputPixels: MAX_ANIMATED_PIXELS, failOn: 'error' }).autoOrient();
  const widths = mediaCopyWidths(dims.width).filter(
    (w) => !(type === 'image/webp' && w === dims.width) && (!only || only.has(w)),
  );
  try {
    const variants = new Map<number, EncodedImage>();
    const keep = (w: number, r: { data: Buffer; info: OutputInfo }) =>
      variants.set(w, {
        bytes: r.data,
        contentType: 'image/webp',
        ext: 'webp',
        width: r.info.width,
        height: r.info.pageHeight ?? r.info.height,
      });
    const fromUpload = (w: number) =>
      input()
        .resize({ width: w, withoutEnlargement: true })
        .webp(copyWebp(w))
        .toBuffer({ resolveWithObject: true });
    const wide = animated ? widths : widths.filter((w) => w > INTERMEDIATE_MAX_WIDTH);
    for (const w of wide) keep(w, await fromUpload(w));
    const narrow = widths.filter((w) => !wide.includes(w));
    if (narrow.length > 0) {
      const top = Math.max(...narrow);
      const base = await input().resize({ width: top, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
      const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
      const copies = await Promise.all(
        narrow.map(async (w) => {
          const s = sharp(base.data, { raw });
          return { w, r: await (w === top ? s : s.resize({ width: w })).webp(copyWebp(w)).toBuffer({ resolveWithObject: true }) };
        }),
      );
      for (const { w, r } of copies) keep(w, r);
    }
    return variants;
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw damaged();
  }
}

/** The file extension a stored original of this type has. */
export function originalExtension(type: AcceptedImageType): string {
  return EXTENSIONS[type];
}

/** At most `limit` images are decoded at once per process; others wait their turn (FIFO). */
export function createLimiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(fn: () => Promise<T>): Promise<T> {
    // A finishing task hands its slot straight to the next waiter, so `active` never overshoots.
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
