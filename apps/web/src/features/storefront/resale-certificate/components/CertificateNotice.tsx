import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useResaleCertificateCheck } from '../api';
import { resaleCertificatePath } from '../paths';

export const CERTIFICATE_NOTICE_TEXT = 'This store asks for a valid resale certificate before your first order.';

/**
 * At checkout, before the payment step: when the store requires a resale certificate for a first
 * order and none valid is on file, say so with the way to upload it (and come back to `back`).
 */
export function CertificateNotice({ buyerOrgId, storeId, back }: { buyerOrgId: string; storeId: string; back: string }) {
  const check = useResaleCertificateCheck(buyerOrgId, storeId);
  if (!check.data?.required || check.data.on_file) return null;
  return (
    <Alert severity="info">
      {`${CERTIFICATE_NOTICE_TEXT} `}
      <Link component={RouterLink} to={resaleCertificatePath(buyerOrgId, back)} color="inherit" sx={{ fontWeight: 600 }}>
        Upload your resale certificate
      </Link>
    </Alert>
  );
}
