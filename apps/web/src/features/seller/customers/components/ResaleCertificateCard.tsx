import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { ResaleCertificateSummary } from '../../../../components/ResaleCertificateSummary';
import { useToast } from '../../../../components/Toast';
import { errorMessage } from '../../../../lib/api';
import { openFileInNewTab } from '../../../../lib/open-in-new-tab';
import { useIsStaff } from '../../money-access';
import {
  fetchCustomerCertificateFile,
  useCustomerResaleCertificate,
  useResaleCertificateRequirement,
  useSetResaleCertificateRequirement,
} from '../resale-certificate-api';

export const REQUIRE_CERTIFICATE_LABEL = 'Require a valid resale certificate before a customer’s first order';
export const STAFF_REQUIREMENT_MESSAGE = 'Only an owner or admin can change this.';

/** The store-wide setting, shown on every customer's page (owners and admins change it). */
function RequirementSwitch({ orgId }: { orgId: string }) {
  const requirement = useResaleCertificateRequirement(orgId);
  const change = useSetResaleCertificateRequirement(orgId);
  const readOnly = useIsStaff(orgId);
  const toast = useToast();
  if (requirement.isPending) return <Skeleton variant="rounded" height={40} aria-label="Loading the certificate requirement" />;
  const checked = change.isPending ? Boolean(change.variables) : Boolean(requirement.data?.required);
  return (
    <Stack>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={requirement.isError || change.isPending || readOnly}
            onChange={(event) => {
              const required = event.target.checked;
              change.mutate(required, {
                onSuccess: () =>
                  toast.show(
                    required
                      ? 'New customers now need a valid resale certificate before their first order'
                      : 'New customers can order without a resale certificate',
                  ),
                onError: (error) => toast.show(errorMessage(error), { severity: 'error' }),
              });
            }}
            slotProps={{ input: { 'aria-describedby': 'resale-requirement-help' } }}
          />
        }
        label={REQUIRE_CERTIFICATE_LABEL}
      />
      <FormHelperText id="resale-requirement-help" error={requirement.isError} sx={{ mt: 0 }}>
        {requirement.isError
          ? errorMessage(requirement.error)
          : readOnly
            ? `Applies to every customer of your store. ${STAFF_REQUIREMENT_MESSAGE}`
            : 'Applies to every customer of your store. Customers who have ordered before are not affected.'}
      </FormHelperText>
    </Stack>
  );
}

/**
 * "Resale certificate" on a customer's page (issue 25 part 5): the certificate the customer keeps
 * on file (state, number, expiry, status, its file) and the store's requirement.
 */
export function ResaleCertificateCard({ orgId, customerId, name }: { orgId: string; customerId: string; name: string }) {
  const answer = useCustomerResaleCertificate(orgId, customerId);
  const requirement = useResaleCertificateRequirement(orgId);
  const toast = useToast();
  const certificate = answer.data?.certificate ?? null;
  const view = () => {
    if (!certificate) return;
    void openFileInNewTab(
      () => fetchCustomerCertificateFile(orgId, customerId),
      certificate.file.name,
      'Opening the certificate…',
    ).catch((error: unknown) => toast.show(errorMessage(error), { severity: 'error' }));
  };
  // The store asks for one, the customer has not ordered yet, and none valid is on file.
  const blocked =
    requirement.data?.required === true && answer.data?.has_ordered === false && (!certificate || certificate.status === 'expired');

  return (
    <Paper variant="outlined" component="section" aria-labelledby="resale-certificate-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2" id="resale-certificate-title">
          Resale certificate
        </Typography>
        {answer.isError ? (
          <QueryErrorAlert error={answer.error} onRetry={() => void answer.refetch()} />
        ) : answer.isPending ? (
          <Stack spacing={1} role="status" aria-busy aria-label="Loading the resale certificate">
            <Skeleton variant="text" width="45%" />
            <Skeleton variant="text" width="60%" />
          </Stack>
        ) : certificate ? (
          <ResaleCertificateSummary
            certificate={certificate}
            file={
              <Button size="small" onClick={view} sx={{ p: 0, minWidth: 0, textAlign: 'left', wordBreak: 'break-all' }}>
                {`View ${certificate.file.name}`}
              </Button>
            }
          />
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {`${name} has no resale certificate on file.`}
          </Typography>
        )}
        {blocked && (
          <Alert severity="info">{`${name} cannot place its first order until it uploads a valid certificate.`}</Alert>
        )}
        <RequirementSwitch orgId={orgId} />
      </Stack>
    </Paper>
  );
}
