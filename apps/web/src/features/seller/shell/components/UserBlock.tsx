import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import { useAuth } from '../../../../lib/auth-context';
import { useLocation } from 'react-router';
import { useSignIn, useSignOut } from '../../../../lib/auth-hooks';
import { YourDetailsButton } from '../../../../components/ContactDialog';

export function initialsOf(nameOrEmail: string): string {
  const base = nameOrEmail.includes('@') ? nameOrEmail.split('@')[0]! : nameOrEmail;
  const words = base.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length >= 2 ? `${words[0]![0]}${words[1]![0]}` : base.slice(0, 2);
  return letters.toUpperCase();
}

export interface UserBlockProps {
  loading: boolean;
  name: string | null | undefined;
  email: string | null | undefined;
  picture: string | null | undefined;
  /**
   * The user is loaded: "Your details" can open. Without it the button is not mounted — a new
   * observer of a user query that failed would load it again, the shell would show its loading
   * state, unmount the button, and start over (a loop while the network is down).
   */
  hasUser?: boolean;
}

/** Avatar, name (or e-mail) and Log Out; Log In for anonymous visitors. */
export function UserBlock({ loading, name, email, picture, hasUser = true }: UserBlockProps) {
  const auth = useAuth();
  const location = useLocation();
  const signIn = useSignIn();
  const signOut = useSignOut();

  if (!auth.isAuthenticated && !auth.isLoading) {
    return (
      <Button
        fullWidth
        variant="contained"
        startIcon={<LoginIcon />}
        onClick={() => void signIn({ returnTo: `${location.pathname}${location.search}` })}
      >
        Log In
      </Button>
    );
  }

  if (loading) {
    return (
      <Stack spacing={1.5} aria-hidden>
        <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
          <Skeleton variant="circular" width={36} height={36} />
          <Skeleton variant="text" sx={{ flexGrow: 1 }} />
        </Stack>
        <Skeleton variant="rounded" height={32} />
      </Stack>
    );
  }

  const label = name?.trim() || email || 'Signed in';
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Avatar
          src={picture ?? undefined}
          alt=""
          sx={{
            width: 36,
            height: 36,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontSize: 14,
            fontWeight: 600,
          }}
        >
          {initialsOf(label)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" noWrap title={label} sx={{ color: 'text.primary', fontWeight: 600 }}>
            {label}
          </Typography>
          {name?.trim() && email && (
            <Typography variant="caption" noWrap title={email} component="p" sx={{ color: 'text.secondary' }}>
              {email}
            </Typography>
          )}
        </Box>
      </Stack>
      {/* Issue 27: the person's name and phone, edited here. */}
      {hasUser && <YourDetailsButton />}
      <Button
        fullWidth
        size="small"
        variant="outlined"
        color="inherit"
        startIcon={<LogoutIcon />}
        onClick={() => void signOut()}
        sx={{ color: 'text.secondary', borderColor: 'divider' }}
      >
        Log Out
      </Button>
    </Stack>
  );
}
