import type { ShippingInformation } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { carrierLabel } from './order-format';

export interface TrackingLineProps {
  /** The order's shipping information; null: "Not shipped yet". */
  tracking: ShippingInformation | null;
  /** The carrier's status on a line of its own under the number. */
  showStatus?: boolean;
}

/**
 * "USPS 9400…" with the number linking to the carrier's tracking page (a new tab). The caller
 * gives the element around it.
 */
export function TrackingLine({ tracking, showStatus = false }: TrackingLineProps) {
  if (!tracking) return 'Not shipped yet';
  return (
    <>
      {carrierLabel(tracking.carrier)}{' '}
      <Link href={tracking.tracking_url} target="_blank" rel="noopener noreferrer" underline="hover">
        {tracking.tracking_number}
      </Link>
      {showStatus && (
        <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
          {tracking.status}
        </Box>
      )}
    </>
  );
}
