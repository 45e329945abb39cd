import type { Unit } from '@cratebase/contract';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { UnitSelect } from '../../../../../components/UnitSelect';
import type { ProductFieldsProps } from '../../use-product-form';
import { helpText, ProductSection, twoColumns } from './ProductSection';

export interface UnitsSectionProps extends ProductFieldsProps {
  orderUnits: Unit[];
  weightUnits: Unit[];
  /** The chosen order unit's name ("Case"); null when none is chosen. */
  orderUnitName: string | null;
}

/** Units and weight: the order unit, retail units in one, and the shipping weight of one. */
export function UnitsSection({ values, set, issues, orderUnits, weightUnits, orderUnitName }: UnitsSectionProps) {
  return (
    <ProductSection title="Units and weight">
      <Box sx={{ ...twoColumns, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1.3fr)' } }}>
        <UnitSelect
          label="Wholesale Order Unit"
          units={orderUnits}
          value={values.orderUnitId}
          onChange={(id) => set('orderUnitId', id)}
          error={Boolean(issues.orderUnitId)}
          helperText={helpText(issues, 'orderUnitId', 'How retailers order it.')}
        />
        <TextField
          label="Number of Retail Units Per Order Unit"
          required
          value={values.quantityPerUnit}
          // Kept as typed: "1.5" is refused with a field error, never turned into "15".
          onChange={(event) => set('quantityPerUnit', event.target.value)}
          error={Boolean(issues.quantityPerUnit)}
          helperText={helpText(
            issues,
            'quantityPerUnit',
            orderUnitName ? `Retail units in one ${orderUnitName.toLowerCase()}.` : 'Retail units in one order unit.',
          )}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 12 } }}
        />
        <TextField
          label="Weight"
          required
          value={values.weight}
          onChange={(event) => {
            const v = event.target.value.replace(',', '.');
            if (/^\d{0,7}(\.\d{0,3})?$/.test(v)) set('weight', v);
          }}
          error={Boolean(issues.weight)}
          helperText={helpText(
            issues,
            'weight',
            `Shipping weight of one ${orderUnitName?.toLowerCase() ?? 'order unit'}.`,
          )}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        />
        <UnitSelect
          label="Weight Unit"
          units={weightUnits}
          value={values.weightUnitId}
          onChange={(id) => set('weightUnitId', id)}
          error={Boolean(issues.weightUnitId)}
          helperText={helpText(issues, 'weightUnitId')}
        />
      </Box>
    </ProductSection>
  );
}
