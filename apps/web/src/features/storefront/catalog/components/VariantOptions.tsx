import type { Product } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { valueState, type ValueState } from '../variant-display';

const STATE_NOTE: Record<Exclude<ValueState, 'orderable'>, string> = {
  unavailable: 'Unavailable',
  out_of_stock: 'Out of stock',
};

/**
 * The product page's option buttons (issue 24): one group per option (role=group named by the
 * option), a button per value. A value that no variant the seller sells has is disabled; one that
 * does not combine with the other values chosen, or whose variants are sold out, is struck
 * through and says so ("Unavailable", "Out of stock") but can still be picked, so the buyer can
 * change course from any choice.
 */
export function VariantOptions({
  item,
  chosen,
  onChoose,
}: {
  item: Product;
  chosen: readonly (string | null)[];
  onChoose: (index: number, value: string | null) => void;
}) {
  return (
    <Stack spacing={1.5}>
      {item.options.map((option, index) => {
        return (
          <Box key={option.name}>
            <Typography variant="subtitle2" component="p" sx={{ color: 'text.primary', mb: 0.75 }}>
              {option.name}
              {chosen[index] && (
                <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                  {`: ${chosen[index]}`}
                </Box>
              )}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              aria-label={option.name}
              value={chosen[index]}
              onChange={(_, value: string | null) => onChoose(index, value)}
              sx={{ flexWrap: 'wrap', gap: 1, '& .MuiToggleButtonGroup-grouped': { border: 1, borderColor: 'divider', borderRadius: '8px !important', m: 0 } }}
            >
              {option.values.map((value) => {
                // Without the other choices: does any variant the seller sells have this value?
                const sold = valueState(item, item.options.map(() => null), index, value) !== 'unavailable';
                const state = valueState(item, chosen, index, value);
                const note = state === 'orderable' ? null : STATE_NOTE[state];
                return (
                  <ToggleButton
                    key={value}
                    value={value}
                    disabled={!sold}
                    // "M Unavailable", as the two lines read (browsers differ on the space between them).
                    aria-label={note ? `${value} ${note}` : undefined}
                    sx={{
                      minWidth: 56,
                      minHeight: 40,
                      px: 1.5,
                      flexDirection: 'column',
                      lineHeight: 1.2,
                      textTransform: 'none',
                      fontSize: '0.9375rem',
                      color: 'text.primary',
                      '&.Mui-selected': {
                        color: 'primary.dark',
                        borderColor: 'primary.main',
                        boxShadow: (theme) => `inset 0 0 0 1px ${theme.palette.primary.main}`,
                      },
                    }}
                  >
                    <Box component="span" sx={{ textDecoration: note ? 'line-through' : undefined }}>
                      {value}
                    </Box>
                    {note && ' '}
                    {note && (
                      <Box component="span" sx={{ fontSize: '0.6875rem', color: 'text.secondary' }}>
                        {note}
                      </Box>
                    )}
                  </ToggleButton>
                );
              })}
            </ToggleButtonGroup>
          </Box>
        );
      })}
    </Stack>
  );
}
