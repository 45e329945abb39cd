import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LogoutIcon from '@mui/icons-material/Logout';
import { Logo } from './Logo';
import { useSignOut } from '../lib/auth-hooks';

/** Top bar of the account screens: the logo and Log Out (to switch to another account). */
export function AccountHeader() {
  const signOut = useSignOut();
  return (
    <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', py: 1.5 }}>
        <Box sx={{ flexGrow: 1, display: 'flex' }}>
          <Logo height={28} />
        </Box>
        <Button
          color="inherit"
          startIcon={<LogoutIcon />}
          onClick={() => void signOut()}
          sx={{ color: 'text.secondary' }}
        >
          Log Out
        </Button>
      </Container>
    </Box>
  );
}
