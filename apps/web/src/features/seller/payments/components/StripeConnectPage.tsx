import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { useAccountStatus, useCreateConnectAccount } from '../api';
import { EmbeddedOnboarding } from './EmbeddedOnboarding';
import { PayoutsCard } from './PayoutsCard';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { useTeamRole } from '../../../../lib/current-user';

/** Spec section 8: what Get Started shows when the account cannot be created. */
export const SETUP_FAILED_MESSAGE = 'Something went wrong while setting up your Stripe account. Please try again.';

/** A small tinted icon leading a line of the list. */
function BulletIcon({ children }: { children: ReactNode }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 36,
        height: 36,
        flexShrink: 0,
        borderRadius: 2,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'rgba(110, 86, 207, 0.1)',
        color: 'primary.main',
      }}
    >
      {children}
    </Box>
  );
}

function GetStarted({ orgId }: { orgId: string }) {
  const create = useCreateConnectAccount(orgId);
  return (
    <Card component="section" aria-labelledby="get-started-title" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Stack spacing={3}>
        <Box>
          <Typography id="get-started-title" variant="h6" component="h2">
            Accept card payments from your retailers
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            Connect a payment account so retailers can pay by card at checkout and your sales are paid out to your bank.
          </Typography>
        </Box>
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          <Stack component="li" direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <BulletIcon>
              <ScheduleOutlinedIcon fontSize="small" />
            </BulletIcon>
            <Typography>Onboarding takes about 5 minutes.</Typography>
          </Stack>
          <Stack component="li" direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <BulletIcon>
              <BadgeOutlinedIcon fontSize="small" />
            </BulletIcon>
            <Typography>Have your EIN (Employer Identification Number) handy.</Typography>
          </Stack>
          <Stack component="li" direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <BulletIcon>
              <AccountBalanceOutlinedIcon fontSize="small" />
            </BulletIcon>
            <Typography>You will also need your business address and the bank account for payouts.</Typography>
          </Stack>
        </Stack>
        {create.isError && (
          <Alert severity="error" role="alert">
            {SETUP_FAILED_MESSAGE}
          </Alert>
        )}
        <Box>
          <Button
            variant="contained"
            size="large"
            onClick={() => create.mutate()}
            disabled={create.isPending}
            startIcon={create.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {create.isPending ? 'Setting up…' : 'Get Started'}
          </Button>
        </Box>
      </Stack>
    </Card>
  );
}

export const STAFF_PAYMENTS_MESSAGE = 'Only an owner or admin can change payments and bank accounts.';

/** /app/{org_id}/organization/onboarding/stripe-connect (spec section 2 "Set Up Payments", section 4). */
export function StripeConnectPage() {
  useOrganizationPageTitle('Payments');
  const { orgId = '' } = useParams();
  const status = useAccountStatus(orgId);
  const s = status.data;
  // Staff see the set-up; owners and admins change it (the server refuses staff anyway).
  const readOnly = useTeamRole(orgId) === 'staff';
  // "Update your details" while under review reopens the form; a new status (the submission's
  // answer) closes it again by itself.
  const [updatingStatus, setUpdatingStatus] = useState<typeof s | null>(null);
  const updating = Boolean(s) && updatingStatus === s;

  let content;
  if (status.isPending) {
    content = (
      <Stack spacing={2} role="status" aria-busy aria-label="Loading your payment account">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    );
  } else if (status.error) {
    content = (
      <QueryErrorAlert
        error={status.error}
        onRetry={() => void status.refetch()}
        prefix="We could not load the status of your payment account."
      />
    );
  } else if (readOnly && (!s?.account_id || !s.details_submitted)) {
    content = (
      <Alert severity="info" role="status">
        <AlertTitle>Payments are not set up yet</AlertTitle>
        {STAFF_PAYMENTS_MESSAGE} Ask one of them to finish setting up card payments.
      </Alert>
    );
  } else if (!s?.account_id) {
    content = <GetStarted orgId={orgId} />;
  } else if (!s.details_submitted || updating) {
    content = <EmbeddedOnboarding orgId={orgId} account={s.account_id} />;
  } else if (!s.charges_enabled) {
    content = (
      <Alert
        severity="warning"
        role="status"
        action={
          readOnly ? undefined : (
            <Button color="inherit" size="small" onClick={() => setUpdatingStatus(s)} sx={{ whiteSpace: 'nowrap' }}>
              Update your details
            </Button>
          )
        }
      >
        <AlertTitle>Your account is under review</AlertTitle>
        Your details were submitted and are being reviewed. You can accept card payments once the review is complete;
        until then retailers cannot pay by card at checkout.
      </Alert>
    );
  } else {
    content = (
      <Alert
        severity="success"
        role="status"
        action={
          <Button
            component={RouterLink}
            to={`/app/${orgId}/welcome`}
            color="inherit"
            size="small"
            sx={{ whiteSpace: 'nowrap' }}
          >
            Back to set-up
          </Button>
        }
      >
        <AlertTitle>Your payment account is set up</AlertTitle>
        You can now accept card payments: retailers pay by card at checkout and the money is paid out to your bank
        account.
      </Alert>
    );
  }

  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeader
        title={
          <Stack direction="row" spacing={1.5} component="span" sx={{ alignItems: 'center' }}>
            <PaymentsOutlinedIcon color="primary" aria-hidden />
            <span>Set Up Payments</span>
          </Stack>
        }
      />
      {readOnly && s?.details_submitted && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {STAFF_PAYMENTS_MESSAGE}
        </Alert>
      )}
      {content}
      <PayoutsCard orgId={orgId} readOnly={readOnly} />
    </Box>
  );
}

export default StripeConnectPage;
