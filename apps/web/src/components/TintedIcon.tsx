import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

export interface TintedIconProps {
  children: ReactNode;
  /** A circle (empty states, not found) or a rounded square (notices, the empty catalogue). */
  shape?: 'circle' | 'rounded';
  /** Font size of the icon inside, in px (the icon's own size when not given). */
  iconSize?: number;
}

/** A 56 px icon on a soft brand-coloured background: the picture of empty and status blocks. */
export function TintedIcon({ children, shape = 'circle', iconSize }: TintedIconProps) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 56,
        height: 56,
        flexShrink: 0,
        borderRadius: shape === 'circle' ? '50%' : 3,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'rgba(110, 86, 207, 0.1)',
        color: 'primary.main',
        ...(iconSize ? { '& svg': { fontSize: iconSize } } : {}),
      }}
    >
      {children}
    </Box>
  );
}
