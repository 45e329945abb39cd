import type { Product } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { ProductFieldsProps } from '../../use-product-form';
import { ProductSection } from './ProductSection';

export interface InventorySectionProps extends Pick<ProductFieldsProps, 'values' | 'set'> {
  /** The saved product (its stock); undefined while it is new. */
  product: Product | undefined;
  /** Opens the Add Inventory dialog (rendered outside the form by the editor). */
  onAddInventory: () => void;
}

/** Inventory: the Track inventory switch, the count in stock and Add Inventory (once saved). */
export function InventorySection({ values, set, product, onAddInventory }: InventorySectionProps) {
  return (
    <ProductSection title="Inventory">
      <Stack spacing={2}>
        <FormControlLabel
          control={
            <Switch checked={values.trackInventory} onChange={(event) => set('trackInventory', event.target.checked)} />
          }
          label="Track inventory"
        />
        <Typography variant="body2" sx={{ mt: '-8px !important' }}>
          {values.trackInventory
            ? 'Retailers see the stock and cannot order more than you have.'
            : 'Not tracked: retailers can order any quantity.'}
        </Typography>
        {values.options.length > 0 ? (
          <Typography variant="body2">
            Stock is counted per variant: set it in the Stock column of the variant grid.
          </Typography>
        ) : product ? (
          <>
            <Box>
              <Typography
                variant="h4"
                component="p"
                sx={{
                  color: values.trackInventory ? 'text.primary' : 'text.secondary',
                  fontVariantNumeric: 'tabular-nums',
                }}
              >
                {product.inventory_count}
              </Typography>
              <Typography variant="body2">in stock</Typography>
            </Box>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={onAddInventory}>
              Add Inventory
            </Button>
          </>
        ) : (
          <Typography variant="body2">Save the product first, then add its inventory here.</Typography>
        )}
      </Stack>
    </ProductSection>
  );
}
