import { preorderLabel } from '@cratebase/contract';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ProductFieldsProps } from '../../use-product-form';
import { ProductSection, helpText } from './ProductSection';

/** One day of the window, as the browser's date field takes it (YYYY-MM-DD). */
function DayField({
  label,
  field,
  hint,
  values,
  set,
  issues,
}: ProductFieldsProps & { label: string; field: 'shipsFrom' | 'shipsUntil' | 'orderBy'; hint?: string }) {
  return (
    <TextField
      label={label}
      type="date"
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      error={Boolean(issues[field])}
      helperText={helpText(issues, field, hint)}
      slotProps={{ inputLabel: { shrink: true } }}
      fullWidth
    />
  );
}

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
            {/* One under the other: the side column is narrow, and a day needs its whole field. */}
            <DayField label="Ships from" field="shipsFrom" values={values} set={set} issues={issues} />
            <DayField label="Ships until" field="shipsUntil" values={values} set={set} issues={issues} />
            <DayField
              label="Order by"
              field="orderBy"
              hint="The last day retailers can order it"
              values={values}
              set={set}
              issues={issues}
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
