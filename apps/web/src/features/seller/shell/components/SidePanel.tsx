import type { CurrentUser } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Link as RouterLink, useLocation } from 'react-router';
import { Logo } from '../../../../components/Logo';
import { isSectionActive, sellerSectionsFor, SETUP_PATHS } from '../sections';
import { ConfigureLink } from './SetupProgress';
import { OrganizationSelect } from './OrganizationSelect';
import { UserBlock } from './UserBlock';

export interface SidePanelProps {
  orgId: string;
  user: CurrentUser | undefined;
  loading: boolean;
  /** The URL's organization is one of the user's. */
  isMember: boolean;
  profile: { name?: string | null; email?: string | null; picture?: string | null };
  onNavigate?: () => void;
}

/** The 220 px side panel of the seller area (spec "Seller shell"). */
export function SidePanel({ orgId, user, loading, isMember, profile, onNavigate }: SidePanelProps) {
  const { pathname } = useLocation();
  const configureActive = SETUP_PATHS.some((segment) => isSectionActive(pathname, orgId, segment));
  // Only organizations with a seller area: a Buyer-type organization has none to switch to.
  const merchants = user?.organizations.filter((org) => org.selected_type === 'Merchant') ?? [];
  const role = user?.organizations.find((org) => org.id === orgId)?.role;
  // The user could not be loaded (network down): the sections stay, as links, while the content
  // area says what failed with Try again — the panel does not shrink to a logo (issue 27). Sections
  // for owners and admins only wait for the user.
  const unverified = !loading && !user;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', px: 1.5, py: 2, gap: 2 }}>
      <Link
        component={RouterLink}
        to={isMember ? `/app/${orgId}/orders` : '/'}
        onClick={onNavigate}
        aria-label="Cratebase home"
        sx={{ display: 'inline-flex', px: 1, py: 0.5, alignSelf: 'flex-start', borderRadius: 2 }}
      >
        <Logo height={30} title="" />
      </Link>

      {loading ? (
        <Skeleton variant="rounded" height={40} aria-hidden />
      ) : merchants.length > 0 ? (
        <OrganizationSelect organizations={merchants} value={isMember ? orgId : ''} onNavigate={onNavigate} />
      ) : null}

      <Box component="nav" aria-label="Seller sections" sx={{ flexGrow: 1, overflowY: 'auto', mx: -0.5, px: 0.5 }}>
        {loading ? (
          <Box aria-hidden sx={{ display: 'grid', gap: 1.25, pt: 0.5 }}>
            {Array.from({ length: 7 }, (_, index) => (
              <Skeleton key={index} variant="rounded" height={32} />
            ))}
          </Box>
        ) : isMember || unverified ? (
          // A column of links with separators: a <div>, since a <ul> may hold only <li>s.
          <List component="div" disablePadding sx={{ display: 'grid', gap: 0.5 }}>
            <ConfigureLink orgId={orgId} selected={configureActive} onNavigate={onNavigate} />
            <Divider sx={{ my: 1 }} />
            {sellerSectionsFor(role).map((section) => {
              const active = isSectionActive(pathname, orgId, section.path);
              return (
                <ListItemButton
                  key={section.path}
                  component={RouterLink}
                  to={section.path ? `/app/${orgId}/${section.path}` : `/app/${orgId}`}
                  selected={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  <ListItemIcon>{section.icon}</ListItemIcon>
                  <ListItemText primary={section.label} />
                </ListItemButton>
              );
            })}
            <Divider sx={{ my: 1 }} />
            <ListItemButton component={RouterLink} to={`/storefront/${orgId}`} onClick={onNavigate}>
              <ListItemIcon>
                <StorefrontOutlinedIcon />
              </ListItemIcon>
              <ListItemText primary="View as Buyer" />
            </ListItemButton>
          </List>
        ) : null}
      </Box>

      <Divider />
      <UserBlock
        loading={loading}
        name={user?.name ?? profile.name}
        email={user?.email ?? profile.email}
        picture={user?.picture ?? profile.picture}
        hasUser={Boolean(user)}
      />
    </Box>
  );
}
