import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** A form page's body: the main column and a 320 px side column, stacked below the `lg` breakpoint. */
export function MainAndSideColumns({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 320px' },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}
