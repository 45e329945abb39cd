import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';

/**
 * The frame of the account screens (/details, /details-buyer, /invite): a top bar (`header`,
 * e.g. AccountHeader), then one narrow column on a soft gradient.
 */
export function AccountLayout({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {header}
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          py: { xs: 4, sm: 8 },
          background: 'radial-gradient(700px 360px at 50% 0%, rgba(110, 86, 207, 0.12), transparent 70%)',
        }}
      >
        <Container maxWidth="sm">{children}</Container>
      </Box>
    </Box>
  );
}
