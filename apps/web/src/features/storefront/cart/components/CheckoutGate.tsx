import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Cart } from '@cratebase/contract';
import { useNavigate } from 'react-router';
import { formatCents } from '../../../../lib/format';

/** Spec section 5: the warning's title when the cart may not go to checkout. */
export const CANNOT_CHECKOUT = 'Cannot Checkout';

type GateCart = Pick<
  Cart,
  'item_count' | 'total_cents' | 'min_items' | 'min_cents' | 'can_checkout' | 'checkout_issues'
>;

export interface MinimumProgress {
  /** "Add 4 more items", "Add $23.50 more". */
  text: string;
  /** What the line measures, for assistive technology. */
  label: string;
  /** 0–99 (whole percent, rounded down: 100 only once the minimum is met, and then the line is gone). */
  percent: number;
}

/**
 * One line per unmet minimum (beyond the spec: how far the cart is from each). The cart's own
 * numbers, so the lines follow the buyer's changes before the server has answered them.
 */
export function minimumProgress(cart: GateCart): MinimumProgress[] {
  const lines: MinimumProgress[] = [];
  if (cart.min_items > 0 && cart.item_count < cart.min_items) {
    const missing = cart.min_items - cart.item_count;
    lines.push({
      text: `Add ${missing} more ${missing === 1 ? 'item' : 'items'}`,
      label: `${cart.item_count} of ${cart.min_items} items`,
      percent: Math.floor((100 * Math.max(0, cart.item_count)) / cart.min_items),
    });
  }
  if (cart.min_cents > 0 && cart.total_cents < cart.min_cents) {
    lines.push({
      text: `Add ${formatCents(cart.min_cents - cart.total_cents)} more`,
      label: `${formatCents(cart.total_cents)} of ${formatCents(cart.min_cents)}`,
      percent: Math.floor((100 * Math.max(0, cart.total_cents)) / cart.min_cents),
    });
  }
  return lines;
}

/** Spec section 5: the 'Cannot Checkout' warning with the server's messages (nothing when there are none). */
export function CannotCheckout({ issues }: { issues: GateCart['checkout_issues'] }) {
  if (issues.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
      <AlertTitle>{CANNOT_CHECKOUT}</AlertTitle>
      {issues.length === 1 ? (
        <Typography variant="body2">{issues[0]!.message}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {issues.map((issue) => (
            <Typography key={issue.code} component="li" variant="body2">
              {issue.message}
            </Typography>
          ))}
        </Box>
      )}
    </Alert>
  );
}

export interface CheckoutGateProps {
  cart: GateCart;
  /** The store: Checkout goes to /storefront/{orgId}/checkout. */
  orgId: string;
  /** A change is still on its way: Checkout waits for the server's answer. */
  changing?: boolean;
  /** False when the warning is shown elsewhere (the drawer puts it above the lines). */
  withIssues?: boolean;
}

/**
 * The minimums gate (spec section 5): the server decides (`can_checkout`, `checkout_issues`);
 * the warning lists its messages, progress lines show how far each minimum is, and the Checkout
 * button is enabled only when the server allows it.
 */
export function CheckoutGate({ cart, orgId, changing = false, withIssues = true }: CheckoutGateProps) {
  const navigate = useNavigate();
  const issues = cart.checkout_issues;
  const progress = minimumProgress(cart);
  const blocked = !cart.can_checkout || issues.length > 0;

  return (
    <Stack spacing={1.5}>
      {withIssues && <CannotCheckout issues={issues} />}

      {progress.map((line) => (
        <Box key={line.text}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5, gap: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {line.text}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
              {line.label}
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={line.percent}
            aria-label={`Toward the minimum: ${line.label}`}
            sx={{ height: 6, borderRadius: 3 }}
          />
        </Box>
      ))}

      <Button
        onClick={() => void navigate(`/storefront/${orgId}/checkout`)}
        variant="contained"
        size="large"
        fullWidth
        disabled={blocked || changing}
      >
        Checkout
      </Button>
    </Stack>
  );
}
