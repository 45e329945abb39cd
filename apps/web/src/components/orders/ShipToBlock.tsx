import type { OrderAddress } from '@cratebase/contract';
import Box from '@mui/material/Box';
import { addressLines } from './order-format';

/**
 * The ship-to address one line under another (name, street, apartment, "City, ST 12345"), or
 * "N/A" without one. The caller gives the element around it (a `dd`, an `address`).
 */
export function ShipToBlock({ address }: { address: OrderAddress | null }) {
  const lines = addressLines(address);
  if (lines.length === 0) return 'N/A';
  return lines.map((line) => (
    <Box component="span" key={line} sx={{ display: 'block' }}>
      {line}
    </Box>
  ));
}
