import { preorderLabel } from '@cratebase/contract';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ProductFieldsProps } from '../../use-product-form';
import { ProductSection, helpText } from './ProductSection';

/**
 * Pre-order (issue 25): sell before the stock exists — the ship window and the last day to
 * order. Stock does not limit a pre-order; its variants follow the product's window.
 */
export function PreorderSection({ values, set, issues }: ProductFieldsProps) {
  const complete = values.preorder && values.shipsFrom && values.shipsUntil && values.orderBy;
  return (
    <ProductSection title="Pre-order" description="Sell it before it is made, for shipping in a window of days.">
      <Stack spacing={2}>
        <FormControlLabel
          control={<Switch checked={values.preorder} onChange={(event) => set('preorder', event.target.checked)} />}
          label="Sell as a pre-order"
        />
        {values.preorder && (
          <>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Ships from"
                type="date"
                value={values.shipsFrom}
                onChange={(event) => set('shipsFrom', event.target.value)}
                error={Boolean(issues.shipsFrom)}
                helperText={helpText(issues, 'shipsFrom')}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
              <TextField
                label="Ships until"
                type="date"
                value={values.shipsUntil}
                onChange={(event) => set('shipsUntil', event.target.value)}
                error={Boolean(issues.shipsUntil)}
                helperText={helpText(issues, 'shipsUntil')}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
            </Stack>
            <TextField
              label="Order by"
              type="date"
              value={values.orderBy}
              onChange={(event) => set('orderBy', event.target.value)}
              error={Boolean(issues.orderBy)}
              helperText={helpText(issues, 'orderBy', 'The last day retailers can order it')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Typography variant="body2">
              {complete
                ? `Retailers see “${preorderLabel({ ships_from: values.shipsFrom, ships_until: values.shipsUntil, order_by: values.orderBy })}”. Stock does not limit it; cards are charged when the order is placed.`
                : 'Stock does not limit a pre-order; cards are charged when the order is placed.'}
            </Typography>
          </>
        )}
      </Stack>
    </ProductSection>
  );
}
