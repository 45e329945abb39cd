import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/**
 * View as Buyer (DECISIONS "The money path"): a seller opening its own storefront sees what its
 * retailers see, with this slim banner under the top bar. Checkout stays disabled by the cart's
 * `preview` issue (the server's decision). Light on purpose: it is part of the storefront's
 * first paint.
 */
export function PreviewBanner({ orgId, storeName }: { orgId: string; storeName: string }) {
  return (
    <Box
      role="note"
      aria-label="Store preview"
      sx={{ bgcolor: '#fff6e0', borderBottom: 1, borderColor: 'divider', color: 'text.primary' }}
    >
      <Container
        maxWidth="lg"
        disableGutters
        sx={{
          px: { xs: 1.5, sm: 3 },
          py: 0.75,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'baseline',
          columnGap: 2,
          rowGap: 0.25,
        }}
      >
        <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0 }}>
          Preview: this is how your retailers see {storeName}. You can fill a test cart but cannot check out.
        </Typography>
        <Link component={RouterLink} to={`/app/${orgId}/products`} variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          Back to admin
        </Link>
      </Container>
    </Box>
  );
}
