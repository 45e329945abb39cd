import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../lib/auth-context';
import { Logo } from '../../../components/Logo';
import { OrganizationLogo } from '../../../components/OrganizationLogo';
import { ApiError, errorMessage } from '../../../lib/api';
import { useSignedInProfile, useSignIn, useSignOut } from '../../../lib/auth-hooks';
import { refreshCurrentUser, useCurrentUser } from '../../../lib/current-user';
import { AccountLayout } from '../../../components/AccountLayout';
import { ConsentCheckboxes } from '../../../components/ConsentCheckboxes';
import { acceptInvite, buyerSignupPath, isAlreadyPurchaser, saveBuyerSignupKeys } from '../../../lib/invites';
import { fetchInviteMetadata } from '../api';
import { usePageTitle } from '../../../lib/use-page-title';
import { inviteMetadataKeys } from '../../../lib/query-keys';

export const PRODUCT = 'Cratebase';
export const inviteHeadline = (orgName: string) => `Accept your invitation to ${orgName} on ${PRODUCT}`;
export const JOIN_BUTTON = `Join new store on ${PRODUCT}`;
export const ACCEPT_BUTTON = `Accept your Invitation to ${PRODUCT}`;

function InviteSkeleton() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }} aria-hidden>
      <Skeleton variant="rounded" width={88} height={88} />
      <Skeleton variant="text" width="90%" sx={{ fontSize: '2rem' }} />
      <Skeleton variant="text" width="70%" />
      <Skeleton variant="rounded" width="100%" height={84} />
      <Skeleton variant="rounded" width="100%" height={44} />
    </Stack>
  );
}

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
    <AccountLayout
      header={
        <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
          <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', py: 1.5 }}>
            <Link component={RouterLink} to="/" aria-label="Cratebase home" sx={{ display: 'inline-flex' }}>
              <Logo height={28} title="" />
            </Link>
          </Container>
        </Box>
      }
    >
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
          {!seller ? (
            <InviteSkeleton />
          ) : (
            <Stack spacing={3}>
              <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
                <OrganizationLogo
                  name={seller.name}
                  image={seller.image_set.logo}
                  size={88}
                  sx={{ boxShadow: '0 2px 12px rgba(47,45,58,0.12)' }}
                />
                <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
                  {inviteHeadline(seller.name)}
                </Typography>
                <Typography variant="body1">
                  {seller.name} takes wholesale orders on {PRODUCT}. Accept to browse their catalog, see their terms and
                  order online whenever you like.
                </Typography>
              </Stack>

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
                  <Alert
                    severity="error"
                    role="alert"
                    action={
                      // Signed in with another address than the invited one: offer to switch accounts.
                      accept.error instanceof ApiError && accept.error.code === 'invite_email_mismatch' ? (
                        <Button
                          color="inherit"
                          size="small"
                          sx={{ whiteSpace: 'nowrap' }}
                          onClick={() => void signOut()}
                        >
                          Log out
                        </Button>
                      ) : undefined
                    }
                  >
                    {errorMessage(accept.error)}
                  </Alert>
                ))}

              <ConsentCheckboxes terms={terms} onTermsChange={setTerms} emails={emails} onEmailsChange={setEmails} />

              {signedIn ? (
                <Stack spacing={1.5}>
                  <Button
                    variant="contained"
                    size="large"
                    onClick={join}
                    disabled={busy || user.isPending}
                    startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
                  >
                    {JOIN_BUTTON}
                  </Button>
                  {signedInEmail && (
                    <Typography variant="body2" sx={{ textAlign: 'center' }}>
                      Signed in as <strong>{signedInEmail}</strong>.{' '}
                      <Link
                        component="button"
                        type="button"
                        onClick={() => void signOut()}
                        sx={{ verticalAlign: 'baseline' }}
                      >
                        Not you? Log out
                      </Link>
                    </Typography>
                  )}
                </Stack>
              ) : (
                <Stack spacing={1.5}>
                  <Button
                    variant="contained"
                    size="large"
                    onClick={acceptAndSignUp}
                    disabled={!terms || busy || auth.isLoading}
                    startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
                  >
                    {ACCEPT_BUTTON}
                  </Button>
                  {!terms && (
                    <Typography variant="caption" sx={{ textAlign: 'center', color: 'text.secondary' }}>
                      Check the box to agree to the Terms and privacy policy first.
                    </Typography>
                  )}
                  <Typography variant="body2" sx={{ textAlign: 'center' }}>
                    Already have a {PRODUCT} account?{' '}
                    <Link
                      component="button"
                      type="button"
                      onClick={logInInstead}
                      disabled={busy}
                      sx={{ verticalAlign: 'baseline' }}
                    >
                      Log in
                    </Link>
                  </Typography>
                </Stack>
              )}
            </Stack>
          )}
        </CardContent>
      </Card>
    </AccountLayout>
  );
}

export default InvitePage;
