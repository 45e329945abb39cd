import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { orderNumber } from './order-format';

export interface OrderDialogFrameProps<T extends { id: string; order_number?: string | null }> {
  /** The order shown (the row opened, then the order read); null: the dialog stays closed. */
  order: T | null;
  open: boolean;
  onClose: () => void;
  maxWidth: 'sm' | 'md';
  /** What the dialog shows of the order, under its title. */
  children: (order: T) => ReactNode;
}

/**
 * A dialog about one order: the title "Order CB-000001" (the full id in its title attribute), the
 * content, and Close. Full screen on a phone.
 */
export function OrderDialogFrame<T extends { id: string; order_number?: string | null }>({
  order,
  open,
  onClose,
  maxWidth,
  children,
}: OrderDialogFrameProps<T>) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={open && Boolean(order)}
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      {order && (
        <>
          <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
            Order <span title={order.id}>{orderNumber(order)}</span>
          </DialogTitle>
          <DialogContent>{children(order)}</DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={onClose} variant="outlined">
              Close
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
