import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import {
  EMPTY_CART_MESSAGE,
  PREORDER_CARD_CHARGE_MESSAGE,
  groupByShipWindow,
  type Cart,
  type LineItem,
} from '@cratebase/contract';
import { EmptyState } from '../../../../components/EmptyState';
import { SizedImage } from '../../../../components/SizedImage';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { TintedIcon } from '../../../../components/TintedIcon';
import { formatCents } from '../../../../lib/format';
import { wholesalePriceText } from '../../../../lib/unit-price';
import { useCart, useCartChanging, useSetLineQuantity } from '../api';
import type { CartLineProduct } from '../cart-store';
import { maxOrderable } from '../../catalog/catalog-display';
import { LineName, lineUnit } from '../../components/LineName';
import { CannotCheckout, CheckoutGate } from './CheckoutGate';
import { QuantityControl } from './QuantityControl';

/** Spec section 9: the cart drawer is 300 px wide. */
export const CART_DRAWER_WIDTH = 300;

const THUMBNAIL_PX = 56;

function LineImage({ line }: { line: LineItem }) {
  // The line's first photo; SizedImage takes the copy the 56 px thumbnail needs.
  const media = line.product.media[0]?.media;
  const box = {
    width: THUMBNAIL_PX,
    height: THUMBNAIL_PX,
    flexShrink: 0,
    borderRadius: 1.5,
    border: 1,
    borderColor: 'divider',
    overflow: 'hidden',
  } as const;
  if (!media) {
    return (
      <Box
        role="img"
        aria-label={`${line.product.name}: no photo`}
        data-testid="line-image-placeholder"
        sx={{ ...box, display: 'grid', placeItems: 'center', bgcolor: '#f4f2fb', color: 'text.disabled' }}
      >
        <ImageOutlinedIcon fontSize="small" />
      </Box>
    );
  }
  return (
    <SizedImage
      image={{ ...media, url: media.cloudinary_url }}
      place="cartThumb"
      alt={line.product.name}
      sx={{ ...box, filter: line.available ? undefined : 'grayscale(1)' }}
    />
  );
}

/** What the optimistic line needs (the server's answer replaces it). */
function lineProduct(line: LineItem): CartLineProduct {
  return {
    id: line.product.id,
    name: line.product.name,
    parent_product_id: line.product.parent_product_id,
    variant_title: line.product.variant_title,
    unit_price_in_cents: line.product.unit_price_in_cents,
    msrp_in_cents: line.product.msrp_in_cents,
    order_unit: line.product.order_unit?.unit ?? null,
    quantity_per_unit: line.product.quantity_per_unit ?? null,
    image_url: line.product.media[0]?.media.cloudinary_url ?? null,
    minimum_order_quantity: line.product.minimum_order_quantity,
    order_increment: line.product.order_increment,
    price_breaks: line.product.price_breaks,
  };
}

/**
 * The most the stepper offers: the spec's quantity choices (in steps of the product's order
 * increment), and the stock left when it is tracked.
 */
function lineMax(line: LineItem): number {
  return maxOrderable(line.product.track_inventory, line.product.inventory_count, line.product);
}

/** A volume break prices the line below the product's own unit price. */
const hasVolumePrice = (line: LineItem) =>
  line.product.unit_price_in_cents !== null && line.unit_price_in_cents < line.product.unit_price_in_cents;

function CartLine({
  line,
  onQuantity,
}: {
  line: LineItem;
  onQuantity: (product: CartLineProduct, quantity: number) => void;
}) {
  const { product } = line;
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1.5}
      aria-label={product.name}
      sx={{ py: 1.5, mx: 2, '& + &': { borderTop: 1, borderColor: 'divider' } }}
    >
      <LineImage line={line} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        {/* "Tee — M / Black": the product's name, and the variant's values with its SKU under it. */}
        <LineName
          line={line}
          dimmed={!line.available}
          afterVariant={
            product.stock_keeping_unit && (
              <Box component="span" sx={{ color: 'text.secondary' }}>{` · SKU ${product.stock_keeping_unit}`}</Box>
            )
          }
        />
        {line.available ? (
          <>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {wholesalePriceText(line.unit_price_in_cents, lineUnit(line))}
              {hasVolumePrice(line) && (
                <Box component="span" sx={{ color: 'primary.dark', fontWeight: 600 }}>
                  {' · Volume price'}
                </Box>
              )}
            </Typography>
            {line.quantity_issue && (
              <Typography variant="caption" component="p" role="note" sx={{ color: 'error.main' }}>
                {line.quantity_issue}: change the quantity to checkout.
              </Typography>
            )}
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 0.75, gap: 1 }}>
              <QuantityControl
                size="small"
                label={product.name}
                value={line.quantity}
                max={Math.max(line.quantity, lineMax(line))}
                rules={product}
                onChange={(next) => onQuantity(lineProduct(line), next)}
              />
              <Typography
                variant="body2"
                sx={{ fontWeight: 600, color: 'text.primary', fontVariantNumeric: 'tabular-nums' }}
                aria-label={`Line total ${formatCents(line.line_total_cents)}`}
              >
                {formatCents(line.line_total_cents)}
              </Typography>
            </Stack>
          </>
        ) : (
          <>
            <Typography variant="caption" component="p" sx={{ color: 'error.main' }}>
              {line.unavailable_reason ?? 'This product is no longer available.'}
            </Typography>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 0.5, gap: 1 }}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                Not in the total
              </Typography>
              <Button
                size="small"
                color="error"
                onClick={() => onQuantity(lineProduct(line), 0)}
                aria-label={`Remove ${product.name}`}
              >
                Remove
              </Button>
            </Stack>
          </>
        )}
      </Box>
    </Stack>
  );
}

function LoadingLines() {
  return (
    <Box data-testid="cart-loading" aria-busy="true" aria-label="Loading your cart" sx={{ px: 2 }}>
      {[0, 1, 2].map((index) => (
        <Stack key={index} direction="row" spacing={1.5} sx={{ py: 1.5 }}>
          <Skeleton variant="rounded" width={THUMBNAIL_PX} height={THUMBNAIL_PX} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton width="80%" />
            <Skeleton width="40%" />
            <Skeleton width="60%" height={32} />
          </Box>
        </Stack>
      ))}
    </Box>
  );
}

function EmptyCart({ children }: { children: string }) {
  return (
    <EmptyState
      icon={
        <TintedIcon>
          <ShoppingCartOutlinedIcon />
        </TintedIcon>
      }
      title={EMPTY_CART_MESSAGE}
      sx={{ p: 3, textAlign: 'center', mt: 4 }}
    >
      {children}
    </EmptyState>
  );
}

function CartContents({ orgId, cart }: { orgId: string; cart: Cart }) {
  const setLine = useSetLineQuantity(orgId);
  const changing = useCartChanging(orgId);

  if (cart.line_items.length === 0) {
    return <EmptyCart>Add products from the catalog with the + buttons; they will appear here.</EmptyCart>;
  }
  const groups = groupByShipWindow(cart.line_items, (line) => ({
    ships_from: line.product.preorder?.ships_from ?? null,
    ships_until: line.product.preorder?.ships_until ?? null,
  }));
  const preorders = cart.line_items.some((line) => line.product.preorder);

  return (
    <>
      {/* The warning first, where the buyer looks on opening; the lines scroll under it. */}
      <Box sx={{ flexGrow: 1, overflowY: 'auto' }}>
        {cart.checkout_issues.length > 0 && (
          <Box sx={{ px: 2, pt: 2 }}>
            <CannotCheckout issues={cart.checkout_issues} />
          </Box>
        )}
        {groups.length > 1 || preorders ? (
          // Issue 25: one order, its lines grouped by when they ship.
          groups.map((group) => (
            <Box key={group.key} component="section" aria-label={group.heading}>
              <Typography
                variant="overline"
                component="h3"
                sx={{ display: 'block', px: 2, pt: 1.5, color: 'text.primary', fontWeight: 700, lineHeight: 1.6 }}
              >
                {group.heading}
              </Typography>
              <Box component="ul" aria-label={`Products — ${group.heading}`} sx={{ m: 0, p: 0, listStyle: 'none' }}>
                {group.items.map((line) => (
                  <CartLine key={line.product.id} line={line} onQuantity={setLine} />
                ))}
              </Box>
            </Box>
          ))
        ) : (
          <Box component="ul" aria-label="Products in your cart" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {cart.line_items.map((line) => (
              // Keyed by product: an optimistic line keeps its place (and focus) when the server's id arrives.
              <CartLine key={line.product.id} line={line} onQuantity={setLine} />
            ))}
          </Box>
        )}
      </Box>
      <Divider />
      <Stack spacing={1.5} sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="p" sx={{ color: 'text.primary', fontWeight: 600 }}>
            Total
            <Typography component="span" variant="caption" sx={{ color: 'text.secondary', ml: 1 }}>
              {cart.item_count} {cart.item_count === 1 ? 'item' : 'items'}
            </Typography>
          </Typography>
          <Typography
            variant="subtitle1"
            component="p"
            data-testid="cart-total"
            sx={{ color: 'text.primary', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
          >
            {formatCents(cart.total_cents)}
          </Typography>
        </Stack>
        {preorders && (
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
            {PREORDER_CARD_CHARGE_MESSAGE}
          </Typography>
        )}
        <CheckoutGate cart={cart} orgId={orgId} changing={changing} withIssues={false} />
      </Stack>
    </>
  );
}

function CartBody({ orgId }: { orgId: string }) {
  const cart = useCart(orgId);
  if (cart.isPending && cart.fetchStatus !== 'idle') return <LoadingLines />;
  if (cart.isError && !cart.data) {
    return (
      <QueryErrorAlert
        error={cart.error}
        onRetry={() => void cart.refetch()}
        prefix="We could not load your cart."
        sx={{ m: 2 }}
      />
    );
  }
  if (!cart.data) return <EmptyCart>Open a store you buy from to start an order.</EmptyCart>;
  return <CartContents orgId={orgId} cart={cart.data} />;
}

/** The buyer's cart (the buyer shell loads it after its first paint, or when the cart is opened). */
export function CartDrawer({
  id,
  open,
  onClose,
  orgId,
  storeName,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  /** The store whose cart this is (none outside a store: /storefront/all). */
  orgId?: string;
  storeName?: string;
}) {
  return (
    <Drawer
      id={id}
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: CART_DRAWER_WIDTH, maxWidth: '100vw', display: 'flex', flexDirection: 'column' },
          'aria-label': 'Cart',
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
            Cart
          </Typography>
          {storeName && (
            <Typography variant="caption" component="p" noWrap sx={{ color: 'text.secondary' }}>
              {storeName}
            </Typography>
          )}
        </Box>
        <IconButton aria-label="Close cart" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      {orgId && storeName ? <CartBody orgId={orgId} /> : <EmptyCart>Open a store to start an order.</EmptyCart>}
    </Drawer>
  );
}
