import { useState } from 'react';
import { NO_BANK_ACCOUNTS_MESSAGE, bankAccountKindLabel, type BankAccount } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import AddIcon from '@mui/icons-material/Add';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { errorMessage } from '../../../../lib/api';
import { useBankAccounts, useMakeDefaultBankAccount } from '../api';
import { BankLinkDialog } from './BankLinkDialog';

function AccountRow({
  account,
  onMakeDefault,
  busy,
  readOnly,
}: {
  account: BankAccount;
  onMakeDefault: () => void;
  busy: boolean;
  readOnly: boolean;
}) {
  const kind = bankAccountKindLabel(account);
  return (
    <ListItem
      divider
      aria-label={`${account.name}, ${kind}${account.mask ? ` ending in ${account.mask}` : ''}${account.is_default ? ', default' : ''}`}
      sx={{ px: 0, py: 1.5, gap: 2, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography sx={{ color: 'text.primary', fontWeight: 500, overflowWrap: 'anywhere' }}>
          {account.name}
        </Typography>
        <Typography variant="body2">
          {[account.institution_name, kind, account.mask ? `•••• ${account.mask}` : null].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
      {account.is_default ? (
        <Chip label="Default" color="primary" size="small" />
      ) : readOnly ? null : (
        <Button size="small" onClick={onMakeDefault} disabled={busy} aria-label={`Make ${account.name} the default`}>
          Make default
        </Button>
      )}
    </ListItem>
  );
}

/**
 * The "Payouts" card of Set Up Payments (DECISIONS "Bank accounts screen"; spec section 2 "Bank
 * accounts"): the organization's bank accounts (name, type, default) and the way to link one
 * (not for staff: `readOnly`).
 */
export function PayoutsCard({ orgId, readOnly = false }: { orgId: string; readOnly?: boolean }) {
  const accounts = useBankAccounts(orgId);
  const makeDefault = useMakeDefaultBankAccount(orgId);
  const [linking, setLinking] = useState(false);
  const [linkedMessage, setLinkedMessage] = useState<string | null>(null);

  let content;
  if (accounts.isPending) {
    content = (
      <Stack spacing={1} role="status" aria-busy aria-label="Loading your bank accounts">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  } else if (accounts.error) {
    content = (
      <QueryErrorAlert
        error={accounts.error}
        onRetry={() => void accounts.refetch()}
        prefix="We could not load your bank accounts."
      />
    );
  } else if (accounts.data.length === 0) {
    content = (
      <Typography variant="body2" sx={{ py: 1 }}>
        {NO_BANK_ACCOUNTS_MESSAGE}
      </Typography>
    );
  } else {
    content = (
      <List aria-label="Bank accounts" disablePadding>
        {accounts.data.map((account) => (
          <AccountRow
            key={account.id}
            account={account}
            busy={makeDefault.isPending}
            readOnly={readOnly}
            onMakeDefault={() => makeDefault.mutate(account.id)}
          />
        ))}
      </List>
    );
  }

  return (
    <Card component="section" aria-labelledby="payouts-title" sx={{ p: { xs: 2.5, sm: 4 }, mt: 3 }}>
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <AccountBalanceOutlinedIcon color="primary" aria-hidden />
              <Typography id="payouts-title" variant="h6" component="h2">
                Payouts
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              The bank accounts your sales are paid out to. Payouts go to the default account.
            </Typography>
          </Box>
          {!readOnly && (
            <Button
              variant="outlined"
              startIcon={<AddIcon aria-hidden />}
              onClick={() => {
                setLinkedMessage(null);
                setLinking(true);
              }}
              sx={{ flexShrink: 0, width: { xs: '100%', sm: 'auto' } }}
            >
              Link a bank account
            </Button>
          )}
        </Stack>
        {makeDefault.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(makeDefault.error)}
          </Alert>
        )}
        {linkedMessage && (
          <Alert severity="success" role="status" onClose={() => setLinkedMessage(null)}>
            {linkedMessage}
          </Alert>
        )}
        {makeDefault.isPending && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={16} aria-hidden />
            <Typography variant="body2">Saving the default account…</Typography>
          </Stack>
        )}
        {content}
      </Stack>
      {linking && (
        <BankLinkDialog
          orgId={orgId}
          onClose={() => setLinking(false)}
          onLinked={(list) => {
            setLinking(false);
            setLinkedMessage(
              `Your bank is linked. You have ${list.length} bank account${list.length === 1 ? '' : 's'}.`,
            );
          }}
        />
      )}
    </Card>
  );
}
