import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../../lib/api';
import { resaleCertificatePath } from '../paths';

/**
 * Under a checkout refusal: when the seller requires a resale certificate before the first order
 * (409 resale_certificate_required), the way on — upload it, then come back to `back`.
 */
export function CertificateRequiredLink({ error, buyerOrgId, back }: { error: unknown; buyerOrgId: string; back: string }) {
  if (!(error instanceof ApiError && error.code === 'resale_certificate_required')) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Link component={RouterLink} to={resaleCertificatePath(buyerOrgId, back)} color="inherit" sx={{ fontWeight: 600 }}>
        Upload your resale certificate
      </Link>
    </Box>
  );
}
