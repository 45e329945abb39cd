import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../../../lib/current-user';
import { formatCents, formatDay } from '../../../../lib/format';
import { cartPair } from '../../cart/cart-store';
import { useReceivedProposals } from '../api';

/**
 * The orders this store wrote for the buyer that wait for its answer (issue 25 part 2), each
 * linked to its page — for a buyer who did not keep the e-mail. Nothing while there are none.
 */
export function WrittenForYou({ orgId }: { orgId: string }) {
  const pair = cartPair(useCurrentUser().data, orgId);
  const received = useReceivedProposals(orgId, pair?.buyerId);
  const open = (received.data ?? []).filter((p) => p.status === 'sent');
  if (open.length === 0) return null;
  return (
    <Alert severity="info" role="region" aria-label="Orders written for you">
      <AlertTitle>
        {open[0]!.seller_organization.name} wrote {open.length === 1 ? 'an order' : `${open.length} orders`} for you
      </AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {open.map((p) => (
          <li key={p.id}>
            <Link component={RouterLink} to={`/storefront/${orgId}/proposals/${p.id}`} sx={{ fontWeight: 600 }}>
              Review {p.number}
            </Link>{' '}
            — {p.lines.length} {p.lines.length === 1 ? 'line' : 'lines'}, {formatCents(p.total_cents)}
            {p.sent_at ? `, sent ${formatDay(p.sent_at)}` : ''}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
