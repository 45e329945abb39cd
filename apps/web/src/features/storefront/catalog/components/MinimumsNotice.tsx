import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { Link as RouterLink } from 'react-router';
import { useCart } from '../../cart/api';
import { minimumsSummary } from '../catalog-display';

/** The notice's height, kept while the cart loads so the grid below does not move. */
const NOTICE_MIN_HEIGHT = 40;

/**
 * Above the catalogue's grid (issue 27 §3): the store's order minimums for this buyer in one
 * line — "First-order minimum: 6 items · $100.00" until the buyer's first order with the seller,
 * "Reorder minimum: …" after, as the cart applies them — with a link to the Terms tab.
 */
export function MinimumsNotice({ orgId, termsTo }: { orgId: string; termsTo: string }) {
  const cart = useCart(orgId);
  if (cart.isError) return null;
  if (!cart.data) return <Box aria-hidden sx={{ minHeight: NOTICE_MIN_HEIGHT }} />;
  const { label, text } = minimumsSummary(cart.data);
  return (
    <Box
      data-testid="minimums-notice"
      sx={{
        minHeight: NOTICE_MIN_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: 1.5,
        rowGap: 0.25,
        px: 1.5,
        py: 0.75,
        borderRadius: 1,
        bgcolor: 'rgba(110, 86, 207, 0.06)',
      }}
    >
      <Inventory2OutlinedIcon aria-hidden fontSize="small" sx={{ color: 'primary.main' }} />
      <Typography variant="body2" component="p" sx={{ color: 'text.primary', flexGrow: 1, minWidth: 0 }}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {text ? `${label}:` : label}
        </Box>
        {text && ` ${text}`}
      </Typography>
      <Link component={RouterLink} to={termsTo} variant="body2" underline="hover" replace preventScrollReset>
        See terms
      </Link>
    </Box>
  );
}
