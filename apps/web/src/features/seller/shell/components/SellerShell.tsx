import { useEffect, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { MAIN_ID, SIDE_PANEL_WIDTH } from '../../../../app/theme';
import { FullPageSpinner } from '../../../../components/FullPageSpinner';
import { LogoMark } from '../../../../components/Logo';
import { ShellContent } from '../../../../components/ShellContent';
import { useToast } from '../../../../components/Toast';
import { useSignedInProfile } from '../../../../lib/auth-hooks';
import { rememberedOrgId } from '../../../../lib/storage';
import { useCurrentUser } from '../../../../lib/current-user';
import { accountHomeDestination } from '../../../../lib/routing';
import { sellerAreaRedirect } from '../wrong-place';
import { ContactPrompt } from '../../../../components/ContactPrompt';
import { SidePanel } from './SidePanel';
import { SkipLink } from '../../../../components/SkipLink';

const DRAWER_ID = 'seller-navigation';

/** Layout of /app/{org_id}: side panel (drawer on narrow screens) and the content area. */
export function SellerShell() {
  const { orgId = '' } = useParams();
  const { pathname } = useLocation();
  const profile = useSignedInProfile();
  const userQuery = useCurrentUser();
  const [mobileOpen, setMobileOpen] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();

  // Close the temporary drawer whenever the page changes.
  useEffect(() => setMobileOpen(false), [pathname]);

  const user = userQuery.data ?? undefined;
  const loading = userQuery.isPending;
  // The seller area is for the user's Merchant organizations only.
  const membership = user?.organizations.find((org) => org.id === orgId && org.selected_type === 'Merchant');
  const isMember = Boolean(membership);
  // A just-created organization may not be in a stale user yet: wait for the refetch.
  const settling = !isMember && userQuery.isFetching;
  // A buyer, or a seller with another organization's id, is sent where they belong and told why.
  const wrongPlace = user && !userQuery.isFetching ? sellerAreaRedirect(user, orgId, rememberedOrgId()) : null;
  const redirectTo = wrongPlace?.to;
  const redirectMessage = wrongPlace?.message;

  useEffect(() => {
    if (!redirectTo) return;
    if (redirectMessage) toast.show(redirectMessage, { severity: 'info', durationMs: 8000 });
    void navigate(redirectTo, { replace: true });
  }, [redirectTo, redirectMessage, navigate, toast]);

  if (userQuery.data === null) return <Navigate to="/details" replace />;
  if (redirectTo) return <FullPageSpinner />;

  const panel = (onNavigate?: () => void) => (
    <SidePanel
      orgId={orgId}
      user={user}
      loading={loading}
      isMember={isMember}
      profile={profile}
      onNavigate={onNavigate}
    />
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{
          display: { xs: 'flex', md: 'none' },
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Toolbar sx={{ gap: 1.5 }}>
          <IconButton
            edge="start"
            aria-label="Open navigation"
            aria-controls={DRAWER_ID}
            aria-expanded={mobileOpen}
            onClick={() => setMobileOpen(true)}
          >
            <MenuIcon />
          </IconButton>
          <LogoMark height={28} />
          <Stack sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" noWrap sx={{ color: 'text.primary' }}>
              {membership?.name ?? 'Cratebase'}
            </Typography>
          </Stack>
        </Toolbar>
      </AppBar>

      <Box component="aside" sx={{ width: { md: SIDE_PANEL_WIDTH }, flexShrink: { md: 0 } }}>
        <Drawer
          id={DRAWER_ID}
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          sx={{ display: { xs: 'block', md: 'none' } }}
          slotProps={{ paper: { sx: { width: SIDE_PANEL_WIDTH }, 'aria-label': 'Navigation' } }}
        >
          {panel(() => setMobileOpen(false))}
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{ display: { xs: 'none', md: 'block' } }}
          slotProps={{
            paper: { sx: { width: SIDE_PANEL_WIDTH, boxSizing: 'border-box', borderColor: 'divider' } },
          }}
        >
          {panel()}
        </Drawer>
      </Box>

      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          width: { md: `calc(100% - ${SIDE_PANEL_WIDTH}px)` },
          px: { xs: 2, sm: 3, md: 5 },
          py: { xs: 3, md: 5 },
        }}
      >
        <Toolbar sx={{ display: { md: 'none' } }} />
        <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
          {isMember && <ContactPrompt />}
          <ShellContent
            user={userQuery}
            loading={loading || settling}
            allowed={isMember}
            homeTo={user && user.organizations.length > 0 ? accountHomeDestination(user, rememberedOrgId()) : '/'}
            homeLabel="Go to your organization"
          />
        </Box>
      </Box>
    </Box>
  );
}

export default SellerShell;
