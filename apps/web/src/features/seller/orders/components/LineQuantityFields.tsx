import { unitsLeft, type OrderLine } from '@cratebase/contract';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { formatCents } from '../../../../lib/format';
import type { LineQuantities } from '../cancel-effect';

export interface LineQuantityFieldsProps {
  legend: string;
  /** The order's lines; those with no unit left to ship are left out. */
  lines: readonly OrderLine[];
  quantities: LineQuantities;
  onChange: (next: LineQuantities) => void;
  /** The verb of the field's name: "Units of Fig Jam to ship (up to 2)". */
  verb: 'ship' | 'cancel';
  disabled?: boolean;
}

/**
 * A quantity stepper for each line with units left to ship (0 to what is left): − and + buttons
 * around a number field, each named for its line.
 */
export function LineQuantityFields({
  legend,
  lines,
  quantities,
  onChange,
  verb,
  disabled = false,
}: LineQuantityFieldsProps) {
  const open = lines.filter((line) => unitsLeft(line) > 0);
  const set = (line: OrderLine, value: number) =>
    onChange({ ...quantities, [line.id]: Math.max(0, Math.min(unitsLeft(line), Math.floor(value) || 0)) });
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Box component="legend" sx={{ typography: 'subtitle2', mb: 0.5 }}>
        {legend}
      </Box>
      {open.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Every unit has shipped or was cancelled.
        </Typography>
      )}
      {open.map((line) => {
        const left = unitsLeft(line);
        const value = quantities[line.id] ?? 0;
        return (
          <Stack
            key={line.id}
            direction="row"
            sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
          >
            <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {line.name}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {`${formatCents(line.unit_price_in_cents)} each · ${left} of ${line.quantity} left to ship`}
              </Typography>
            </Box>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <IconButton
                size="small"
                aria-label={`One fewer ${line.name}`}
                onClick={() => set(line, value - 1)}
                disabled={disabled || value <= 0}
              >
                <RemoveIcon fontSize="small" />
              </IconButton>
              <TextField
                type="number"
                size="small"
                value={String(value)}
                onChange={(event) => set(line, Number(event.target.value))}
                disabled={disabled}
                slotProps={{
                  htmlInput: {
                    min: 0,
                    max: left,
                    step: 1,
                    inputMode: 'numeric',
                    'aria-label': `Units of ${line.name} to ${verb} (up to ${left})`,
                  },
                }}
                sx={{ width: 72 }}
              />
              <IconButton
                size="small"
                aria-label={`One more ${line.name}`}
                onClick={() => set(line, value + 1)}
                disabled={disabled || value >= left}
              >
                <AddIcon fontSize="small" />
              </IconButton>
            </Stack>
          </Stack>
        );
      })}
    </Stack>
  );
}
