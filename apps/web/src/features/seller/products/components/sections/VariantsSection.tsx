import { combinationCount, variantTitle } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProductFormValues } from '../../form';
import { gridOptions, type OptionRow, type VariantRow } from '../../variants-form';
import { OptionsEditor } from '../OptionsEditor';
import { VariantGrid } from '../VariantGrid';
import { ProductSection } from './ProductSection';

export interface VariantsSectionProps {
  values: Pick<ProductFormValues, 'options' | 'variants' | 'trackInventory'>;
  onOptions: (options: OptionRow[]) => void;
  onVariants: (rows: VariantRow[]) => void;
  /** Brings back the combinations removed from the grid. */
  onRestore: () => void;
  /** Problems by path: "options.0.values.1", "variants.3.stock_keeping_unit", "options", "variants". */
  issues: Partial<Record<string, string>>;
  /** Opens the inventory dialog of a saved variant. */
  onInventory?: (row: VariantRow) => void;
  disabled?: boolean;
}

/** The problems of the section no field shows: the options or variants as a whole, a row's other fields. */
function sectionProblems(issues: VariantsSectionProps['issues'], rows: VariantRow[]): string[] {
  const inCells =
    /^(options\.\d+\.(name|values(\.\d+)?)|variants\.\d+\.(stock_keeping_unit|unit_price_in_cents|stock))$/;
  return Object.entries(issues).flatMap(([path, message]) => {
    if (!message || inCells.test(path)) return [];
    const row = /^variants\.(\d+)\./.exec(path);
    const variant = row ? rows[Number(row[1])] : undefined;
    return [variant ? `${variantTitle(variant.optionValues)}: ${message}` : message];
  });
}

/** Options and variants (issue 24): the options and their values, then the grid of the variants they make. */
export function VariantsSection({
  values,
  onOptions,
  onVariants,
  onRestore,
  issues,
  onInventory,
  disabled,
}: VariantsSectionProps) {
  const count = combinationCount(gridOptions(values.options));
  const rows = values.variants;
  const problems = sectionProblems(issues, rows);
  return (
    <ProductSection
      title="Options and variants"
      description={
        values.options.length === 0
          ? 'Sold in several sizes, colours or scents? Each combination becomes a variant with its own price, SKU and stock.'
          : 'Each combination of values is a variant with its own price, SKU and stock.'
      }
    >
      <Stack spacing={3}>
        <OptionsEditor options={values.options} onChange={onOptions} issues={issues} disabled={disabled} />
        {problems.map((problem) => (
          <Alert key={problem} severity="error">
            {problem}
          </Alert>
        ))}
        {count > 0 && (
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {rows.length === 1 ? '1 variant' : `${rows.length.toLocaleString('en-US')} variants`}
              </Typography>
              {rows.length < count && (
                <>
                  <Typography variant="body2">
                    ({(count - rows.length).toLocaleString('en-US')} of {count.toLocaleString('en-US')} combinations
                    removed)
                  </Typography>
                  <Button size="small" onClick={onRestore} disabled={disabled}>
                    Add them back
                  </Button>
                </>
              )}
            </Stack>
            {rows.length > 0 && (
              <VariantGrid
                rows={rows}
                onChange={onVariants}
                trackInventory={values.trackInventory}
                issues={issues}
                onInventory={onInventory}
                disabled={disabled}
              />
            )}
          </Stack>
        )}
      </Stack>
    </ProductSection>
  );
}
