import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SizedImage, sizedImageAttributes } from './SizedImage';

const base = 'https://shop.test/media/a';
const original = `${base}/original.jpg`;
/** A 1200 px upload under the copy ladder: the rungs under 1200 and a WebP at 1200. */
const ladder = [64, 120, 160, 200, 320, 400, 480, 600, 880, 1152, 1200];
const current = {
  url: original,
  width: 1200,
  height: 1200,
  variants: Object.fromEntries(ladder.map((w) => [String(w), `${base}/w${w}.webp`])),
};
/** The same upload from before the ladder: copies at 200 and 600 only. */
const earlier = { url: original, width: 1200, height: 1200, variants: { '600': `${base}/w600.webp`, '200': `${base}/w200.webp` } };

describe('sizedImageAttributes', () => {
  it('lists every copy by width with the slot’s sizes, and never the original when a copy has its width', () => {
    const a = sizedImageAttributes(current, 'productMain');
    expect(a.srcSet).toBe(ladder.map((w) => `${base}/w${w}.webp ${w}w`).join(', '));
    expect(a.srcSet).not.toContain('original.jpg');
    expect(a.sizes).toBe('(min-width: 496px) 464px, calc(100vw - 32px)');
    // Without srcset support: the narrowest copy twice the desktop width (2 × 464).
    expect(a.src).toBe(`${base}/w1152.webp`);
    expect([a.width, a.height]).toEqual([1200, 1200]);
  });

  it('gives each slot its sizes: tiles, thumbnails, the cover, the seller list and a fixed width', () => {
    expect(sizedImageAttributes(current, 'tile').sizes).toBe(
      '(min-width: 1200px) 368px, (min-width: 900px) calc((100vw - 96px) / 3), (min-width: 600px) calc((100vw - 68px) / 2), calc((100vw - 44px) / 2)',
    );
    expect(sizedImageAttributes(current, 'productThumb').sizes).toBe('100px');
    expect(sizedImageAttributes(current, 'cartThumb').sizes).toBe('56px');
    expect(sizedImageAttributes(current, 'sellerThumb').sizes).toBe('(min-width: 600px) 130px, 56px');
    expect(sizedImageAttributes(current, 'cover').sizes).toBe(
      '(min-width: 1200px) 1152px, (min-width: 600px) calc(100vw - 48px), calc(100vw - 32px)',
    );
    expect(sizedImageAttributes(current, 96).sizes).toBe('96px');
  });

  it('an earlier upload keeps working: its copies and the original at its width', () => {
    const a = sizedImageAttributes(earlier, 'productMain');
    expect(a.srcSet).toBe(`${base}/w200.webp 200w, ${base}/w600.webp 600w, ${original} 1200w`);
    // A tile takes only the copies (a heavy original would be picked for dense screens).
    expect(sizedImageAttributes(earlier, 'tile', { original: false }).srcSet).toBe(
      `${base}/w200.webp 200w, ${base}/w600.webp 600w`,
    );
  });

  it('an image with no copies is its original alone, without srcset or sizes', () => {
    const a = sizedImageAttributes({ url: original, width: 40, height: 40, variants: {} }, 'cartThumb', { original: false });
    expect([a.src, a.srcSet, a.sizes]).toEqual([original, undefined, undefined]);
  });

  it('loads lazily, except the page’s main image: eager and fetched at high priority', () => {
    expect(sizedImageAttributes(current, 'tile')).toMatchObject({ loading: 'lazy', fetchPriority: undefined, decoding: 'async' });
    expect(sizedImageAttributes(current, 'productMain', { priority: true })).toMatchObject({
      loading: 'eager',
      fetchPriority: 'high',
    });
  });
});

describe('SizedImage', () => {
  it('renders an img with srcset, sizes, width and height, filling its box', () => {
    render(<SizedImage image={current} place="productMain" alt="Breakfast Tea" priority fit="contain" />);
    const img = screen.getByRole('img', { name: 'Breakfast Tea' });
    expect(img.getAttribute('srcset')).toContain(`${base}/w480.webp 480w`);
    expect(img.getAttribute('sizes')).toBe('(min-width: 496px) 464px, calc(100vw - 32px)');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1200', '1200']);
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });
});
