import { useEffect, useRef } from 'react';
import type { Organization } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api';
import { useSignedInProfile } from '../../../lib/auth-hooks';
import { rememberedOrgId, rememberOrgId } from '../../../lib/storage';
import { createUserAccount, refreshCurrentUser } from '../../../lib/current-user';
import { accountHomeDestination, buyerLandingChoice } from '../../../lib/routing';
import { AccountHeader } from '../../../components/AccountHeader';
import { AccountLayout } from '../../../components/AccountLayout';
import { DetailsForm } from './DetailsForm';
import { usePageTitle } from '../../../lib/use-page-title';
import { userQueryKey } from '../../../lib/query-keys';

function FormSkeleton() {
  return (
    <Stack spacing={2.5} aria-hidden>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} variant="rounded" height={56} />
      ))}
      <Skeleton variant="text" width="70%" />
      <Skeleton variant="text" width="80%" />
      <Skeleton variant="rounded" height={44} />
    </Stack>
  );
}

/** /details: finish a new account by creating its first organization. */
export function DetailsPage() {
  usePageTitle('Create Your Account');
  const profile = useSignedInProfile();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createUser = useMutation({
    mutationFn: createUserAccount,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
  const started = useRef(false);
  const { mutate } = createUser;

  // Spec: on entry a user-creation call is made (idempotent on the server).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  const user = createUser.data;

  async function handleCreated(organization: Organization) {
    // Load the user with the new organization before leaving, so the next screen knows it.
    const refreshed = await refreshCurrentUser(queryClient);
    if (organization.selected_type === 'Merchant') {
      rememberOrgId(organization.id);
      navigate(`/app/${organization.id}/welcome`, { replace: true });
      return;
    }
    navigate(buyerLandingChoice(refreshed), { replace: true });
  }

  if (user && user.organizations.length > 0) {
    return <Navigate to={accountHomeDestination(user, rememberedOrgId())} replace />;
  }

  const email = user?.email ?? profile.email ?? '';

  return (
    <AccountLayout header={<AccountHeader />}>
      <Stack spacing={1} sx={{ textAlign: 'center', mb: 4 }}>
        <Typography variant="h4" component="h1">
          Create your account
        </Typography>
        <Typography variant="body1">Tell us about your business to finish setting up Cratebase.</Typography>
      </Stack>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          {createUser.isError ? (
            <Stack spacing={2}>
              <Alert severity="error">{errorMessage(createUser.error)}</Alert>
              <Button variant="contained" onClick={() => createUser.mutate()}>
                Try again
              </Button>
            </Stack>
          ) : user ? (
            <DetailsForm email={email} onCreated={handleCreated} contact={{ name: user.name, phone: user.phone }} />
          ) : (
            <FormSkeleton />
          )}
        </CardContent>
      </Card>
    </AccountLayout>
  );
}

export default DetailsPage;
