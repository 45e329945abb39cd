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
import { TEAM_ROLE_LABELS, type AcceptTeamInviteResult } from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../lib/auth-context';
import { Logo } from '../../../components/Logo';
import { OrganizationLogo } from '../../../components/OrganizationLogo';
import { AccountLayout } from '../../../components/AccountLayout';
import { ApiError, errorMessage } from '../../../lib/api';
import { useSignedInProfile, useSignIn, useSignOut } from '../../../lib/auth-hooks';
import { createUserAccount, refreshCurrentUser, useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/use-page-title';
import { acceptTeamInvite, fetchTeamInviteMetadata } from '../api';
import { inviteMetadataKeys } from '../../../lib/query-keys';

export const teamInviteHeadline = (orgName: string, role: keyof typeof TEAM_ROLE_LABELS) =>
  `Join ${orgName} on Cratebase as ${TEAM_ROLE_LABELS[role]}`;

const ROLE_TEXT = {
  admin: 'As an admin you run the store with the owners, including payments, bank accounts and the team.',
  staff: 'As staff you help run the store: products, orders, customers and invites.',
} as const;

/** Where a new member lands: the seller admin of a store, the storefront of a buyer. */
function landingPath(result: AcceptTeamInviteResult): string {
  return result.organization.selected_type === 'Merchant' ? `/app/${result.organization.id}` : '/storefront';
}

/**
 * /team-invite/{invite_id}: the organization's name and logo and the role offered; signed in,
 * Join accepts (the account must have the invited e-mail); signed out, Sign up or Log in
 * comes back here.
 */
export function TeamInvitePage() {
  usePageTitle('Team invitation');
  const { inviteId = '' } = useParams();
  const auth = useAuth();
  const profile = useSignedInProfile();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const signOut = useSignOut();
  const signedIn = auth.isAuthenticated;
  const user = useCurrentUser({ enabled: signedIn });

  const metadata = useQuery({
    queryKey: inviteMetadataKeys.team(inviteId),
    queryFn: () => fetchTeamInviteMetadata(inviteId),
    enabled: Boolean(inviteId),
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
  const accept = useMutation({
    mutationFn: async () => {
      // A first sign-in has no user row yet: make it from the token, then accept.
      if (user.data === null) await createUserAccount();
      return acceptTeamInvite(inviteId);
    },
    onSuccess: async (result) => {
      await refreshCurrentUser(queryClient);
      navigate(landingPath(result), { replace: true });
    },
  });

  if (!inviteId || (metadata.isError && metadata.error instanceof ApiError && metadata.error.status === 404)) {
    return <Navigate to="/404" replace />;
  }

  const invite = metadata.data;
  const returnTo = `/team-invite/${inviteId}`;
  const busy = accept.isPending || auth.activeNavigator === 'signinRedirect';
  const signedInEmail = user.data?.email ?? profile.email;
  const alreadyMember = Boolean(invite && user.data?.organizations.some((o) => o.id === invite.organization.id));

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
          {metadata.isError ? (
            <Alert severity="error" role="alert">
              {errorMessage(metadata.error)}
            </Alert>
          ) : !invite ? (
            <Stack spacing={2} sx={{ alignItems: 'center' }} aria-hidden>
              <Skeleton variant="rounded" width={88} height={88} />
              <Skeleton variant="text" width="90%" sx={{ fontSize: '2rem' }} />
              <Skeleton variant="text" width="70%" />
              <Skeleton variant="rounded" width="100%" height={44} />
            </Stack>
          ) : (
            <Stack spacing={3}>
              <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
                <OrganizationLogo
                  name={invite.organization.name}
                  image={invite.organization.image_set.logo}
                  size={88}
                  sx={{ boxShadow: '0 2px 12px rgba(47,45,58,0.12)' }}
                />
                <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
                  {teamInviteHeadline(invite.organization.name, invite.role)}
                </Typography>
                <Typography variant="body1">
                  You were invited to the {invite.organization.name} team. {ROLE_TEXT[invite.role]}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  This invitation was sent to {invite.email_hint}.
                </Typography>
              </Stack>

              {accept.isError && (
                <Alert
                  severity="error"
                  role="alert"
                  action={
                    accept.error instanceof ApiError && accept.error.code === 'invite_email_mismatch' ? (
                      <Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => void signOut()}>
                        Log out
                      </Button>
                    ) : undefined
                  }
                >
                  {errorMessage(accept.error)}
                </Alert>
              )}

              {signedIn ? (
                <Stack spacing={1.5}>
                  {alreadyMember ? (
                    <Button
                      variant="contained"
                      size="large"
                      component={RouterLink}
                      to={landingPath({ organization: invite.organization, role: invite.role })}
                    >
                      Open {invite.organization.name}
                    </Button>
                  ) : (
                    <Button
                      variant="contained"
                      size="large"
                      onClick={() => accept.mutate()}
                      disabled={busy || user.isPending}
                      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
                    >
                      Join the team
                    </Button>
                  )}
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
                    onClick={() => void signIn({ signUp: true, returnTo })}
                    disabled={busy || auth.isLoading}
                    startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
                  >
                    Sign up to join
                  </Button>
                  <Typography variant="body2" sx={{ textAlign: 'center' }}>
                    Already have a Cratebase account?{' '}
                    <Link
                      component="button"
                      type="button"
                      onClick={() => void signIn({ returnTo })}
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

export default TeamInvitePage;
