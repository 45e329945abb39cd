import { useState } from 'react';
import type { ResaleCertificate } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { ResaleCertificateSummary } from '../../../../components/ResaleCertificateSummary';
import { useToast } from '../../../../components/Toast';
import { errorMessage } from '../../../../lib/api';
import { openFileInNewTab } from '../../../../lib/open-in-new-tab';
import { usePageTitle } from '../../../../lib/use-page-title';
import { fetchResaleCertificateFile, useResaleCertificate } from '../api';
import { nextPath } from '../paths';
import { ResaleCertificateForm } from './ResaleCertificateForm';

export const RESALE_CERTIFICATE_SUBTITLE =
  'Wholesale orders are sold tax-exempt for resale. Keep your certificate here: the stores you buy from see it, and some ask for it before your first order.';

function CertificateCard({ orgId, certificate, onReplace }: { orgId: string; certificate: ResaleCertificate; onReplace: () => void }) {
  const toast = useToast();
  const view = () =>
    void openFileInNewTab(() => fetchResaleCertificateFile(orgId), certificate.file.name, 'Opening the certificate…').catch(
      (error: unknown) => toast.show(errorMessage(error), { severity: 'error' }),
    );
  return (
    <Stack spacing={2}>
      {certificate.status !== 'valid' && (
        <Alert severity={certificate.status === 'expired' ? 'error' : 'warning'}>
          {certificate.status === 'expired'
            ? 'This certificate has expired. Upload the renewed one to keep buying tax-exempt.'
            : 'This certificate expires soon. Upload the renewed one when you have it.'}
        </Alert>
      )}
      <ResaleCertificateSummary
        certificate={certificate}
        file={
          <Button size="small" onClick={view} sx={{ p: 0, minWidth: 0, textAlign: 'left', wordBreak: 'break-all' }}>
            {certificate.file.name}
          </Button>
        }
      />
      <Stack direction="row" spacing={1.5}>
        <Button variant="outlined" onClick={onReplace}>
          Replace certificate
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * /storefront/resale-certificate/{buyerOrgId}: the retailer's resale certificate — state, number,
 * expiry, status and file, replaced here. After buyer sign-up it is an optional step (`next` the
 * store, with "Skip for now"); from checkout, `next` is the billing step.
 */
export function ResaleCertificatePage() {
  usePageTitle('Resale certificate');
  const { buyerOrgId = '' } = useParams();
  const [params] = useSearchParams();
  const next = nextPath(params.get('next'));
  const signup = params.get('signup') === '1';
  const certificate = useResaleCertificate(buyerOrgId);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const toast = useToast();

  const current = certificate.data ?? null;
  const showForm = editing || (certificate.isSuccess && !current);
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <PageHeader
        title={signup ? 'Add your resale certificate' : 'Resale certificate'}
        subtitle={signup ? `Optional — you can add it later from Your Stores. ${RESALE_CERTIFICATE_SUBTITLE}` : RESALE_CERTIFICATE_SUBTITLE}
        back={signup ? undefined : { to: next ?? '/storefront/all', label: next ? 'Back' : 'Your Stores' }}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {certificate.isError ? (
          <QueryErrorAlert error={certificate.error} onRetry={() => void certificate.refetch()} />
        ) : certificate.isPending ? (
          <Stack spacing={1.5} role="status" aria-busy aria-label="Loading the resale certificate">
            <Skeleton variant="text" width="40%" />
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="text" width="50%" />
          </Stack>
        ) : showForm ? (
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              {current ? 'Replace your certificate' : 'Upload your certificate'}
            </Typography>
            <ResaleCertificateForm
              orgId={buyerOrgId}
              current={current}
              onCancel={current ? () => setEditing(false) : undefined}
              onSaved={() => {
                setEditing(false);
                setSaved(true);
                toast.show('Resale certificate saved');
              }}
            />
          </Stack>
        ) : (
          current && <CertificateCard orgId={buyerOrgId} certificate={current} onReplace={() => setEditing(true)} />
        )}
      </Paper>
      {next && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to={next} variant={saved || current ? 'contained' : 'text'}>
            {saved || current ? 'Continue' : signup ? 'Skip for now' : 'Back without a certificate'}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

export default ResaleCertificatePage;
