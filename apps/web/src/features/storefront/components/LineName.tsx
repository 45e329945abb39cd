import type { ReactNode } from 'react';
import type { LineItem } from '@cratebase/contract';
import Typography from '@mui/material/Typography';
import type { PriceUnit } from '../../../lib/unit-price';
import { splitLineName } from '../catalog/variant-display';

/** What a cart line's price is per: "case of 12", "unit" (lib/unit-price.ts). */
export const lineUnit = (line: LineItem): PriceUnit => ({
  order_unit: line.product.order_unit?.unit,
  quantity_per_unit: line.product.quantity_per_unit,
});

/**
 * A cart line's name as the cart drawer and the checkout summary show it: the product's name on
 * at most two lines, and under it a variant's values ("M / Black"), followed by `afterVariant`
 * (the drawer's SKU).
 */
export function LineName({
  line,
  dimmed = false,
  afterVariant,
}: {
  line: LineItem;
  dimmed?: boolean;
  afterVariant?: ReactNode;
}) {
  const name = splitLineName(line.product.name, line.product.variant_title);
  return (
    <>
      <Typography
        variant="body2"
        sx={{
          fontWeight: 600,
          color: dimmed ? 'text.secondary' : 'text.primary',
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          overflowWrap: 'anywhere',
        }}
      >
        {name.product}
      </Typography>
      {name.variant && (
        <Typography variant="caption" component="p" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
          {name.variant}
          {afterVariant}
        </Typography>
      )}
    </>
  );
}
