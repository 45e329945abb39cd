import { LIVE_STATE, type ProductState } from '@cratebase/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ProductFieldsProps } from '../../use-product-form';
import { helpText, ProductSection } from './ProductSection';

export interface StatusSectionProps extends ProductFieldsProps {
  states: ProductState[];
}

/** Status: Draft, Live or Archived; only Live products show in the store. */
export function StatusSection({ values, set, issues, states }: StatusSectionProps) {
  const stateName = states.find((s) => String(s.id) === values.stateId)?.state;
  return (
    <ProductSection title="Status">
      <TextField
        select
        label="Product Status"
        required
        value={values.stateId}
        onChange={(event) => set('stateId', event.target.value)}
        error={Boolean(issues.stateId)}
        helperText={helpText(
          issues,
          'stateId',
          stateName === LIVE_STATE ? 'Live: retailers can see and order it.' : 'Only Live products show in your store.',
        )}
      >
        {states.map((state) => (
          <MenuItem key={state.id} value={String(state.id)}>
            {state.state}
          </MenuItem>
        ))}
      </TextField>
    </ProductSection>
  );
}
