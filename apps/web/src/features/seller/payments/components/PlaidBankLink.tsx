/**
 * Plaid Link in the Payouts card's bank dialog (issue 21, part 4), when bank accounts are linked
 * through Plaid: a word on what happens, then Plaid's own window with our link token; the public
 * token Plaid hands back is exchanged by our server (POST /api/plaid/item/public_token/exchange),
 * which answers the organization's accounts.
 *
 * Loaded on demand (React.lazy), so Plaid's script (react-plaid-link loads
 * https://cdn.plaid.com/link/v2/stable/link-initialize.js) is requested only when a seller opens
 * this dialog. Our dialog closes while Plaid's window is open (two modal windows would fight over
 * the keyboard focus) and comes back to show the linking, or what went wrong.
 */
import { useId, useState } from 'react';
import type { BankAccount } from '@cratebase/contract';
import { usePlaidLink, type PlaidLinkError } from 'react-plaid-link';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { errorMessage } from '../../../../lib/api';
import { useExchangePublicToken } from '../api';

export const CONTINUE_WITH_PLAID = 'Continue with Plaid';
export const PLAID_LOAD_FAILED = 'We could not load Plaid Link. Check your connection and try again.';
export const LINKING_BANK = 'Linking your bank…';

export interface PlaidBankLinkProps {
  orgId: string;
  /** Our link token (provider plaid) for this dialog. */
  linkToken: string;
  onClose: () => void;
  /** The accounts, once the bank is linked. */
  onLinked: (accounts: BankAccount[]) => void;
  /** A new link token (and a new Plaid window): after Plaid or the exchange failed. */
  onStartAgain: () => void;
}

type Phase = { name: 'ready' } | { name: 'plaid' } | { name: 'linking' } | { name: 'failed'; message: string };

/** Plaid's sentence for the person, else its message. */
const plaidMessage = (error: PlaidLinkError) => error.display_message ?? error.error_message;

export function PlaidBankLink({ orgId, linkToken, onClose, onLinked, onStartAgain }: PlaidBankLinkProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [phase, setPhase] = useState<Phase>({ name: 'ready' });
  const exchange = useExchangePublicToken(orgId);

  const plaid = usePlaidLink({
    token: linkToken,
    onSuccess: (publicToken) => {
      if (!publicToken) {
        setPhase({ name: 'failed', message: 'Plaid did not hand back a link to your bank. Please try again.' });
        return;
      }
      setPhase({ name: 'linking' });
      exchange.mutate(publicToken, {
        onSuccess: (accounts) => onLinked(accounts),
        onError: (error) => setPhase({ name: 'failed', message: errorMessage(error) }),
      });
    },
    onExit: (error) => {
      // Closed by the seller: nothing linked, nothing to say. A failure: say what Plaid said.
      if (error) setPhase({ name: 'failed', message: plaidMessage(error) });
      else onClose();
    },
  });

  function openPlaid() {
    setPhase({ name: 'plaid' });
    plaid.open();
  }

  const busy = phase.name === 'linking';
  let body;
  let action = null;
  if (phase.name === 'failed') {
    body = (
      <Alert severity="error" role="alert">
        {phase.message}
      </Alert>
    );
    action = <Button onClick={onStartAgain}>Start again</Button>;
  } else if (plaid.error) {
    body = (
      <Alert severity="error" role="alert">
        {PLAID_LOAD_FAILED}
      </Alert>
    );
    action = <Button onClick={onStartAgain}>Try again</Button>;
  } else if (phase.name === 'linking') {
    body = (
      <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center' }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>{LINKING_BANK}</Typography>
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={1.5}>
        <Typography variant="body2">
          We use Plaid to connect your bank securely. You sign in to your bank in Plaid’s window and choose the accounts
          your sales are paid out to; we never see your bank credentials.
        </Typography>
        {!plaid.ready && (
          <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center' }}>
            <CircularProgress size={16} aria-hidden />
            <Typography variant="body2">Opening Plaid…</Typography>
          </Stack>
        )}
      </Stack>
    );
    action = (
      <Button variant="contained" onClick={openPlaid} disabled={!plaid.ready}>
        {CONTINUE_WITH_PLAID}
      </Button>
    );
  }

  return (
    <Dialog
      // Hidden while Plaid's own window is open.
      open={phase.name !== 'plaid'}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>Link a bank account</DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose} disabled={busy} sx={{ mr: 'auto' }}>
          Cancel
        </Button>
        {action}
      </DialogActions>
    </Dialog>
  );
}

export default PlaidBankLink;
