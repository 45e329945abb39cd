import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import type { ImageSet, MediaVariants } from '@cratebase/contract';
import { SizedImage } from './SizedImage';

export interface OrganizationLogoProps {
  /** The organization's name: the image's alternative text. */
  name: string;
  /** The organization's logo (image_set.logo, with its resized copies); a placeholder shows without one. */
  image: ImageSet['logo'] | undefined;
  /** Width and height in pixels. */
  size: number;
  sx?: SxProps<Theme>;
}

/** A seller's square logo, or a neutral storefront placeholder when none was uploaded. */
export function OrganizationLogo({ name, image, size, sx }: OrganizationLogoProps) {
  const base: SxProps<Theme> = {
    width: size,
    height: size,
    borderRadius: size >= 48 ? '16px' : '8px',
    bgcolor: 'background.paper',
    border: '1px solid',
    borderColor: 'divider',
  };
  if (image) {
    // The img is SizedImage's (every copy, `size` px in sizes): the Avatar's own would preload its
    // srcset without sizes, that is at the window's width, fetching the largest copy.
    return (
      <Avatar variant="rounded" sx={[base, ...(Array.isArray(sx) ? sx : [sx])]}>
        <SizedImage image={{ ...image, url: image.cloudinary_url }} place={size} alt={`${name} logo`} eager />
      </Avatar>
    );
  }
  return (
    <Avatar
      variant="rounded"
      role="img"
      aria-label={`${name} logo placeholder`}
      data-testid="logo-placeholder"
      sx={[
        base,
        {
          bgcolor: '#efebfb',
          color: 'primary.main',
          '& svg': { fontSize: Math.round(size * 0.5) },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <StorefrontOutlinedIcon aria-hidden />
    </Avatar>
  );
}

/**
 * The URL to show a store's logo or cover (or an upload preview) at up to `width` CSS px:
 * the smallest stored copy at least twice that wide (sharp on high-density screens), else the
 * largest copy; the original only when the image has no copies at all. (Product photos, shown
 * at many sizes, get a srcset: lib/image-sources.ts.) Here, not in lib/, so the storefront's
 * first load needs no extra chunk for it.
 */
export function imageCopyUrl(
  image: { cloudinary_url: string; variants?: MediaVariants | undefined },
  width: number,
): string {
  const copies = Object.entries(image.variants ?? {})
    .map(([key, url]) => ({ width: Number(key), url }))
    .filter((copy) => Number.isInteger(copy.width) && copy.width > 0 && copy.url)
    .sort((a, b) => a.width - b.width);
  if (copies.length === 0) return image.cloudinary_url;
  return (copies.find((copy) => copy.width >= width * 2) ?? copies[copies.length - 1]!).url;
}
