import { useId } from 'react';
import { PO_NUMBER_FIELD_LABEL, PO_NUMBER_HELPER, PO_NUMBER_MAX } from '@cratebase/contract';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PoNumberField as PoNumberFieldState } from '../po-number';

export const PO_NUMBER_SECTION_TITLE = 'Purchase order';
export const PO_NUMBER_SAVING = 'Saving…';
export const PO_NUMBER_SAVED = 'Saved with your order.';

/**
 * Checkout step 2: the optional PO number. Saved when the field is left or Enter is pressed
 * (and again before paying, by the payment panel); a refusal shows under the field.
 */
export function PoNumberField({ field }: { field: PoNumberFieldState }) {
  const titleId = useId();
  const helper = field.error ?? (field.saving ? PO_NUMBER_SAVING : field.saved ? PO_NUMBER_SAVED : PO_NUMBER_HELPER);
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ color: 'text.primary', mb: 1.5 }}>
        {PO_NUMBER_SECTION_TITLE}
      </Typography>
      <TextField
        label={PO_NUMBER_FIELD_LABEL}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={() => void field.save()}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          void field.save();
        }}
        error={Boolean(field.error)}
        helperText={helper}
        inputRef={field.inputRef}
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: PO_NUMBER_MAX, spellCheck: false } }}
      />
    </Paper>
  );
}
