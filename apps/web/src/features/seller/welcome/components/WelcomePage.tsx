import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Link as RouterLink, useParams } from 'react-router';
import { useToast } from '../../../../components/Toast';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { PageHeader } from '../../../../components/PageHeader';
import { importWithReload } from '../../../../lib/chunk-reload';
import { useOnboardingStatus, useOrganization } from '../../api';
import { InviteDialog } from '../../components/InviteDialog';
import { stepSummary, welcomeSteps } from '../steps';
import { useInvitesSent } from '../api';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';

// Step 6's dialog (and the address schemas it uses) loads when it is first opened.
const AddressPackageDialog = lazy(
  importWithReload(() => import('./AddressPackageDialog').then((m) => ({ default: m.AddressPackageDialog }))),
);

export const WELCOME_HEADING = 'Welcome! To set up your store, start here';

/** /app/{org_id}/welcome: the six-step set-up checklist. */
export function WelcomePage() {
  useOrganizationPageTitle('Welcome');
  const { orgId = '' } = useParams();
  const status = useOnboardingStatus(orgId);
  const steps = welcomeSteps(status.data);
  const doneCount = steps.filter((step) => step.done).length;
  // What finished steps show: the organization (the shell has it cached) and, once step 5 is
  // done, how many invites were sent.
  const organization = useOrganization(orgId, { enabled: doneCount > 0 });
  const invites = useInvitesSent(orgId, { enabled: Boolean(status.data?.has_customers) });
  const facts = { status: status.data, organization: organization.data, invites: invites.data };
  const [inviteOpen, setInviteOpen] = useState(false);
  const [shippingOpen, setShippingOpen] = useState(false);
  const [shippingLoaded, setShippingLoaded] = useState(false);
  const toast = useToast();
  // Steps that open a dialog on this page instead of another page (until done, when most
  // lead to the page where the step was done instead: see donePath).
  const openDialog: Partial<Record<number, () => void>> = {
    5: () => setInviteOpen(true),
    6: () => {
      setShippingLoaded(true);
      setShippingOpen(true);
    },
  };

  return (
    <Stack spacing={3}>
      <PageHeader
        title={WELCOME_HEADING}
        subtitle={
          status.data && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1.5, maxWidth: 420 }}>
              <LinearProgress
                variant="determinate"
                value={(doneCount / steps.length) * 100}
                aria-label="Set-up progress"
                sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
              />
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {doneCount} of {steps.length} done
              </Typography>
            </Stack>
          )
        }
      />

      {status.isError && <QueryErrorAlert error={status.error} onRetry={() => void status.refetch()} />}

      <Card component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {steps.map((step, index) => {
          const summary = stepSummary(step, facts);
          const dialog = step.done && step.donePath ? undefined : openDialog[step.number];
          const path = step.done ? (step.donePath ?? step.path) : step.path;
          const label = step.done ? step.doneAction : step.action;
          return (
            <Box
              component="li"
              key={step.number}
              sx={{
                display: 'flex',
                flexDirection: { xs: 'column', sm: 'row' },
                alignItems: { sm: 'center' },
                gap: { xs: 1.5, sm: 2.5 },
                px: { xs: 2.5, sm: 3 },
                py: 2.5,
                borderTop: index === 0 ? 0 : 1,
                borderColor: 'divider',
              }}
            >
              <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', flexGrow: 1, minWidth: 0 }}>
                {status.isPending ? (
                  <Skeleton variant="circular" width={28} height={28} sx={{ flexShrink: 0 }} />
                ) : step.done ? (
                  <CheckCircleIcon sx={{ color: 'info.main', fontSize: 28, flexShrink: 0 }} titleAccess="Done" />
                ) : (
                  <RadioButtonUncheckedIcon
                    sx={{ color: 'text.disabled', fontSize: 28, flexShrink: 0 }}
                    titleAccess="Not done"
                  />
                )}
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="subtitle1" component="h2" sx={{ color: 'text.primary', fontWeight: 600 }}>
                    {step.number}. {step.title}
                  </Typography>
                  {summary ? (
                    <Typography variant="body2" sx={{ color: 'text.primary' }} data-testid="step-summary">
                      {summary}
                    </Typography>
                  ) : (
                    <Typography variant="body2">{step.description}</Typography>
                  )}
                </Box>
              </Stack>
              <Button
                {...(dialog ? { onClick: dialog } : { component: RouterLink, to: `/app/${orgId}/${path}` })}
                variant={step.done ? 'text' : 'outlined'}
                endIcon={<ArrowForwardIcon />}
                sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' }, ml: { xs: 5.5, sm: 0 } }}
                aria-label={`${label}: ${step.number}. ${step.title}`}
              >
                {label}
              </Button>
            </Box>
          );
        })}
      </Card>
      <InviteDialog open={inviteOpen} orgId={orgId} onClose={() => setInviteOpen(false)} />
      {shippingLoaded && (
        <Suspense fallback={null}>
          <AddressPackageDialog
            orgId={orgId}
            open={shippingOpen}
            onClose={() => setShippingOpen(false)}
            onSaved={() => toast.show('Shipping details saved.')}
          />
        </Suspense>
      )}
    </Stack>
  );
}

export default WelcomePage;
