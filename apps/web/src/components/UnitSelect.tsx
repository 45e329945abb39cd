import type { ReactNode } from 'react';
import type { Unit } from '@cratebase/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface UnitSelectProps {
  label: string;
  /** The lookup list (order, weight or dimension units). */
  units: Unit[];
  /** The chosen unit's id as text ('' for none yet). */
  value: string;
  onChange: (unitId: string) => void;
  error?: boolean;
  helperText?: ReactNode;
}

/** A required choice from one of the unit lookup lists. */
export function UnitSelect({ label, units, value, onChange, error, helperText }: UnitSelectProps) {
  return (
    <TextField
      select
      label={label}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      helperText={helperText}
    >
      {units.map((unit) => (
        <MenuItem key={unit.id} value={String(unit.id)}>
          {unit.unit}
        </MenuItem>
      ))}
    </TextField>
  );
}
