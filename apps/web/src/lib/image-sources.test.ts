import { describe, expect, it } from 'vitest';
import { imageSources } from './image-sources';

const variants = { '600': 'https://shop.test/media/a/600.webp', '200': 'https://shop.test/media/a/200.webp' };
const original = 'https://shop.test/media/a/original.png';

describe('imageSources', () => {
  it('offers every stored copy by width, smallest first, and the original at its own width', () => {
    expect(imageSources(original, variants, 1600)).toEqual({
      src: original,
      srcSet: `${variants['200']} 200w, ${variants['600']} 600w, ${original} 1600w`,
    });
  });

  it('without the original (logos, covers, tiles): the largest copy is the fallback src, never the upload', () => {
    expect(imageSources(original, variants, 1600, { withOriginal: false })).toEqual({
      src: variants['600'],
      srcSet: `${variants['200']} 200w, ${variants['600']} 600w`,
    });
  });

  it('an image smaller than every variant width has no copies: the original alone, without a srcset', () => {
    expect(imageSources(original, {}, 150, { withOriginal: false })).toEqual({ src: original, srcSet: undefined });
    expect(imageSources(original, undefined, 150)).toEqual({ src: original, srcSet: undefined });
  });
});
