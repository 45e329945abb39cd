import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import { MAIN_ID } from '../../../app/theme';
import { Navigate, Outlet, Link as RouterLink, useLocation, useParams } from 'react-router';
import { Logo, LogoMark } from '../../../components/Logo';
import { OrganizationLogo } from '../../../components/OrganizationLogo';
import { ShellContent } from '../../../components/ShellContent';
import { useSignOut } from '../../../lib/auth-hooks';
import { useCurrentUser } from '../../../lib/current-user';
import { actsAsBuyer } from '../../../lib/routing';
import { findStore, isOwnOrganization, useCartItemCount } from '../api';
import { ContactPrompt } from '../../../components/ContactPrompt';
import { YourDetails } from '../../../components/ContactDialog';
import { PreviewBanner } from './PreviewBanner';
import { useIdleImport } from './use-idle-import';
import { SkipLink } from '../../../components/SkipLink';

const CART_DRAWER_ID = 'buyer-cart';

/** Top-bar buttons: icon only on phones, icon and words from `sm` up. */
const compactButton = { minWidth: 0, px: { xs: 1.25, sm: 1.5 }, gap: 1, flexShrink: 0 } as const;
const labelOnWideScreens = { display: { xs: 'none', sm: 'inline' } } as const;

// Not needed for the first paint: the cart's tooltip (Popper) and drawer (Modal, Slide) load
// when the browser is idle, or at once when the cart is opened.
const loadTooltip = () => import('@mui/material/Tooltip');
const loadCartDrawer = () => import('../cart/components/CartDrawer');

/** What the buyer shell offers the pages inside it. */
export interface BuyerShellContextValue {
  /** Opens the shell's cart drawer (the one drawer of the storefront). */
  openCart: () => void;
}

// A React context rather than the Outlet's: the shell's pages render through ShellContent's own
// <Outlet />, which would hand them an empty Outlet context.
const BuyerShellContext = createContext<BuyerShellContextValue | null>(null);

/** The buyer shell around the page: its cart drawer. Only for pages under /storefront. */
export function useBuyerShell(): BuyerShellContextValue {
  const shell = useContext(BuyerShellContext);
  if (!shell) throw new Error('useBuyerShell is used by a page rendered outside BuyerShell.');
  return shell;
}

/**
 * Layout of /storefront/*: the top bar (logo, Admin chip, Orders, Team, cart, Log Out) and the
 * buyer's pages. Checks that the store in the URL is one the user may buy from.
 */
export function BuyerShell() {
  const { orgId } = useParams();
  const { pathname } = useLocation();
  const userQuery = useCurrentUser();
  const signOut = useSignOut();
  const [cartOpen, setCartOpen] = useState(false);
  const cartCount = useCartItemCount(orgId);
  const tooltip = useIdleImport(loadTooltip);
  const cartDrawer = useIdleImport(loadCartDrawer, cartOpen);
  const cartButton = useRef<HTMLButtonElement>(null);
  const cartButtonFocused = useRef(false);

  // The tooltip wraps the cart button once loaded, which mounts the button anew: keep its focus.
  useLayoutEffect(() => {
    if (tooltip && cartButtonFocused.current && document.activeElement !== cartButton.current) {
      cartButton.current?.focus();
    }
  }, [tooltip]);

  useEffect(() => setCartOpen(false), [pathname]);

  const shellContext = useMemo<BuyerShellContextValue>(() => ({ openCart: () => setCartOpen(true) }), []);

  const user = userQuery.data ?? undefined;
  const store = orgId ? findStore(user, orgId) : undefined;
  // View as Buyer: the store is one of the user's own organizations.
  const previewing = Boolean(store && isOwnOrganization(user, store.id));
  // Spec: the Admin chip is hidden for buyers (every own organization is Buyer-type).
  const showAdmin = Boolean(user && user.organizations.length > 0 && !actsAsBuyer(user));
  const isEntry = pathname === '/storefront' || pathname === '/storefront/';

  if (userQuery.data === null && !isEntry) return <Navigate to="/details" replace />;
  // Spec: a store the user may not open goes to its not-found page (which links to /storefront/all).
  const notFoundPath = orgId ? `/storefront/${orgId}/not-found` : null;
  const onNotFound = pathname === notFoundPath;
  if (notFoundPath && user && !store && !onNotFound) return <Navigate to={notFoundPath} replace />;

  const content = isEntry ? (
    <Outlet />
  ) : (
    <ShellContent
      user={userQuery}
      loading={userQuery.isPending}
      allowed={!orgId || Boolean(store) || onNotFound}
      homeTo="/storefront"
      homeLabel="Go to your stores"
    />
  );

  const ordersTo = orgId && store ? `/storefront/${orgId}/orders` : null;
  const ordersActive = Boolean(ordersTo && pathname.startsWith(ordersTo));
  // The team of the user's buyer organization, on every storefront page: a retailer with one
  // store lands on that store and never sees Your Stores (issue 27).
  const buyerOrganization = user?.organizations.find((org) => org.selected_type === 'Buyer');
  const teamTo = buyerOrganization ? `/storefront/team/${buyerOrganization.id}` : null;
  const teamActive = Boolean(teamTo && pathname.startsWith(teamTo));
  // Spec section 9: the badge caps at 99 (99+); the label says the same.
  const cartLabel = `Cart, ${cartCount > 99 ? '99+' : cartCount} ${cartCount === 1 ? 'item' : 'items'}`;

  const cartIconButton = (
    <IconButton
      ref={cartButton}
      aria-label={cartLabel}
      aria-controls={CART_DRAWER_ID}
      aria-expanded={cartOpen}
      onClick={() => setCartOpen(true)}
      onFocus={() => {
        cartButtonFocused.current = true;
      }}
      onBlur={() => {
        cartButtonFocused.current = false;
      }}
    >
      <Badge
        badgeContent={cartCount}
        max={99}
        showZero
        color="secondary"
        data-testid="cart-badge"
        sx={{ '& .MuiBadge-badge': { fontWeight: 700 } }}
      >
        <ShoppingCartOutlinedIcon />
      </Badge>
    </IconButton>
  );

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
      >
        <Container maxWidth="lg" disableGutters sx={{ px: { xs: 1.5, sm: 3 } }}>
          <Toolbar disableGutters sx={{ gap: { xs: 0.5, sm: 1.5 }, minHeight: { xs: 60, sm: 68 } }}>
            <Link
              component={RouterLink}
              to="/storefront"
              aria-label="Cratebase home"
              sx={{ display: 'inline-flex', borderRadius: 2, flexShrink: 0 }}
            >
              <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
                <Logo height={30} title="" />
              </Box>
              <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
                <LogoMark height={32} title="" />
              </Box>
            </Link>

            {store && (
              <Stack
                component={RouterLink}
                to={`/storefront/${store.id}`}
                direction="row"
                spacing={1}
                sx={{
                  alignItems: 'center',
                  minWidth: 0,
                  ml: { xs: 0.5, sm: 1 },
                  pl: { xs: 1, sm: 2 },
                  borderLeft: 1,
                  borderColor: 'divider',
                  color: 'text.primary',
                  textDecoration: 'none',
                  '&:hover .store-name': { color: 'primary.main' },
                }}
              >
                <OrganizationLogo name={store.name} image={store.image_set.logo} size={30} />
                <Typography
                  className="store-name"
                  variant="subtitle2"
                  noWrap
                  sx={{ display: { xs: 'none', sm: 'block' }, maxWidth: { sm: 180, md: 320 } }}
                >
                  {store.name}
                </Typography>
              </Stack>
            )}

            <Box sx={{ flexGrow: 1 }} />

            {showAdmin && (
              <Chip
                component={RouterLink}
                to="/"
                clickable
                icon={<AdminPanelSettingsOutlinedIcon />}
                label="Admin"
                color="primary"
                variant="outlined"
                size="small"
                sx={{ flexShrink: 0 }}
              />
            )}

            {ordersTo && (
              <Button
                component={RouterLink}
                to={ordersTo}
                aria-label="Orders"
                aria-current={ordersActive ? 'page' : undefined}
                sx={{ ...compactButton, color: ordersActive ? 'primary.main' : 'text.secondary' }}
              >
                <ReceiptLongOutlinedIcon fontSize="small" aria-hidden />
                <Box component="span" sx={labelOnWideScreens}>
                  Orders
                </Box>
              </Button>
            )}

            {teamTo && (
              <Button
                component={RouterLink}
                to={teamTo}
                aria-label="Team"
                aria-current={teamActive ? 'page' : undefined}
                sx={{ ...compactButton, color: teamActive ? 'primary.main' : 'text.secondary' }}
              >
                <GroupsOutlinedIcon fontSize="small" aria-hidden />
                <Box component="span" sx={labelOnWideScreens}>
                  Team
                </Box>
              </Button>
            )}

            {tooltip ? <tooltip.default title="Cart">{cartIconButton}</tooltip.default> : cartIconButton}

            {/* Issue 27: the person's name and phone (icon only: the bar is full). */}
            <YourDetails>
              {(open) => (
                <Button color="inherit" aria-label="Your details" onClick={open} sx={{ ...compactButton, color: 'text.secondary' }}>
                  <AccountCircleOutlinedIcon fontSize="small" aria-hidden />
                </Button>
              )}
            </YourDetails>

            <Button
              color="inherit"
              aria-label="Log Out"
              onClick={() => void signOut()}
              sx={{ ...compactButton, color: 'text.secondary' }}
            >
              <LogoutIcon fontSize="small" aria-hidden />
              <Box component="span" sx={labelOnWideScreens}>
                Log Out
              </Box>
            </Button>
          </Toolbar>
        </Container>
      </AppBar>

      {previewing && store && <PreviewBanner orgId={store.id} storeName={store.name} />}

      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1 }}>
        <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
          {!previewing && <ContactPrompt />}
          <BuyerShellContext.Provider value={shellContext}>{content}</BuyerShellContext.Provider>
        </Container>
      </Box>

      {cartDrawer && (
        <cartDrawer.CartDrawer
          id={CART_DRAWER_ID}
          open={cartOpen}
          onClose={() => setCartOpen(false)}
          orgId={store?.id}
          storeName={store?.name}
        />
      )}
    </Box>
  );
}

export default BuyerShell;
