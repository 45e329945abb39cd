import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../lib/auth-context';
import { ApiError, errorMessage } from '../../../lib/api';
import { useSignedInProfile, useSignIn, useSignOut } from '../../../lib/auth-hooks';
import { refreshCurrentUser, useCurrentUser } from '../../../lib/current-user';
import { ConsentCheckboxes } from '../../../components/ConsentCheckboxes';
import { acceptInvite, buyerSignupPath, isAlreadyPurchaser, saveBuyerSignupKeys } from '../../../lib/invites';
import { fetchInviteMetadata } from '../api';
import { usePageTitle } from '../../../lib/use-page-title';
import { inviteMetadataKeys } from '../../../lib/query-keys';
import {
  AcceptErrorAlert,
  busyIcon,
  InviteAcceptLayout,
  InviteHero,
  InviteSkeleton,
  LogInInstead,
  SignedInAs,
} from './InviteAcceptLayout';

export const PRODUCT = 'Cratebase';
export const inviteHeadline = (orgName: string) => `Accept your invitation to ${orgName} on ${PRODUCT}`;
export const JOIN_BUTTON = `Join new store on ${PRODUCT}`;
export const ACCEPT_BUTTON = `Accept your Invitation to ${PRODUCT}`;

/**
 * /invite/{invite_id}: the seller's name and logo, the terms and e-mails checkboxes, then
 * Join (signed in) or Accept, which signs the visitor up and continues at /details-buyer.
 */
export function InvitePage() {
  usePageTitle('Invitation');
  const { inviteId = '' } = useParams();
  const auth = useAuth();
  const profile = useSignedInProfile();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const signOut = useSignOut();
  const [terms, setTerms] = useState(false);
  const [emails, setEmails] = useState(true);

  const metadata = useQuery({
    queryKey: inviteMetadataKeys.customer(inviteId),
    queryFn: () => fetchInviteMetadata(inviteId),
    enabled: Boolean(inviteId),
    staleTime: 5 * 60_000,
    // A missing invite will not appear on retry; a network hiccup might go away.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
  const signedIn = auth.isAuthenticated;
  const user = useCurrentUser({ enabled: signedIn });
  const accept = useMutation({
    mutationFn: () => acceptInvite(inviteId),
    onSuccess: async () => {
      // Load the user with the new store before leaving, so / routes with it.
      await refreshCurrentUser(queryClient);
      navigate('/', { replace: true });
    },
  });

  if (!inviteId || metadata.isError) return <Navigate to="/404" replace />;

  const seller = metadata.data;
  const signupPath = seller ? buyerSignupPath(inviteId, seller.id) : null;
  const accountUnfinished =
    signedIn && user.data !== undefined && (user.data === null || user.data.organizations.length === 0);
  const busy = accept.isPending || auth.activeNavigator === 'signinRedirect';

  function join() {
    if (!seller || !signupPath) return;
    if (accountUnfinished) {
      // Signed in but without an organization yet: the buyer sign-up accepts and creates it.
      saveBuyerSignupKeys(inviteId, seller.id);
      navigate(signupPath);
      return;
    }
    accept.mutate();
  }

  function acceptAndSignUp() {
    if (!seller || !signupPath || !terms) return;
    saveBuyerSignupKeys(inviteId, seller.id);
    void signIn({ signUp: true, returnTo: signupPath });
  }

  function logInInstead() {
    if (!seller || !signupPath) return;
    saveBuyerSignupKeys(inviteId, seller.id);
    void signIn({ returnTo: signupPath });
  }

  const signedInEmail = user.data?.email ?? profile.email;

  return (
    <InviteAcceptLayout>
      {!seller ? (
        <InviteSkeleton blocks={[84, 44]} />
      ) : (
        <Stack spacing={3}>
          <InviteHero name={seller.name} logo={seller.image_set.logo} headline={inviteHeadline(seller.name)}>
            <Typography variant="body1">
              {seller.name} takes wholesale orders on {PRODUCT}. Accept to browse their catalog, see their terms and
              order online whenever you like.
            </Typography>
          </InviteHero>

          {accept.isError &&
            (isAlreadyPurchaser(accept.error) ? (
              <Alert
                severity="info"
                action={
                  <Button color="inherit" size="small" component={RouterLink} to={`/storefront/${seller.id}`}>
                    Open store
                  </Button>
                }
              >
                {errorMessage(accept.error)}
              </Alert>
            ) : (
              <AcceptErrorAlert error={accept.error} onSignOut={() => void signOut()} />
            ))}

          <ConsentCheckboxes terms={terms} onTermsChange={setTerms} emails={emails} onEmailsChange={setEmails} />

          {signedIn ? (
            <Stack spacing={1.5}>
              <Button
                variant="contained"
                size="large"
                onClick={join}
                disabled={busy || user.isPending}
                startIcon={busyIcon(busy)}
              >
                {JOIN_BUTTON}
              </Button>
              {signedInEmail && <SignedInAs email={signedInEmail} onSignOut={() => void signOut()} />}
            </Stack>
          ) : (
            <Stack spacing={1.5}>
              <Button
                variant="contained"
                size="large"
                onClick={acceptAndSignUp}
                disabled={!terms || busy || auth.isLoading}
                startIcon={busyIcon(busy)}
              >
                {ACCEPT_BUTTON}
              </Button>
              {!terms && (
                <Typography variant="caption" sx={{ textAlign: 'center', color: 'text.secondary' }}>
                  Check the box to agree to the Terms and privacy policy first.
                </Typography>
              )}
              <LogInInstead onLogIn={logInInstead} disabled={busy} />
            </Stack>
          )}
        </Stack>
      )}
    </InviteAcceptLayout>
  );
}

export default InvitePage;
