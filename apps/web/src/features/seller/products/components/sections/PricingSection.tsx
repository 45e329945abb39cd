import Box from '@mui/material/Box';
import { MoneyInput } from '../../../../../components/MoneyInput';
import type { ProductFieldsProps } from '../../use-product-form';
import { helpText, ProductSection, twoColumns } from './ProductSection';

export interface PricingSectionProps extends ProductFieldsProps {
  /** The order unit's name ("Case"), for "What retailers pay per case."; null when none is chosen. */
  orderUnitName: string | null;
}

/** Pricing: the wholesale price per order unit and the suggested retail price. */
export function PricingSection({ values, set, issues, orderUnitName }: PricingSectionProps) {
  return (
    <ProductSection title="Pricing">
      <Box sx={twoColumns}>
        <MoneyInput
          label="Wholesale Price"
          required
          value={values.wholesaleCents}
          onChange={(cents) => set('wholesaleCents', cents)}
          error={Boolean(issues.wholesaleCents)}
          helperText={helpText(
            issues,
            'wholesaleCents',
            `What retailers pay per ${orderUnitName?.toLowerCase() ?? 'order unit'}.`,
          )}
        />
        <MoneyInput
          label="Retail Price"
          required
          value={values.retailCents}
          onChange={(cents) => set('retailCents', cents)}
          error={Boolean(issues.retailCents)}
          helperText={helpText(issues, 'retailCents', 'Suggested retail price (MSRP) per retail unit.')}
        />
      </Box>
    </ProductSection>
  );
}
