import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';

/** Units chosen per line id; absent or 0: none of that line. */
export type UnitCounts = Record<string, number>;

export interface UnitCountRow {
  id: string;
  name: string;
  /** The most units that may be chosen of this line. */
  max: number;
  /** Under the name: "$30.00 each · 2 of 3 left to ship". */
  caption: string;
}

export interface UnitCountFieldsProps {
  legend: string;
  rows: readonly UnitCountRow[];
  quantities: UnitCounts;
  onChange: (next: UnitCounts) => void;
  /** The number field's accessible name for a row: "Units of Fig Jam to ship (up to 2)". */
  fieldLabel: (row: UnitCountRow) => string;
  /** Said when no row is offered. */
  empty: ReactNode;
  disabled?: boolean;
}

/**
 * A quantity stepper per line (0 to the line's most): − and + buttons around a number field,
 * each named for its line. Wraps under the name at phone width.
 */
export function UnitCountFields({
  legend,
  rows,
  quantities,
  onChange,
  fieldLabel,
  empty,
  disabled = false,
}: UnitCountFieldsProps) {
  const set = (row: UnitCountRow, value: number) =>
    onChange({ ...quantities, [row.id]: Math.max(0, Math.min(row.max, Math.floor(value) || 0)) });
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Box component="legend" sx={{ typography: 'subtitle2', mb: 0.5 }}>
        {legend}
      </Box>
      {rows.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {empty}
        </Typography>
      )}
      {rows.map((row) => {
        const value = quantities[row.id] ?? 0;
        return (
          <Stack
            key={row.id}
            direction="row"
            sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
          >
            <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {row.name}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {row.caption}
              </Typography>
            </Box>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <IconButton
                size="small"
                aria-label={`One fewer ${row.name}`}
                onClick={() => set(row, value - 1)}
                disabled={disabled || value <= 0}
              >
                <RemoveIcon fontSize="small" />
              </IconButton>
              <TextField
                type="number"
                size="small"
                value={String(value)}
                onChange={(event) => set(row, Number(event.target.value))}
                disabled={disabled}
                slotProps={{
                  htmlInput: { min: 0, max: row.max, step: 1, inputMode: 'numeric', 'aria-label': fieldLabel(row) },
                }}
                sx={{ width: 72 }}
              />
              <IconButton
                size="small"
                aria-label={`One more ${row.name}`}
                onClick={() => set(row, value + 1)}
                disabled={disabled || value >= row.max}
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
