import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { ComingSoon, NoticeCard } from '../../../components/ComingSoon';
import { NotFoundView } from '../../../components/NotFound';
import { OrganizationLogo } from '../../../components/OrganizationLogo';
import { useCurrentUser } from '../../../lib/current-user';
import { findStore } from '../api';
import { StoreCover } from './StoreCover';

/** The store in the URL (the buyer shell has already checked the user may open it). */
function useStore() {
  const { orgId = '' } = useParams();
  const user = useCurrentUser();
  return { orgId, store: findStore(user.data, orgId) };
}

/** /storefront/{org_id}: the store's banner (its real name, logo, slogan and cover); the catalog comes later. */
export function StorefrontPage() {
  const { orgId, store } = useStore();
  if (!store) return <NotFoundView homeTo="/storefront" homeLabel="Go to your stores" />;
  return (
    <Stack spacing={3}>
      <Card component="header" sx={{ overflow: 'hidden' }}>
        <StoreCover seed={orgId} url={store.image_set.splash_image?.cloudinary_url} height={{ xs: 160, sm: 240 }} />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1.5, sm: 2.5 }}
          sx={{ px: { xs: 2.5, sm: 4 }, pb: 3, alignItems: { sm: 'flex-end' } }}
        >
          <OrganizationLogo
            name={store.name}
            url={store.image_set.logo?.cloudinary_url}
            size={96}
            sx={{ mt: '-48px', border: '4px solid #ffffff', boxShadow: '0 2px 12px rgba(47,45,58,0.14)' }}
          />
          <Box sx={{ minWidth: 0, pb: { sm: 0.5 } }}>
            <Typography
              variant="h4"
              component="h1"
              sx={{ color: 'text.primary', wordBreak: 'break-word', fontSize: { xs: '1.6rem', sm: '2.1rem' } }}
            >
              {store.name}
            </Typography>
            {store.slogan && (
              <Typography variant="body1" sx={{ mt: 0.5 }}>
                {store.slogan}
              </Typography>
            )}
          </Box>
        </Stack>
      </Card>
      <NoticeCard
        icon={<StorefrontOutlinedIcon />}
        title="The catalog is coming in a later release of Cratebase."
        titleComponent="h2"
      >
        You will browse {store.name}’s products, see their wholesale terms and order online right here.
      </NoticeCard>
    </Stack>
  );
}

function BackToStore() {
  const { orgId, store } = useStore();
  return (
    <Button
      component={RouterLink}
      to={`/storefront/${orgId}`}
      startIcon={<ArrowBackIcon />}
      sx={{ alignSelf: 'flex-start', ml: -1, color: 'text.secondary' }}
    >
      {store ? `Back to ${store.name}` : 'Back to the store'}
    </Button>
  );
}

function LaterPage({ title, icon, purpose }: { title: string; icon: ReactNode; purpose: string }) {
  return (
    <Stack spacing={1}>
      <BackToStore />
      <ComingSoon title={title} icon={icon} purpose={purpose} />
    </Stack>
  );
}

/** /storefront/{org_id}/product/{product_id} */
export function ProductPage() {
  return (
    <LaterPage
      title="Product details"
      icon={<Inventory2OutlinedIcon />}
      purpose="It will show the product’s photos, prices and description, and let you add it to your cart."
    />
  );
}

/** /storefront/{org_id}/checkout */
export function CheckoutPage() {
  return (
    <LaterPage
      title="Checkout"
      icon={<LocalShippingOutlinedIcon />}
      purpose="It will let you choose a shipping address for your order."
    />
  );
}

/** /storefront/{org_id}/billing */
export function BillingPage() {
  return (
    <LaterPage
      title="Shipping & Payment"
      icon={<CreditCardOutlinedIcon />}
      purpose="It will let you pick a shipping option and pay by card."
    />
  );
}

/** /storefront/{org_id}/checkout/return */
export function CheckoutReturnPage() {
  return (
    <LaterPage
      title="Payment"
      icon={<CreditCardOutlinedIcon />}
      purpose="It will confirm your payment and take you to your orders."
    />
  );
}

/** /storefront/{org_id}/orders */
export function BuyerOrdersPage() {
  return (
    <LaterPage
      title="Orders"
      icon={<ReceiptLongOutlinedIcon />}
      purpose="It will list your orders from this store with their shipping and payment status."
    />
  );
}

/** /storefront/{org_id}/not-found and unknown paths under a store. */
export function StorefrontNotFound() {
  const { orgId } = useParams();
  return <NotFoundView homeTo={orgId ? `/storefront/${orgId}` : '/storefront'} homeLabel="Back to the store" />;
}
