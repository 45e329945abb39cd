import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TEAM_ROLE_LABELS, type AcceptTeamInviteResult } from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../lib/auth-context';
import { ApiError, errorMessage } from '../../../lib/api';
import { useSignedInProfile, useSignIn, useSignOut } from '../../../lib/auth-hooks';
import { createUserAccount, refreshCurrentUser, useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/use-page-title';
import { acceptTeamInvite, fetchTeamInviteMetadata } from '../api';
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
    <InviteAcceptLayout>
      {metadata.isError ? (
        <Alert severity="error" role="alert">
          {errorMessage(metadata.error)}
        </Alert>
      ) : !invite ? (
        <InviteSkeleton blocks={[44]} />
      ) : (
        <Stack spacing={3}>
          <InviteHero
            name={invite.organization.name}
            logo={invite.organization.image_set.logo}
            headline={teamInviteHeadline(invite.organization.name, invite.role)}
          >
            <Typography variant="body1">
              You were invited to the {invite.organization.name} team. {ROLE_TEXT[invite.role]}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              This invitation was sent to {invite.email_hint}.
            </Typography>
          </InviteHero>

          {accept.isError && <AcceptErrorAlert error={accept.error} onSignOut={() => void signOut()} />}

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
                  startIcon={busyIcon(busy)}
                >
                  Join the team
                </Button>
              )}
              {signedInEmail && <SignedInAs email={signedInEmail} onSignOut={() => void signOut()} />}
            </Stack>
          ) : (
            <Stack spacing={1.5}>
              <Button
                variant="contained"
                size="large"
                onClick={() => void signIn({ signUp: true, returnTo })}
                disabled={busy || auth.isLoading}
                startIcon={busyIcon(busy)}
              >
                Sign up to join
              </Button>
              <LogInInstead onLogIn={() => void signIn({ returnTo })} disabled={busy} />
            </Stack>
          )}
        </Stack>
      )}
    </InviteAcceptLayout>
  );
}

export default TeamInvitePage;
