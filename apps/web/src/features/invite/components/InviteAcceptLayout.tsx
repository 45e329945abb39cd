import type { ComponentProps, ReactNode } from 'react';
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
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../../components/Logo';
import { OrganizationLogo } from '../../../components/OrganizationLogo';
import { AccountLayout } from '../../../components/AccountLayout';
import { ApiError, errorMessage } from '../../../lib/api';

/*
 * The pieces both invitation screens share (/invite for customers, /team-invite for team
 * members): the frame with the home logo and one card, the loading skeleton, the inviting
 * organization's logo and headline, the accept error, and the signed-in and log-in lines.
 */

/** The account frame with the Cratebase home link on top and the invitation in one card. */
export function InviteAcceptLayout({ children }: { children: ReactNode }) {
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
        <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>{children}</CardContent>
      </Card>
    </AccountLayout>
  );
}

/** While the invitation loads: the logo, headline and text, then a block per `blocks` height. */
export function InviteSkeleton({ blocks }: { blocks: readonly number[] }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }} aria-hidden>
      <Skeleton variant="rounded" width={88} height={88} />
      <Skeleton variant="text" width="90%" sx={{ fontSize: '2rem' }} />
      <Skeleton variant="text" width="70%" />
      {blocks.map((height, i) => (
        <Skeleton key={i} variant="rounded" width="100%" height={height} />
      ))}
    </Stack>
  );
}

/** The inviting organization's logo and the page's headline (h1), then what the invitation is. */
export function InviteHero({
  name,
  logo,
  headline,
  children,
}: {
  name: string;
  logo: ComponentProps<typeof OrganizationLogo>['image'];
  headline: string;
  children: ReactNode;
}) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <OrganizationLogo name={name} image={logo} size={88} sx={{ boxShadow: '0 2px 12px rgba(47,45,58,0.12)' }} />
      <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
        {headline}
      </Typography>
      {children}
    </Stack>
  );
}

/** Accepting failed; signed in with another address than the invited one, it offers to log out. */
export function AcceptErrorAlert({ error, onSignOut }: { error: unknown; onSignOut: () => void }) {
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        error instanceof ApiError && error.code === 'invite_email_mismatch' ? (
          <Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} onClick={onSignOut}>
            Log out
          </Button>
        ) : undefined
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}

/** The spinner of a primary button while it works. */
export function busyIcon(busy: boolean) {
  return busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined;
}

/** "Signed in as …. Not you? Log out" under the signed-in button. */
export function SignedInAs({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  return (
    <Typography variant="body2" sx={{ textAlign: 'center' }}>
      Signed in as <strong>{email}</strong>.{' '}
      <Link component="button" type="button" onClick={onSignOut} sx={{ verticalAlign: 'baseline' }}>
        Not you? Log out
      </Link>
    </Typography>
  );
}

/** "Already have a Cratebase account? Log in" under the sign-up button. */
export function LogInInstead({ onLogIn, disabled }: { onLogIn: () => void; disabled: boolean }) {
  return (
    <Typography variant="body2" sx={{ textAlign: 'center' }}>
      Already have a Cratebase account?{' '}
      <Link component="button" type="button" onClick={onLogIn} disabled={disabled} sx={{ verticalAlign: 'baseline' }}>
        Log in
      </Link>
    </Typography>
  );
}
