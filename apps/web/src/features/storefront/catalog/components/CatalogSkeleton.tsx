import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import { keyframes } from '@mui/system';
import { visuallyHidden } from '../../../../components/visually-hidden';

/** Spec section 9: 3 columns on desktop, 2 on narrow screens. */
export const catalogGridSx = {
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
  gap: { xs: 1.5, sm: 2.5, md: 3 },
} as const;

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.45; }
  100% { opacity: 1; }
`;

/**
 * A grey placeholder block. Drawn here rather than with MUI's Skeleton: the skeleton grid is
 * the catalog's first paint, and this keeps that paint's download small.
 */
function Bone({ width = '100%', height, square }: { width?: string | number; height?: number; square?: boolean }) {
  return (
    <Box
      sx={{
        width,
        height: square ? 'auto' : height,
        aspectRatio: square ? '1 / 1' : undefined,
        borderRadius: square ? 0 : 1,
        bgcolor: 'rgba(47, 45, 58, 0.08)',
        animation: `${pulse} 1.6s ease-in-out 0.4s infinite`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    />
  );
}

/** The shape of a tile while the grid loads. */
export function ProductTileSkeleton() {
  return (
    <Card aria-hidden sx={{ height: '100%' }}>
      <Bone square />
      <Stack spacing={1} sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Bone width="80%" height={18} />
        <Bone width="45%" height={18} />
        <Bone height={30} />
      </Stack>
    </Card>
  );
}

export function SkeletonTiles({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => <ProductTileSkeleton key={index} />);
}

/** The grid before its first page arrives (and while its code loads). */
export function CatalogSkeleton() {
  return (
    <Box sx={catalogGridSx} aria-busy="true" data-testid="catalog-loading">
      <Box component="span" role="status" sx={visuallyHidden}>
        Loading products
      </Box>
      <SkeletonTiles count={6} />
    </Box>
  );
}
