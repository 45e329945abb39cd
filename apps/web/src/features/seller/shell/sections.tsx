import type { ReactNode } from 'react';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';

export interface SellerSection {
  /** Path segment under /app/{org_id}/. */
  path: string;
  label: string;
  icon: ReactNode;
}

/** The five section links of the side panel, in spec order. */
export const SELLER_SECTIONS: SellerSection[] = [
  { path: 'orders', label: 'Orders', icon: <ReceiptLongOutlinedIcon /> },
  { path: 'customers', label: 'Customers', icon: <PeopleAltOutlinedIcon /> },
  { path: 'products', label: 'Products', icon: <Inventory2OutlinedIcon /> },
  { path: 'invites', label: 'Invites', icon: <ForwardToInboxOutlinedIcon /> },
  { path: 'terms', label: 'Terms', icon: <GavelOutlinedIcon /> },
];

/** Set-up pages reached from Configure; the Configure link is highlighted on them. */
export const SETUP_PATHS = ['welcome', 'onboarding', 'business-info', 'organization/onboarding/stripe-connect'];

/** True when `pathname` is `/app/{orgId}/{segment}` or below it. */
export function isSectionActive(pathname: string, orgId: string, segment: string): boolean {
  const base = `/app/${orgId}/${segment}`;
  return pathname === base || pathname.startsWith(`${base}/`);
}
