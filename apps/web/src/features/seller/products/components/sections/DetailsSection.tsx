import { PRODUCT_LIMITS } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ProductFieldsProps } from '../../use-product-form';
import { helpText, ProductSection, twoColumns } from './ProductSection';

/** Details: name (needed to save), description, SKU and UPC (digits only). */
export function DetailsSection({ values, set, issues }: ProductFieldsProps) {
  const nameEmpty = values.name.trim() === '';
  return (
    <ProductSection title="Details">
      <Stack spacing={2.5}>
        <TextField
          label="Name"
          required
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          error={Boolean(issues.name)}
          helperText={helpText(issues, 'name', nameEmpty ? 'A name is needed to save.' : ' ')}
          slotProps={{ htmlInput: { maxLength: PRODUCT_LIMITS.name } }}
        />
        <TextField
          label="Description"
          required
          multiline
          minRows={4}
          maxRows={14}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
          error={Boolean(issues.description)}
          helperText={helpText(issues, 'description', 'Line breaks are kept on your storefront.')}
          slotProps={{ htmlInput: { maxLength: PRODUCT_LIMITS.description } }}
        />
        {values.options.length > 0 ? (
          <Typography variant="body2">
            With options, each variant has its own SKU and stock: set them in Options and variants below.
          </Typography>
        ) : (
          <Box sx={twoColumns}>
            <TextField
              label="SKU"
              value={values.sku}
              onChange={(event) => set('sku', event.target.value)}
              error={Boolean(issues.sku)}
              helperText={helpText(issues, 'sku', 'Your stock keeping unit; CSV imports match products by it.')}
              slotProps={{ htmlInput: { maxLength: PRODUCT_LIMITS.sku, autoComplete: 'off' } }}
            />
            <TextField
              label="UPC"
              value={values.upc}
              onChange={(event) => set('upc', event.target.value.replace(/\D/g, '').slice(0, 14))}
              error={Boolean(issues.upc)}
              helperText={helpText(issues, 'upc', 'Barcode number: 8 to 14 digits.')}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
            />
          </Box>
        )}
      </Stack>
    </ProductSection>
  );
}
