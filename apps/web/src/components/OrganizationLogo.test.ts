import { describe, expect, it } from 'vitest';
import { imageCopyUrl } from './OrganizationLogo';

const original = 'https://shop.test/media/a/original.png';
const variants = {
  '200': 'https://shop.test/media/a/200.webp',
  '600': 'https://shop.test/media/a/600.webp',
  '1200': 'https://shop.test/media/a/1200.webp',
};

describe('imageCopyUrl', () => {
  const image = { cloudinary_url: original, variants };
  it('picks the smallest copy at least twice the shown width, else the largest copy', () => {
    expect(imageCopyUrl(image, 100)).toBe(variants['200']);
    expect(imageCopyUrl(image, 160)).toBe(variants['600']);
    expect(imageCopyUrl(image, 760)).toBe(variants['1200']);
  });
  it('uses the original only when there are no copies', () => {
    expect(imageCopyUrl({ cloudinary_url: original }, 160)).toBe(original);
  });
});
