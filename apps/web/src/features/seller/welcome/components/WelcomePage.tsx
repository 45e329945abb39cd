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
import { importWithReload } from '../../../../lib/chunk-reload';
import { useOnboardingStatus } from '../../api';
import { InviteDialog } from '../../components/InviteDialog';
import { welcomeSteps } from '../steps';

// Step 6's dialog (and the address schemas it uses) loads when it is first opened.
const AddressPackageDialog = lazy(
  importWithReload(() => import('./AddressPackageDialog').then((m) => ({ default: m.AddressPackageDialog }))),
);

export const WELCOME_HEADING = 'Welcome! To set up your store, start here';

/** /app/{org_id}/welcome: the six-step set-up checklist. */
export function WelcomePage() {
  const { orgId = '' } = useParams();
  const status = useOnboardingStatus(orgId);
  const steps = welcomeSteps(status.data);
  const doneCount = steps.filter((step) => step.done).length;
  const [inviteOpen, setInviteOpen] = useState(false);
  const [shippingOpen, setShippingOpen] = useState(false);
  const [shippingLoaded, setShippingLoaded] = useState(false);
  const toast = useToast();
  // Steps that open a dialog on this page instead of another page.
  const openDialog: Partial<Record<number, () => void>> = {
    5: () => setInviteOpen(true),
    6: () => {
      setShippingLoaded(true);
      setShippingOpen(true);
    },
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Typography
          variant="h4"
          component="h1"
          sx={{ color: 'text.primary', fontSize: { xs: '1.6rem', sm: '2.1rem' } }}
        >
          {WELCOME_HEADING}
        </Typography>
        {status.data && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 2, maxWidth: 420 }}>
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
        )}
      </Box>

      {status.isError && <QueryErrorAlert error={status.error} onRetry={() => void status.refetch()} />}

      <Card component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {steps.map((step, index) => (
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
                <Typography variant="body2">{step.description}</Typography>
              </Box>
            </Stack>
            <Button
              {...(openDialog[step.number]
                ? { onClick: openDialog[step.number] }
                : { component: RouterLink, to: `/app/${orgId}/${step.path}` })}
              variant={step.done ? 'text' : 'outlined'}
              endIcon={<ArrowForwardIcon />}
              sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' }, ml: { xs: 5.5, sm: 0 } }}
              aria-label={`${step.done ? 'Review' : step.action}: ${step.number}. ${step.title}`}
            >
              {step.done ? 'Review' : step.action}
            </Button>
          </Box>
        ))}
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
