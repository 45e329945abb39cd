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
  // With options each variant has its price (the grid): these are what a new variant starts at.
  const hasOptions = values.options.length > 0;
  const perUnit = orderUnitName?.toLowerCase() ?? 'order unit';
  return (
    <ProductSection
      title="Pricing"
      description={hasOptions ? 'Each variant has its own price in Options and variants below.' : undefined}
    >
      <Box sx={twoColumns}>
        <MoneyInput
          label={hasOptions ? 'Default price for new variants' : 'Wholesale Price'}
          required={!hasOptions}
          value={values.wholesaleCents}
          onChange={(cents) => set('wholesaleCents', cents)}
          error={Boolean(issues.wholesaleCents)}
          helperText={helpText(
            issues,
            'wholesaleCents',
            hasOptions ? `Per ${perUnit}: where a variant you add starts.` : `What retailers pay per ${perUnit}.`,
          )}
        />
        <MoneyInput
          label={hasOptions ? 'Default retail price' : 'Retail Price'}
          required={!hasOptions}
          value={values.retailCents}
          onChange={(cents) => set('retailCents', cents)}
          error={Boolean(issues.retailCents)}
          helperText={helpText(
            issues,
            'retailCents',
            hasOptions
              ? 'Suggested retail price (MSRP) of new variants.'
              : 'Suggested retail price (MSRP) per retail unit.',
          )}
        />
      </Box>
    </ProductSection>
  );
}
