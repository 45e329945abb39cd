import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';

export interface OrganizationLogoProps {
  /** The organization's name: the image's alternative text. */
  name: string;
  /** The logo's URL (image_set.logo.cloudinary_url); a placeholder shows without one. */
  url: string | null | undefined;
  /** Width and height in pixels. */
  size: number;
  sx?: SxProps<Theme>;
}

/** A seller's square logo, or a neutral storefront placeholder when none was uploaded. */
export function OrganizationLogo({ name, url, size, sx }: OrganizationLogoProps) {
  const base: SxProps<Theme> = {
    width: size,
    height: size,
    borderRadius: size >= 48 ? '16px' : '8px',
    bgcolor: 'background.paper',
    border: '1px solid',
    borderColor: 'divider',
  };
  if (url) {
    return (
      <Avatar
        variant="rounded"
        src={url}
        alt={`${name} logo`}
        sx={[base, { '& img': { objectFit: 'cover' } }, ...(Array.isArray(sx) ? sx : [sx])]}
      />
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
