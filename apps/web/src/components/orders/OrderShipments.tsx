import type { ReactNode } from 'react';
import type { Shipment } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../lib/format';
import { carrierLabel } from './order-format';

/** "2 × Fig Jam, 1 × Oat Soap". */
export function shipmentItems(shipment: Pick<Shipment, 'lines'>): string {
  return shipment.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');
}

/**
 * An order's shipments (issue 23), oldest first: each box's number and day, its carrier with the
 * tracking number linking to the carrier's page (a new tab), and what was in it. Nothing when
 * the order has none.
 */
export function OrderShipments({
  shipments,
  action,
}: {
  shipments: readonly Shipment[] | undefined;
  /** Something to do with one shipment (the seller's packing slip), at the end of its box. */
  action?: (shipment: Shipment) => ReactNode;
}) {
  if (!shipments || shipments.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="order-shipments-title" sx={{ mt: 3 }}>
      <Typography id="order-shipments-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Shipments
      </Typography>
      <Box
        component="ul"
        aria-labelledby="order-shipments-title"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
      >
        {shipments.map((shipment) => (
          <Box
            component="li"
            key={shipment.id}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 2, py: 1.25, minWidth: 0 }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {`Shipment ${shipment.number}`}
              <Typography component="span" variant="caption" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                {' · '}
                <time dateTime={shipment.created_at}>{formatDate(shipment.created_at)}</time>
              </Typography>
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {carrierLabel(shipment.carrier)}{' '}
              <Link
                href={shipment.tracking_url}
                target="_blank"
                rel="noopener noreferrer"
                underline="hover"
                aria-label={`${shipment.tracking_number} (opens in a new tab)`}
              >
                {shipment.tracking_number}
              </Link>
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {shipmentItems(shipment)}
            </Typography>
            {action?.(shipment)}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
