import { Suspense, lazy, useId, useState, type FormEvent } from 'react';
import {
  BUILTIN_BANK_TEST_PASSWORD,
  BUILTIN_BANK_TEST_USERNAME,
  bankAccountKindLabel,
  type BankAccount,
  type BankInstitution,
  type BuiltinLinkSignedIn,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useQuery } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../../../lib/api';
import { builtinLink, createLinkToken, useExchangePublicToken } from '../api';
import { bankingKeys } from '../../../../lib/query-keys';

/** Plaid Link (react-plaid-link), loaded only when the server links banks through Plaid. */
const PlaidBankLink = lazy(() => import('./PlaidBankLink'));

/** While Plaid's part of the page loads. */
function OpeningDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Link a bank account</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} role="status" aria-busy aria-label="Opening your bank link">
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={48} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose} sx={{ mr: 'auto' }}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface BankLinkDialogProps {
  orgId: string;
  onClose: () => void;
  /** The link ended: the organization's accounts, with the new ones. */
  onLinked: (accounts: BankAccount[]) => void;
}

type Step =
  | { name: 'institution' }
  | { name: 'credentials'; institution: BankInstitution }
  | { name: 'accounts'; signedIn: BuiltinLinkSignedIn; chosen: string[] };

/** The link session is over (expired or completed): only a new one helps. */
const sessionOver = (error: unknown) =>
  error instanceof ApiError &&
  ['token_expired', 'token_used', 'invalid_token'].includes(error.code) &&
  error.issueFor('link_token') !== undefined;

/**
 * Linking a bank account. With Plaid configured, Plaid Link (PlaidBankLink.tsx). Otherwise the
 * built-in bank-linking widget (DECISIONS: a sandbox linking dialog in the shape of Plaid Link):
 * choose a test institution, sign in (user_good / pass_good), pick accounts, Continue. The
 * widget's public token is exchanged at once, and the dialog hands back the new list.
 */
export function BankLinkDialog({ orgId, onClose, onLinked }: BankLinkDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [attempt, setAttempt] = useState(0);
  const [step, setStep] = useState<Step>({ name: 'institution' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const exchange = useExchangePublicToken(orgId);

  // A fresh link token (and the widget's session) every time the dialog opens or starts again.
  const session = useQuery({
    queryKey: bankingKeys.linkSession(orgId, attempt),
    queryFn: async () => {
      const token = await createLinkToken(orgId);
      if (token.provider !== 'builtin') return { token, session: null };
      return { token, session: await builtinLink.session(token.link_token) };
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const linkToken = session.data?.token.link_token;

  function startAgain() {
    setError(null);
    setStep({ name: 'institution' });
    setUsername('');
    setPassword('');
    setAttempt((n) => n + 1);
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  function chooseInstitution(institution: BankInstitution) {
    setError(null);
    setUsername('');
    setPassword('');
    setStep({ name: 'credentials', institution });
  }

  function signIn(event: FormEvent) {
    event.preventDefault();
    if (step.name !== 'credentials' || !linkToken) return;
    void run(async () => {
      const signedIn = await builtinLink.signIn({
        linkToken,
        institutionId: step.institution.institution_id,
        username,
        password,
      });
      setPassword('');
      setStep({ name: 'accounts', signedIn, chosen: signedIn.accounts.map((a) => a.id) });
    });
  }

  function finish() {
    if (step.name !== 'accounts' || !linkToken) return;
    void run(async () => {
      const success = await builtinLink.chooseAccounts(linkToken, step.chosen);
      onLinked(await exchange.mutateAsync(success.public_token));
    });
  }

  // Plaid configured: Plaid Link, in its own chunk, with this link token.
  if (session.data && session.data.token.provider === 'plaid') {
    return (
      <Suspense fallback={<OpeningDialog onClose={onClose} />}>
        <PlaidBankLink
          key={session.data.token.link_token}
          orgId={orgId}
          linkToken={session.data.token.link_token}
          onClose={onClose}
          onLinked={onLinked}
          onStartAgain={startAgain}
        />
      </Suspense>
    );
  }

  let body;
  let actions;
  if (session.isPending) {
    body = (
      <Stack spacing={1.5} role="status" aria-busy aria-label="Opening your bank link">
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={48} />
      </Stack>
    );
  } else if (session.error) {
    body = (
      <Alert severity="error" role="alert">
        We could not start linking your bank. {errorMessage(session.error)}
      </Alert>
    );
    actions = <Button onClick={startAgain}>Try again</Button>;
  } else if (!session.data.session) {
    // A provider this page does not know (the contract names builtin and plaid only).
    body = (
      <Alert severity="error" role="alert">
        This server links bank accounts through a service this page cannot open. Please ask your administrator.
      </Alert>
    );
  } else if (step.name === 'institution') {
    body = (
      <Stack spacing={1.5}>
        <Typography variant="body2">
          {session.data.session.client_name} uses a secure link to your bank to pay out your sales. Choose your bank.
        </Typography>
        <List aria-label="Banks" disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
          {session.data.session.institutions.map((institution) => (
            <ListItemButton key={institution.institution_id} onClick={() => chooseInstitution(institution)} divider>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <AccountBalanceOutlinedIcon color="primary" aria-hidden />
              </ListItemIcon>
              <ListItemText primary={institution.name} />
              <ChevronRightIcon aria-hidden />
            </ListItemButton>
          ))}
        </List>
      </Stack>
    );
  } else if (step.name === 'credentials') {
    body = (
      <Stack
        component="form"
        id={`${titleId}-form`}
        spacing={2}
        onSubmit={signIn}
        noValidate
        aria-label={`Sign in to ${step.institution.name}`}
      >
        <Typography variant="body2">
          Sign in with your online banking username and password for <strong>{step.institution.name}</strong>.
        </Typography>
        <Alert severity="info" variant="outlined" role="note">
          Test bank: sign in with username <strong>{BUILTIN_BANK_TEST_USERNAME}</strong> and password{' '}
          <strong>{BUILTIN_BANK_TEST_PASSWORD}</strong>.
        </Alert>
        <TextField
          label="Username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="off"
          autoFocus
          required
          disabled={busy}
        />
        <TextField
          label="Password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="off"
          required
          disabled={busy}
        />
      </Stack>
    );
    actions = (
      <>
        <Button color="inherit" onClick={() => setStep({ name: 'institution' })} disabled={busy}>
          Back
        </Button>
        <Button
          type="submit"
          form={`${titleId}-form`}
          variant="contained"
          disabled={busy || !username || !password}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          Sign in
        </Button>
      </>
    );
  } else {
    const { signedIn, chosen } = step;
    const toggle = (id: string) =>
      setStep({ ...step, chosen: chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id] });
    body = (
      <Stack spacing={1.5}>
        <Typography variant="body2">
          Choose the {signedIn.institution.name} accounts to link. Payouts go to your default account.
        </Typography>
        <FormGroup aria-label="Accounts to link">
          {signedIn.accounts.map((account) => (
            <FormControlLabel
              key={account.id}
              control={
                <Checkbox checked={chosen.includes(account.id)} onChange={() => toggle(account.id)} disabled={busy} />
              }
              label={
                <Box>
                  <Typography sx={{ color: 'text.primary' }}>{account.name}</Typography>
                  <Typography variant="body2">
                    {bankAccountKindLabel(account)}
                    {account.mask ? ` •••• ${account.mask}` : ''}
                  </Typography>
                </Box>
              }
              sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiCheckbox-root': { pt: 0.5 } }}
            />
          ))}
        </FormGroup>
      </Stack>
    );
    actions = (
      <Button
        variant="contained"
        onClick={finish}
        disabled={busy || chosen.length === 0}
        startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      >
        Continue
      </Button>
    );
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>
        {step.name === 'institution'
          ? 'Link a bank account'
          : step.name === 'credentials'
            ? step.institution.name
            : 'Choose accounts'}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {error !== null && (
            <Alert
              severity="error"
              role="alert"
              action={
                sessionOver(error) ? (
                  <Button color="inherit" size="small" onClick={startAgain}>
                    Start again
                  </Button>
                ) : undefined
              }
            >
              {sessionOver(error) ? 'This bank link session has ended. Please start again.' : errorMessage(error)}
            </Alert>
          )}
          {body}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose} disabled={busy} sx={{ mr: 'auto' }}>
          Cancel
        </Button>
        {actions}
      </DialogActions>
    </Dialog>
  );
}
