import type { ReactNode } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';

export interface RadioCardGroupProps<T> {
  /** The id of the heading that names the group. */
  labelledBy: string;
  items: readonly T[];
  /** The radio's value of an item (what `selected` and `onChoose` speak of). */
  valueOf: (item: T) => string | undefined;
  /** React's key of an item; its value when omitted. */
  keyOf?: (item: T) => string;
  selected: string | null;
  onChoose: (value: string) => void;
  /** What the card shows beside its radio. */
  renderLabel: (item: T) => ReactNode;
  /** The grid's columns (one by default). */
  columns?: string | Record<string, string>;
  /** The card's padding. */
  cardSx?: Record<string, unknown>;
  /** The label's layout inside the card. */
  labelSx?: Record<string, unknown>;
}

/**
 * Choices as outlined cards with a radio each, the chosen one outlined in the primary colour:
 * one radio group, so arrow keys move between them (checkout's saved addresses, billing's
 * shipping options).
 */
export function RadioCardGroup<T>({
  labelledBy,
  items,
  valueOf,
  keyOf,
  selected,
  onChoose,
  renderLabel,
  columns = 'minmax(0, 1fr)',
  cardSx,
  labelSx,
}: RadioCardGroupProps<T>) {
  return (
    <RadioGroup
      aria-labelledby={labelledBy}
      value={selected ?? ''}
      onChange={(event) => onChoose(event.target.value)}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: columns }}
    >
      {items.map((item) => {
        const value = valueOf(item);
        const checked = value === selected;
        return (
          <Paper
            key={keyOf ? keyOf(item) : value}
            variant="outlined"
            sx={{
              ...cardSx,
              borderRadius: 2,
              borderWidth: checked ? 2 : 1,
              borderColor: checked ? 'primary.main' : 'divider',
              bgcolor: checked ? 'rgba(110, 86, 207, 0.04)' : 'background.paper',
            }}
          >
            <FormControlLabel
              value={value}
              control={<Radio />}
              label={renderLabel(item)}
              sx={{ m: 0, width: '100%', ...labelSx }}
            />
          </Paper>
        );
      })}
    </RadioGroup>
  );
}
