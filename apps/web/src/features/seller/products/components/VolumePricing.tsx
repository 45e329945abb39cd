import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { VOLUME_LIMITS } from '@cratebase/contract';
import { MoneyInput } from '../../../../components/MoneyInput';
import type { PriceBreakRow, ProductFormValues } from '../form';

type VolumeValues = Pick<ProductFormValues, 'minimumQuantity' | 'orderIncrement' | 'priceBreaks'>;

export interface VolumePricingProps {
  values: VolumeValues;
  onChange: (change: Partial<VolumeValues>) => void;
  /** Problems by the API's field paths (form.ts volumeProblems, or the server's answer). */
  problems: Partial<Record<string, string>>;
  disabled?: boolean;
}

const countInput = { inputMode: 'numeric', autoComplete: 'off' } as const;

/**
 * The product form's "Volume pricing" section (issue 13 item 3): the minimum order, "Sold in
 * multiples of", and up to five price breaks ("From quantity", "Unit price") with add and remove.
 * Problems show under their field as they are typed.
 */
export function VolumePricing({ values, onChange, problems, disabled }: VolumePricingProps) {
  const rows = values.priceBreaks;
  const setRow = (index: number, change: Partial<PriceBreakRow>) =>
    onChange({ priceBreaks: rows.map((row, i) => (i === index ? { ...row, ...change } : row)) });
  const help = (path: string, fallback = ' ') => problems[path] ?? fallback;
  const general =
    problems.price_breaks ?? (problems.unit_price_in_cents ? 'Set a wholesale price to use price breaks.' : undefined);

  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label="Minimum order"
          value={values.minimumQuantity}
          onChange={(event) => onChange({ minimumQuantity: event.target.value })}
          error={Boolean(problems.minimum_order_quantity)}
          helperText={help('minimum_order_quantity', 'The fewest units a retailer can order.')}
          disabled={disabled}
          slotProps={{ htmlInput: countInput }}
        />
        <TextField
          label="Sold in multiples of"
          value={values.orderIncrement}
          onChange={(event) => onChange({ orderIncrement: event.target.value })}
          error={Boolean(problems.order_increment)}
          helperText={help('order_increment', '1 sells any quantity; 6 sells 6, 12, 18…')}
          disabled={disabled}
          slotProps={{ htmlInput: countInput }}
        />
      </Box>
      {general && (
        <Typography variant="body2" color="error" role="alert">
          {general}
        </Typography>
      )}
      {rows.length > 0 && (
        <Stack component="ol" spacing={1.5} aria-label="Price breaks" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((row, i) => (
            <Stack
              component="li"
              key={i}
              direction="row"
              spacing={1.5}
              aria-label={`Price break ${i + 1}`}
              sx={{ alignItems: 'flex-start' }}
            >
              <TextField
                label="From quantity"
                value={row.quantity}
                onChange={(event) => setRow(i, { quantity: event.target.value })}
                error={Boolean(problems[`price_breaks.${i}.min_quantity`])}
                helperText={help(`price_breaks.${i}.min_quantity`)}
                disabled={disabled}
                sx={{ flex: 1, minWidth: 0 }}
                slotProps={{ htmlInput: countInput }}
              />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <MoneyInput
                  label="Unit price"
                  value={row.cents}
                  onChange={(cents) => setRow(i, { cents })}
                  error={Boolean(problems[`price_breaks.${i}.unit_price_in_cents`])}
                  helperText={help(`price_breaks.${i}.unit_price_in_cents`)}
                  disabled={disabled}
                />
              </Box>
              <IconButton
                aria-label={`Remove price break ${i + 1}`}
                onClick={() => onChange({ priceBreaks: rows.filter((_, j) => j !== i) })}
                disabled={disabled}
                sx={{ mt: 1 }}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          ))}
        </Stack>
      )}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() => onChange({ priceBreaks: [...rows, { quantity: '', cents: null }] })}
          disabled={disabled || rows.length >= VOLUME_LIMITS.priceBreaks}
        >
          Add price break
        </Button>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {rows.length >= VOLUME_LIMITS.priceBreaks
            ? `Up to ${VOLUME_LIMITS.priceBreaks} price breaks.`
            : 'For example, from 12 units at $4.10 each. Retailers see the best one on your storefront.'}
        </Typography>
      </Box>
    </Stack>
  );
}
