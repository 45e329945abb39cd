import { useId } from 'react';
import {
  bestPriceBreak,
  firstOrderQuantity,
  preorderClosed,
  type ProductTile as ProductTileData,
} from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { Link as RouterLink } from 'react-router';
import { msrpText, volumePriceText, wholesalePriceText } from '../../../../lib/unit-price';
import { useCart, useLineQuantity, useSetLineQuantity } from '../../cart/api';
import { isOutOfStock, maxOrderable, orderUnitLabel, stockLabel } from '../catalog-display';
import { SizedImage } from '../../../../components/SizedImage';
import { QuantityControl } from '../../cart/components/QuantityControl';
import { hasOptions, optionsSummary } from '../variant-display';
import { PreorderBadge } from './PreorderBadge';

const imageBox = {
  position: 'relative',
  display: 'block',
  // Square, whatever the photo: nothing moves when it arrives.
  aspectRatio: '1 / 1',
  bgcolor: '#f3f1f9',
  overflow: 'hidden',
} as const;

function TileImage({ tile }: { tile: ProductTileData }) {
  if (!tile.image) {
    return (
      <Box data-testid="tile-image-placeholder" sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
        <ImageOutlinedIcon sx={{ color: 'primary.light', fontSize: 48 }} />
      </Box>
    );
  }
  // The copies a tile needs (the server lists 200–1152 px), never an earlier upload's original.
  return <SizedImage image={tile.image} place="tile" alt="" original={false} sx={{ position: 'absolute', inset: 0 }} />;
}

/**
 * A product with options is ordered by its variants: the tile's button opens the product page to
 * choose one (the server refuses the product itself, 409 choose_variant).
 */
function ChooseOptions({ to, describedBy }: { to: string; describedBy: string }) {
  return (
    <Button component={RouterLink} to={to} variant="outlined" size="small" fullWidth aria-describedby={describedBy}>
      Choose options
    </Button>
  );
}

/** "Add to cart" while the product is not in the cart, the quantity stepper once it is. */
function TileCartControl({ orgId, tile, describedBy }: { orgId: string; tile: ProductTileData; describedBy: string }) {
  const cart = useCart(orgId);
  const quantity = useLineQuantity(orgId, tile.id);
  const setQuantity = useSetLineQuantity(orgId);
  const outOfStock = isOutOfStock(tile.track_inventory, tile.inventory_count);
  const line = {
    id: tile.id,
    name: tile.name,
    unit_price_in_cents: tile.unit_price_in_cents,
    msrp_in_cents: tile.msrp_in_cents,
    order_unit: tile.order_unit,
    quantity_per_unit: tile.quantity_per_unit,
    image_url: tile.image?.variants['200'] ?? tile.image?.url ?? null,
    minimum_order_quantity: tile.minimum_order_quantity,
    order_increment: tile.order_increment,
    price_breaks: tile.price_breaks,
  };
  // The first quantity the seller sells: its minimum, in multiples of its increment.
  const first = firstOrderQuantity(tile);
  const max = maxOrderable(tile.track_inventory, tile.inventory_count, tile);

  if (quantity > 0) {
    return (
      <QuantityControl
        value={quantity}
        onChange={(next) => setQuantity(line, next)}
        label={tile.name}
        max={Math.max(quantity, max)}
        disabled={!cart.data}
        size="small"
        rules={tile}
      />
    );
  }
  return (
    <Button
      variant="outlined"
      size="small"
      fullWidth
      aria-describedby={describedBy}
      // Adding needs the cart (its id); an out-of-stock product (or one with less left than its
      // first quantity) cannot be added at all.
      disabled={outOfStock || first > max || !cart.data || Boolean(tile.preorder && preorderClosed(tile.preorder))}
      onClick={() => setQuantity(line, first)}
    >
      {first > 1 ? `Add ${first} to cart` : 'Add to cart'}
    </Button>
  );
}

/**
 * One product of the catalog grid: order-unit chip, first photo, name, wholesale price with
 * MSRP, stock when tracked, and the cart control. The photo and the name open the product page.
 */
export function ProductTile({ orgId, tile }: { orgId: string; tile: ProductTileData }) {
  const nameId = useId();
  const to = `/storefront/${orgId}/product/${tile.id}`;
  const unit = orderUnitLabel(tile.order_unit, tile.quantity_per_unit);
  const stock = stockLabel(tile.track_inventory, tile.inventory_count);
  const outOfStock = isOutOfStock(tile.track_inventory, tile.inventory_count);
  const best = bestPriceBreak(tile.price_breaks);
  const withOptions = hasOptions(tile);
  const options = optionsSummary(tile.options);
  // "$4.50 / case of 12", "from $4.50 / case of 12" for variants priced differently.
  const range = withOptions ? tile.price_range : null;
  const price =
    (range ? wholesalePriceText(range.min, tile, { from: range.min !== range.max }) : null) ??
    wholesalePriceText(tile.unit_price_in_cents, tile) ??
    'Price not set';

  return (
    <Card component="article" aria-labelledby={nameId} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {/* The name below is the link for keyboards and readers; the photo repeats it for the mouse. */}
      <Box component={RouterLink} to={to} tabIndex={-1} aria-hidden sx={imageBox}>
        <TileImage tile={tile} />
        {unit && (
          <Chip
            label={unit}
            size="small"
            sx={{
              position: 'absolute',
              top: 8,
              left: 8,
              maxWidth: 'calc(100% - 16px)',
              bgcolor: 'rgba(255,255,255,0.92)',
              color: 'text.primary',
              boxShadow: '0 1px 4px rgba(47,45,58,0.16)',
            }}
          />
        )}
      </Box>
      <Stack spacing={0.75} sx={{ p: { xs: 1.5, sm: 2 }, flexGrow: 1 }}>
        <Typography
          id={nameId}
          component={RouterLink}
          to={to}
          variant="subtitle1"
          sx={{
            color: 'text.primary',
            textDecoration: 'none',
            fontWeight: 600,
            lineHeight: 1.35,
            wordBreak: 'break-word',
            // Two lines at most, so the prices line up across a row.
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            '&:hover': { color: 'primary.main' },
          }}
        >
          {tile.name}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography
            variant="body1"
            sx={{ color: 'text.primary', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
          >
            {price}
          </Typography>
          {tile.msrp_in_cents !== null && !withOptions && (
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {msrpText(tile.msrp_in_cents)}
            </Typography>
          )}
        </Stack>
        {options && (
          <Typography
            variant="body2"
            data-testid="tile-options"
            sx={{ color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            title={tile.options.map((o) => `${o.name}: ${o.values.join(', ')}`).join('\n')}
          >
            {options}
          </Typography>
        )}
        {best && !withOptions && (
          <Typography
            variant="body2"
            data-testid="tile-volume-price"
            sx={{ color: 'primary.dark', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
          >
            {volumePriceText(best, tile)}
          </Typography>
        )}
        {tile.preorder && <PreorderBadge preorder={tile.preorder} dense />}
        {stock && (
          <Typography variant="body2" sx={{ color: outOfStock ? 'error.dark' : 'success.dark', fontWeight: 600 }}>
            {stock}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ pt: 0.5 }}>
          {withOptions ? (
            <ChooseOptions to={to} describedBy={nameId} />
          ) : (
            <TileCartControl orgId={orgId} tile={tile} describedBy={nameId} />
          )}
        </Box>
      </Stack>
    </Card>
  );
}
