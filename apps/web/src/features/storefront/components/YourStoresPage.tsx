import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Link as RouterLink } from 'react-router';
import { OrganizationLogo } from '../../../components/OrganizationLogo';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useCurrentUser } from '../../../lib/current-user';
import { isOwnOrganization, storeCards, type Store } from '../api';
import { StoreCover } from './StoreCover';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHeader } from '../../../components/PageHeader';

/** Spec section 9: store card splash 300 px, logo 65 px. */
export const STORE_CARD_SPLASH_HEIGHT = 300;
export const STORE_CARD_LOGO_SIZE = 65;

const grid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
  gap: 3,
} as const;

function StoreCard({ store, own }: { store: Store; own: boolean }) {
  return (
    <Card component="article" aria-label={store.name} sx={{ overflow: 'hidden', height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={`/storefront/${store.id}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box sx={{ position: 'relative' }}>
          <StoreCover
            seed={store.id}
            image={store.image_set.splash_image}
            height={STORE_CARD_SPLASH_HEIGHT}
          />
          {own && (
            <Chip
              icon={<StarRoundedIcon />}
              label="Your Store"
              size="small"
              color="secondary"
              sx={{ position: 'absolute', top: 12, left: 12, boxShadow: '0 2px 8px rgba(47,45,58,0.18)' }}
            />
          )}
        </Box>
        <Box sx={{ px: 2.5, pb: 2.5, flexGrow: 1 }}>
          <OrganizationLogo
            name={store.name}
            image={store.image_set.logo}
            size={STORE_CARD_LOGO_SIZE}
            sx={{
              mt: `-${STORE_CARD_LOGO_SIZE / 2}px`,
              position: 'relative',
              border: '3px solid #ffffff',
              boxShadow: '0 2px 10px rgba(47,45,58,0.12)',
            }}
          />
          <Typography variant="h6" component="h2" sx={{ mt: 1.5, wordBreak: 'break-word' }}>
            {store.name}
          </Typography>
          {store.slogan && (
            <Typography
              variant="body2"
              sx={{
                mt: 0.5,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {store.slogan}
            </Typography>
          )}
        </Box>
      </CardActionArea>
    </Card>
  );
}

function StoreCardSkeleton() {
  return (
    <Card aria-hidden sx={{ overflow: 'hidden' }}>
      <Skeleton variant="rectangular" height={STORE_CARD_SPLASH_HEIGHT} />
      <Box sx={{ px: 2.5, pb: 2.5 }}>
        <Skeleton
          variant="rounded"
          width={STORE_CARD_LOGO_SIZE}
          height={STORE_CARD_LOGO_SIZE}
          sx={{ mt: `-${STORE_CARD_LOGO_SIZE / 2}px`, border: '3px solid #ffffff', bgcolor: '#e4e0ef' }}
        />
        <Skeleton variant="text" width="60%" sx={{ mt: 1.5, fontSize: '1.25rem' }} />
        <Skeleton variant="text" width="85%" />
      </Box>
    </Card>
  );
}

/** /storefront/all, "Your Stores": every store the user can order from. */
export function YourStoresPage() {
  usePageTitle('Your Stores');
  const user = useCurrentUser();
  const stores = storeCards(user.data);
  const buyerOrganization = user.data?.organizations.find((o) => o.selected_type === 'Buyer');

  return (
    <Stack spacing={3}>
      <PageHeader
        title="Your Stores"
        subtitle="Choose a store to browse its catalog and place a wholesale order."
        actions={
          // The team of the user's buyer organization (a seller's team is in the seller area).
          buyerOrganization && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
              <Button
                component={RouterLink}
                to={`/storefront/resale-certificate/${buyerOrganization.id}`}
                variant="outlined"
                startIcon={<VerifiedOutlinedIcon />}
              >
                Resale certificate
              </Button>
              <Button
                component={RouterLink}
                to={`/storefront/team/${buyerOrganization.id}`}
                variant="outlined"
                startIcon={<GroupsOutlinedIcon />}
              >
                Team
              </Button>
            </Stack>
          )
        }
      />

      {user.isError ? (
        <QueryErrorAlert error={user.error} onRetry={() => void user.refetch()} />
      ) : user.isPending ? (
        <Box sx={grid} aria-busy>
          {[0, 1, 2].map((key) => (
            <StoreCardSkeleton key={key} />
          ))}
        </Box>
      ) : stores.length === 0 ? (
        <Card sx={{ p: { xs: 4, sm: 6 }, textAlign: 'center' }}>
          <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
            <StorefrontOutlinedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
            <Typography variant="subtitle1" component="p" sx={{ color: 'text.primary' }}>
              You don’t have any stores yet.
            </Typography>
            <Typography variant="body2" sx={{ maxWidth: 420 }}>
              When a seller invites you to Cratebase, open the link in their e-mail and their store appears here.
            </Typography>
          </Stack>
        </Card>
      ) : (
        <Box component="section" aria-label="Stores" sx={grid}>
          {stores.map((store) => (
            <StoreCard key={store.id} store={store} own={isOwnOrganization(user.data, store.id)} />
          ))}
        </Box>
      )}
    </Stack>
  );
}

export default YourStoresPage;
