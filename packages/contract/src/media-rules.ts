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
/**
 * Widths of the resized WebP copies (`variants`, keyed by width), each made only when narrower
 * than the upload; besides them every upload has a WebP copy at its own width (keyed by that
 * width). The rungs come from the slots below: at device pixel ratio 1, 2 and 3 on a 390 px phone
 * and a 1280 px desktop, each slot's need (CSS width × ratio) has a rung at most 1.25× above it
 * (needs under 64 px take 64). 200 and 600 were the earlier copies: readers that ask for them by
 * key keep working. Uploads from before this ladder have only 200, 600 and 1200 until the media
 * job adds the rest (apps/server/src/modules/media/copies.ts); until then the browser picks from
 * the copies they have.
 */
export const MEDIA_VARIANT_WIDTHS = [64, 120, 160, 200, 320, 400, 480, 600, 880, 1152, 1600, 2560, 3840] as const;

/**
 * One rule of a slot's width, first match wins (like the `sizes` attribute): from a viewport
 * width on (`minViewport`), a fixed CSS width (`px`), or `(100vw - minus) / parts`.
 */
export type ImageSlotRule =
  | { minViewport?: number; px: number }
  | { minViewport?: number; minus: number; parts?: number };

/**
 * Where images are shown, with the CSS width each takes (the layouts of the web app: the
 * storefront's lg container is 1200 px with 16 px gutters on phones, 24 px from 600 px on).
 */
export const IMAGE_SLOTS = {
  /** Storefront grid tile: 2 columns (12 px gap) on phones, 2 (20 px) from 600 px, 3 (24 px) from 900 px. */
  tile: [
    { minViewport: 1200, px: 368 },
    { minViewport: 900, minus: 96, parts: 3 },
    { minViewport: 600, minus: 68, parts: 2 },
    { minus: 44, parts: 2 },
  ],
  /** Product page main photo: 464 px square, or the content width on a phone. */
  productMain: [{ minViewport: 496, px: 464 }, { minus: 32 }],
  /** Product page thumbnails: 100 px squares. */
  productThumb: [{ px: 100 }],
  /** Storefront banner cover: the content width. */
  cover: [{ minViewport: 1200, px: 1152 }, { minViewport: 600, minus: 48 }, { minus: 32 }],
  /** Storefront banner logo: 96 px square (other logo places pass their own size). */
  logo: [{ px: 96 }],
  /** Cart drawer line thumbnail: 56 px. */
  cartThumb: [{ px: 56 }],
  /** Seller products list thumbnail: 130 px, 56 px on phones. */
  sellerThumb: [{ minViewport: 600, px: 130 }, { px: 56 }],
} as const satisfies Record<string, readonly ImageSlotRule[]>;
export type ImageSlot = keyof typeof IMAGE_SLOTS;

/** The rule that applies at a viewport width. */
function slotRule(rules: readonly ImageSlotRule[], viewport: number): ImageSlotRule {
  return rules.find((r) => r.minViewport === undefined || viewport >= r.minViewport) ?? rules[rules.length - 1]!;
}

/** The CSS width in px a slot takes at a viewport width. */
export function imageSlotWidth(rules: readonly ImageSlotRule[], viewport: number): number {
  const rule = slotRule(rules, viewport);
  return 'px' in rule ? rule.px : (viewport - rule.minus) / (rule.parts ?? 1);
}

/** The `sizes` attribute of a slot ("(min-width: 1200px) 368px, …, calc((100vw - 44px) / 2)"). */
export function imageSlotSizes(rules: readonly ImageSlotRule[]): string {
  return rules
    .map((rule) => {
      const length =
        'px' in rule
          ? `${rule.px}px`
          : rule.minus === 0 && (rule.parts ?? 1) === 1
            ? '100vw'
            : (rule.parts ?? 1) === 1
              ? `calc(100vw - ${rule.minus}px)`
              : `calc((100vw - ${rule.minus}px) / ${rule.parts})`;
      return rule.minViewport === undefined ? length : `(min-width: ${rule.minViewport}px) ${length}`;
    })
    .join(', ');
}

/** The copy widths an upload `width` px wide gets: the rungs narrower than it, and its own width. */
export function mediaCopyWidths(width: number): number[] {
  return [...MEDIA_VARIANT_WIDTHS.filter((w) => w < width), width];
}
/**
 * Logos and product photos must be square. A difference of up to 1% of the longer side is
 * accepted (a 1000×1008 phone crop is square to the eye); anything more is refused.
 */
export const SQUARE_TOLERANCE = 0.01;
export function isSquare(width: number, height: number): boolean {
  if (width <= 0 || height <= 0) return false;
  return Math.abs(width - height) <= Math.floor(Math.max(width, height) * SQUARE_TOLERANCE);
}
