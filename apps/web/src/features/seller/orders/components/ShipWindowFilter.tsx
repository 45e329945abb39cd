import { formatShipWindow, shipWindowKey } from '@cratebase/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/**
 * The Orders workspace's "Ship window" filter (issue 25): any order, or the orders with lines
 * sold in one of the seller's pre-order ship windows (the counts list them). Shown once an order
 * has a pre-order line.
 */
export function ShipWindowFilter({
  windows,
  value,
  onChange,
}: {
  windows: { ships_from: string; ships_until: string }[] | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  if (!windows || (windows.length === 0 && value === '')) return null;
  return (
    <TextField
      select
      size="small"
      label="Ship window"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width: { xs: '100%', sm: 230 } }}
    >
      <MenuItem value="">Any ship window</MenuItem>
      {windows.map((w) => (
        <MenuItem key={shipWindowKey(w)} value={shipWindowKey(w)}>
          {`Ships ${formatShipWindow(w.ships_from, w.ships_until)}`}
        </MenuItem>
      ))}
    </TextField>
  );
}
