import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';

export interface BulkActionsBarProps {
  /** How many rows are selected (announced as it changes). */
  count: number;
  /** What the bar says with nothing selected ("Select orders for bulk actions"). */
  idleText: string;
  /**
   * Its own select-all box, for lists without a header row: `shown` always, `phone-only` below
   * the sm breakpoint (where the rows have no boxes); none without.
   */
  selectAll?: 'shown' | 'phone-only';
  selectAllLabel: string;
  allShownSelected: boolean;
  someShownSelected: boolean;
  onToggleAllShown: () => void;
  /** Set when the selection is over the action's limit: the actions are off and this says why. */
  tooManyText: string | null;
  onClear: () => void;
  /** The actions, shown while something is selected. */
  children: ReactNode;
}

/**
 * The toolbar of a list's bulk actions (the seller's orders, products): how many rows are
 * selected, the actions on them, Clear selection, and the limit's message.
 */
export function BulkActionsBar(props: BulkActionsBarProps) {
  const { count } = props;
  return (
    <Box
      role="toolbar"
      aria-label="Bulk actions"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        mb: 2,
        minHeight: 40,
        ...(count > 0 ? { p: 1, borderRadius: 1, bgcolor: 'action.selected' } : {}),
      }}
    >
      {props.selectAll && (
        <Checkbox
          checked={props.allShownSelected}
          indeterminate={props.someShownSelected && !props.allShownSelected}
          onChange={props.onToggleAllShown}
          sx={props.selectAll === 'phone-only' ? { display: { xs: 'inline-flex', sm: 'none' } } : undefined}
          slotProps={{ input: { 'aria-label': props.selectAllLabel } }}
        />
      )}
      <Typography variant="body2" role="status" sx={{ fontWeight: 600, mr: 1 }}>
        {count === 0 ? props.idleText : `${count} selected`}
      </Typography>
      {count > 0 && (
        <>
          {props.children}
          <Button size="small" color="inherit" onClick={props.onClear}>
            Clear selection
          </Button>
          {props.tooManyText && (
            <Typography variant="body2" sx={{ color: 'error.main', width: '100%' }}>
              {props.tooManyText}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
