import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ImageSet } from '@cratebase/contract';
import { SizedImage } from '../../../components/SizedImage';

/** A stable hue per store, so placeholder covers differ from card to card. */
function hueOf(seed: string): number {
  let hash = 0;
  for (let i = 0; i < seed.length; i += 1) hash = (hash * 31 + seed.charCodeAt(i)) >>> 0;
  // Stay within purples, blues, greens and ambers that sit well with the theme.
  const palette = [258, 232, 200, 160, 38, 280];
  return palette[hash % palette.length]!;
}

export interface StoreCoverProps {
  /** Seeds the placeholder's colour (the organization id). */
  seed: string;
  /** The store's cover (image_set.splash_image, with its resized copies); a placeholder without one. */
  image: ImageSet['splash_image'] | undefined;
  height: number | Record<string, number>;
  /** The page's main image (the storefront's banner): loaded at once, first. */
  priority?: boolean;
  sx?: SxProps<Theme>;
}

/** A store's cover (splash) image, or a soft gradient with a crate pattern when none was uploaded. */
export function StoreCover({ seed, image, height, priority, sx }: StoreCoverProps) {
  const extra = Array.isArray(sx) ? sx : [sx];
  if (image) {
    // A cover spans the page's content (a store card is narrower): the copy for that width.
    return (
      <SizedImage
        image={{ ...image, url: image.cloudinary_url }}
        place="cover"
        alt=""
        priority={priority}
        sx={[{ height, bgcolor: '#ece9f5' }, ...extra]}
      />
    );
  }
  const hue = hueOf(seed);
  const pattern = encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="88" height="88" viewBox="0 0 56 56"><g fill="none" stroke="white" stroke-opacity="0.16" stroke-width="1.4" stroke-linejoin="round"><path d="M16 22l12-6 12 6v13l-12 6-12-6z"/><path d="M16 22l12 6 12-6M28 28v13"/></g></svg>`,
  );
  return (
    <Box
      aria-hidden
      data-testid="cover-placeholder"
      sx={[
        {
          width: '100%',
          height,
          backgroundColor: `hsl(${hue} 45% 62%)`,
          backgroundImage: `url("data:image/svg+xml,${pattern}"), radial-gradient(120% 90% at 15% 10%, hsl(${hue} 70% 80% / 0.9), transparent 60%), linear-gradient(135deg, hsl(${hue} 50% 68%) 0%, hsl(${(hue + 24) % 360} 45% 48%) 100%)`,
          backgroundSize: '88px 88px, cover, cover',
        },
        ...extra,
      ]}
    />
  );
}
