import { useId, useState, type ReactNode } from 'react';
import type { Organization } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { AccountHeader } from '../../../components/AccountHeader';
import { AccountLayout } from '../../../components/AccountLayout';
import { CenteredSpinner } from '../../../components/CenteredSpinner';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { TintedIcon } from '../../../components/TintedIcon';
import { useSignedInProfile, useSignOut } from '../../../lib/auth-hooks';
import { refreshCurrentUser, useCurrentUser } from '../../../lib/current-user';
import { accountHomeDestination, NO_STORES_PATH } from '../../../lib/routing';
import { rememberedOrgId, rememberOrgId } from '../../../lib/storage';
import { DetailsForm } from './DetailsForm';
import { usePageTitle } from '../../../lib/use-page-title';

export const NO_STORES_HEADING = 'No stores to order from yet';

const cardContent = { p: { xs: 2.5, sm: 3.5 }, '&:last-child': { pb: { xs: 2.5, sm: 3.5 } } } as const;

/** A card that is a page section, named by its heading. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={cardContent}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** One numbered step of "What to do next". */
function Step({ number, title, children }: { number: number; title: ReactNode; children?: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box
        aria-hidden
        sx={{
          width: 28,
          height: 28,
          flexShrink: 0,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(110, 86, 207, 0.1)',
          color: 'primary.main',
          fontWeight: 700,
          fontSize: '0.875rem',
        }}
      >
        {number}
      </Box>
      <Box sx={{ minWidth: 0, pt: 0.25 }}>
        <Typography variant="subtitle1" component="p" sx={{ color: 'text.primary', lineHeight: 1.5 }}>
          {title}
        </Typography>
        {children}
      </Box>
    </Box>
  );
}

/**
 * /no-stores: a buyer account that no seller has invited yet (the buyer landing choice with no
 * purchasing organization). Says what Cratebase is for buyers, that sellers invite their
 * retailers by e-mail, and what to do: ask the supplier to invite the signed-in address, open
 * the invitation, or log out and use another account. Someone who sells can create a store.
 */
export function NoStoresPage() {
  usePageTitle('No Stores Yet');
  const userQuery = useCurrentUser();
  const profile = useSignedInProfile();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [creatingStore, setCreatingStore] = useState(false);

  const user = userQuery.data;
  if (user === null || (user && user.organizations.length === 0)) return <Navigate to="/details" replace />;
  // A store opened meanwhile (an invitation accepted in another tab), or this is a seller.
  const home = user && !creatingStore ? accountHomeDestination(user, rememberedOrgId()) : NO_STORES_PATH;
  if (home !== NO_STORES_PATH) return <Navigate to={home} replace />;

  async function handleStoreCreated(organization: Organization) {
    rememberOrgId(organization.id);
    await refreshCurrentUser(queryClient);
    navigate(`/app/${organization.id}/welcome`, { replace: true });
  }

  const email = user?.email ?? profile.email ?? '';
  const buyerName = user?.organizations.find((org) => org.selected_type === 'Buyer')?.name;

  let content: ReactNode;
  if (userQuery.isPending) {
    content = <CenteredSpinner label="Loading your account" />;
  } else if (userQuery.isError) {
    content = <QueryErrorAlert error={userQuery.error} onRetry={() => void userQuery.refetch()} />;
  } else {
    content = (
      <Stack spacing={3}>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <TintedIcon>
            <StorefrontOutlinedIcon />
          </TintedIcon>
          <Typography variant="h4" component="h1">
            {NO_STORES_HEADING}
          </Typography>
          <Typography variant="body1" sx={{ maxWidth: 480 }}>
            {buyerName ? `Your buyer account for ${buyerName} is ready.` : 'Your buyer account is ready.'} A seller’s
            store opens here as soon as that seller invites you.
          </Typography>
        </Stack>

        <Section title="Cratebase for buyers">
          <Stack spacing={1.5}>
            <Typography variant="body1">
              Cratebase is where shops and other retailers order wholesale from the brands, makers and distributors they
              stock. Each seller has its own store with its catalog, wholesale prices and order minimums: you fill a
              cart, check out in a few steps and follow your orders in one place.
            </Typography>
            <Typography variant="body1">
              Sellers invite their retailers by e-mail. There is no public list of stores: a seller’s store opens to you
              when that seller invites the e-mail address you signed in with.
            </Typography>
          </Stack>
        </Section>

        <Section title="What to do next">
          <Stack component="ol" spacing={2.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            <Step number={1} title="Ask your supplier to invite you at this e-mail">
              <Typography
                variant="body1"
                sx={{ color: 'text.primary', fontWeight: 600, wordBreak: 'break-all', mt: 0.5 }}
                data-testid="signed-in-email"
              >
                {email}
              </Typography>
              <Typography variant="body2">
                Sellers send invitations from Cratebase; give them this address exactly.
              </Typography>
            </Step>
            <Step number={2} title="Open the invitation e-mail">
              <Typography variant="body2">
                Look in your inbox (and the spam folder) for an invitation from Cratebase and follow its link. The
                seller’s store opens, and you will find it here every time you sign in.
              </Typography>
            </Step>
            <Step number={3} title="Invited at another address?">
              <Typography variant="body2" sx={{ mb: 1.5 }}>
                Log out, then sign in or sign up with the e-mail the invitation was sent to.
              </Typography>
              <Button
                variant="outlined"
                startIcon={<LogoutIcon />}
                onClick={() => void signOut()}
                sx={{ width: { xs: '100%', sm: 'auto' } }}
              >
                Log Out and Use Another Account
              </Button>
            </Step>
          </Stack>
        </Section>

        <Section title="Selling wholesale yourself?">
          <Typography variant="body1" sx={{ mb: 2 }}>
            Create a store for your business: add your products and terms, then invite your retailers.
          </Typography>
          {creatingStore ? (
            <Box>
              <DetailsForm
                email={email}
                organizationType="Merchant"
                label="Create a store"
                submitLabel="Create Store"
                onCreated={handleStoreCreated}
              />
              <Button color="inherit" onClick={() => setCreatingStore(false)} sx={{ mt: 1.5 }}>
                Cancel
              </Button>
            </Box>
          ) : (
            <Button
              variant="contained"
              startIcon={<StorefrontOutlinedIcon />}
              onClick={() => setCreatingStore(true)}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              Create a Store
            </Button>
          )}
        </Section>
      </Stack>
    );
  }

  return <AccountLayout header={<AccountHeader />}>{content}</AccountLayout>;
}

export default NoStoresPage;
