import type { ReactNode } from 'react';
import { RESALE_CERTIFICATE_STATUS_LABELS, type ResaleCertificate } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDay } from '../lib/format';

const STATUS_COLOR = { valid: 'success', expires_soon: 'warning', expired: 'error' } as const;

/** A certificate's status as a chip: Valid, Expires soon, Expired (the tone in the border, the words in ink). */
export function ResaleCertificateStatusChip({ certificate }: { certificate: ResaleCertificate }) {
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[certificate.status]}
      variant="outlined"
      label={RESALE_CERTIFICATE_STATUS_LABELS[certificate.status]}
      sx={{ fontWeight: 600, color: 'text.primary', borderWidth: 2 }}
    />
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </>
  );
}

/**
 * A resale certificate as both sides read it (the retailer's settings, the seller's customer page):
 * state, number, expiry with its status, and the file.
 */
export function ResaleCertificateSummary({ certificate, file }: { certificate: ResaleCertificate; file?: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 3, rowGap: 1, m: 0 }}
    >
      <Row label="State">{certificate.state_name}</Row>
      <Row label="Number">{certificate.number}</Row>
      <Row label="Expires">
        <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {formatDay(`${certificate.expires_on}T12:00:00`)}
          <ResaleCertificateStatusChip certificate={certificate} />
        </Box>
      </Row>
      <Row label="File">{file ?? certificate.file.name}</Row>
      <Row label="Uploaded">
        {formatDay(certificate.uploaded_at)}
        {certificate.uploaded_by ? ` by ${certificate.uploaded_by}` : ''}
      </Row>
    </Box>
  );
}
