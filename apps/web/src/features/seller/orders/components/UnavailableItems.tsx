import { useId } from 'react';
import type { Order } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { backorderLines, unavailableText } from '../../../../components/orders/backorders';

/**
 * The units the seller reported unavailable, line by line, with the retailer's choice so far:
 * "3 × Fig Jam unavailable until Dec 4, 2026 — waiting for the retailer’s choice" or "— the
 * retailer waits for them". Nothing when none (or the order is closed).
 */
export function UnavailableItems({ order }: { order: Order }) {
  const titleId = useId();
  const lines = backorderLines(order);
  if (lines.length === 0) return null;
  const asked = lines.some((line) => line.backorder === 'asked');
  return (
    <Alert
      severity={asked ? 'warning' : 'info'}
      component="section"
      role="region"
      aria-labelledby={titleId}
      sx={{ mb: 3, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
    >
      <AlertTitle id={titleId}>Unavailable items</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {lines.map((line) => (
          <Box component="li" key={line.id} sx={{ overflowWrap: 'anywhere' }}>
            {`${unavailableText(line)} — ${
              line.backorder === 'asked'
                ? 'waiting for the retailer’s choice (they cannot ship until it chooses)'
                : 'the retailer waits for them'
            }`}
          </Box>
        ))}
      </Box>
    </Alert>
  );
}
