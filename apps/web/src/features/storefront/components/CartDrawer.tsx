import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import { EmptyState } from '../../../components/EmptyState';
import { TintedIcon } from '../../../components/TintedIcon';

/** Spec section 9: the cart drawer is 300 px wide. */
export const CART_DRAWER_WIDTH = 300;

/** The buyer's cart (the buyer shell loads it after its first paint, or when the cart is opened). */
export function CartDrawer({
  id,
  open,
  onClose,
  storeName,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  storeName?: string;
}) {
  return (
    <Drawer
      id={id}
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: CART_DRAWER_WIDTH, maxWidth: '100vw' }, 'aria-label': 'Cart' } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ color: 'text.primary', flexGrow: 1 }}>
          Cart
        </Typography>
        <IconButton aria-label="Close cart" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <EmptyState
        icon={
          <TintedIcon>
            <ShoppingCartOutlinedIcon />
          </TintedIcon>
        }
        title="Ordering is coming in a later release of Cratebase."
        sx={{ p: 3, textAlign: 'center', mt: 4 }}
      >
        {storeName
          ? `You will add products from ${storeName}'s catalog here and check out in a few steps.`
          : 'Open a store to start an order.'}
      </EmptyState>
    </Drawer>
  );
}
