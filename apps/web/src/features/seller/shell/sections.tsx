import type { ReactNode } from 'react';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import { teamRoleAtLeast, type TeamRole } from '@cratebase/contract';

export interface SellerSection {
  /** Path segment under /app/{org_id}/ ('' for the landing view itself). */
  path: string;
  label: string;
  icon: ReactNode;
  /** Only owners and admins see the link (the page tells anyone else who can use it). */
  adminOnly?: boolean;
}

/** The section links of the side panel: the dashboard (issue 13), the spec's five in its order with Invoices after Orders, then the team (issue 13) and Integrations (issue 26, owners and admins only). */
export const SELLER_SECTIONS: SellerSection[] = [
  { path: '', label: 'Dashboard', icon: <InsightsOutlinedIcon /> },
  { path: 'orders', label: 'Orders', icon: <ReceiptLongOutlinedIcon /> },
  { path: 'proposals', label: 'Written orders', icon: <EditNoteOutlinedIcon /> },
  { path: 'invoices', label: 'Invoices', icon: <RequestQuoteOutlinedIcon /> },
  { path: 'customers', label: 'Customers', icon: <PeopleAltOutlinedIcon /> },
  { path: 'price-lists', label: 'Price lists', icon: <SellOutlinedIcon /> },
  { path: 'products', label: 'Products', icon: <Inventory2OutlinedIcon /> },
  { path: 'line-sheets', label: 'Line sheets', icon: <MenuBookOutlinedIcon /> },
  { path: 'invites', label: 'Invites', icon: <ForwardToInboxOutlinedIcon /> },
  { path: 'terms', label: 'Terms', icon: <GavelOutlinedIcon /> },
  { path: 'team', label: 'Team', icon: <GroupsOutlinedIcon /> },
  { path: 'integrations', label: 'Integrations', icon: <HubOutlinedIcon />, adminOnly: true },
];

/** The sections a member with `role` sees (Staff: none of the admin-only ones). */
export function sellerSectionsFor(role: TeamRole | undefined): SellerSection[] {
  return SELLER_SECTIONS.filter((section) => !section.adminOnly || teamRoleAtLeast(role, 'admin'));
}

/** Set-up pages reached from Configure; the Configure link is highlighted on them. */
export const SETUP_PATHS = ['welcome', 'onboarding', 'business-info', 'organization/onboarding/stripe-connect'];

/** True when `pathname` is `/app/{orgId}/{segment}` or below it (the landing view: exactly). */
export function isSectionActive(pathname: string, orgId: string, segment: string): boolean {
  // The landing view ('') is active on /app/{orgId} itself only.
  if (segment === '') return pathname === `/app/${orgId}` || pathname === `/app/${orgId}/`;
  const base = `/app/${orgId}/${segment}`;
  return pathname === base || pathname.startsWith(`${base}/`);
}
