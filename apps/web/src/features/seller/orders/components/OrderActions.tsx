import { useId, useState } from 'react';
import {
  ACCEPT_ORDER_LABEL,
  CANCEL_ITEMS_LABEL,
  CANCEL_ORDER_LABEL,
  MARK_DELIVERED_LABEL,
  REPORT_UNAVAILABLE_LABEL,
  SHIP_ITEMS_LABEL,
  isOpenOrderState,
  unitsLeft,
  type Order,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useToast } from '../../../../components/Toast';
import { errorMessage } from '../../../../lib/api';
import { formatDate } from '../../../../lib/format';
import { useIsStaff } from '../../money-access';
import { useAcceptOrder, useMarkDelivered } from '../api';
import { useIdempotencyKey } from '../idempotency';
import { ACCEPT_CANCELLATION_LABEL, CancelOrderDialog, type CancelMode } from './CancelOrderDialog';
import { DECLINE_CANCELLATION_LABEL, DeclineCancellationDialog } from './DeclineCancellationDialog';
import { ReportUnavailableDialog } from './ReportUnavailableDialog';
import { ShipItemsDialog } from './ShipItemsDialog';

export const STAFF_CANCEL_MESSAGE = 'Only an owner or admin can cancel orders or items.';
export const ORDER_ACCEPTED_TEXT = 'Order accepted. The retailer can no longer cancel it without asking you.';
export const ORDER_DELIVERED_TEXT = 'Order marked delivered.';

type OpenDialog = 'ship' | 'decline' | 'unavailable' | CancelMode | null;

/** A command without a form (accept, delivered): one key per click, kept for a retry after a lost answer. */
function useQuickCommand(command: ReturnType<typeof useAcceptOrder>, onDone: (updated: Order) => void) {
  const action = useIdempotencyKey();
  return {
    pending: command.isPending,
    error: command.error,
    run: () => {
      if (command.isPending) return;
      command.mutate(
        { idempotencyKey: action.key },
        { onSettled: (_data, error) => action.settle(error), onSuccess: onDone },
      );
    },
    reset: () => command.reset(),
  };
}

export interface OrderActionsProps {
  orgId: string;
  order: Order;
}

/**
 * What the seller can do with the order in its state (issue 23): Accept order (placed), Ship items
 * Report unavailable items and Cancel or reduce items (while units are left), Cancel order (nothing shipped yet), Mark
 * delivered (shipped) — and, over them, the retailer's open cancellation request with Accept
 * cancellation / Decline. Cancelling takes an owner or admin: Staff see those buttons disabled
 * with the reason. What a command did is said in the order (a status) and in a toast.
 */
export function OrderActions({ orgId, order }: OrderActionsProps) {
  const toast = useToast();
  // On a phone the order fills the screen and a toast would sit over its buttons: the status says it.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const isStaff = useIsStaff(orgId);
  const staffReasonId = useId();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Each opening starts its form afresh (from the order as it is then).
  const [opening, setOpening] = useState(0);
  // Said here too: the toast sits outside the order's dialog, which hides it from screen readers.
  const [done, setDone] = useState<string | null>(null);

  function finished(_updated: Order, message: string) {
    setDialog(null);
    setDone(message);
    if (!phone) toast.show(message);
  }
  const accept = useQuickCommand(useAcceptOrder(orgId, order.id), (u) => finished(u, ORDER_ACCEPTED_TEXT));
  const delivered = useQuickCommand(useMarkDelivered(orgId, order.id), (u) => finished(u, ORDER_DELIVERED_TEXT));

  function openDialog(next: Exclude<OpenDialog, null>) {
    accept.reset();
    delivered.reset();
    setDone(null);
    setOpening((n) => n + 1);
    setDialog(next);
  }
  const close = () => setDialog(null);

  const state = order.state;
  if (!state) return null;
  const left = order.cart.line_items.reduce((sum, line) => sum + Math.max(0, unitsLeft(line)), 0);
  const anyShipped = order.cart.line_items.some((line) => (line.shipped_quantity ?? 0) > 0);
  const open = isOpenOrderState(state) && left > 0;
  const request = order.cancellation_request && open ? order.cancellation_request : null;
  const commandError = accept.error ?? delivered.error;
  const staffProps = isStaff ? { disabled: true, 'aria-describedby': staffReasonId } : {};

  const buttons = [
    state === 'placed' && (
      <Button key="accept" variant="contained" onClick={accept.run} disabled={accept.pending}>
        {accept.pending ? 'Accepting…' : ACCEPT_ORDER_LABEL}
      </Button>
    ),
    open && (
      <Button key="ship" variant={state === 'placed' ? 'outlined' : 'contained'} onClick={() => openDialog('ship')}>
        {SHIP_ITEMS_LABEL}
      </Button>
    ),
    open && (
      <Button key="unavailable" variant="outlined" onClick={() => openDialog('unavailable')}>
        {REPORT_UNAVAILABLE_LABEL}
      </Button>
    ),
    state === 'shipped' && (
      <Button key="delivered" variant="contained" onClick={delivered.run} disabled={delivered.pending}>
        {delivered.pending ? 'Saving…' : MARK_DELIVERED_LABEL}
      </Button>
    ),
    open && (
      <Button key="items" variant="outlined" color="error" onClick={() => openDialog('items')} {...staffProps}>
        {CANCEL_ITEMS_LABEL}
      </Button>
    ),
    open && !anyShipped && (
      <Button key="order" variant="outlined" color="error" onClick={() => openDialog('order')} {...staffProps}>
        {CANCEL_ORDER_LABEL}
      </Button>
    ),
  ].filter(Boolean);

  return (
    <Box component="section" aria-label="Order actions" sx={{ mb: 3 }}>
      {request && (
        <Alert
          severity="warning"
          sx={{ mb: 2, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
          data-testid="cancellation-request"
        >
          <AlertTitle>The retailer asks to cancel this order</AlertTitle>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {`“${request.note}”`}
          </Typography>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
            {`${request.by?.name ? `${request.by.name}, ` : ''}${formatDate(request.requested_at)}`}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              size="small"
              variant="contained"
              color="error"
              onClick={() => openDialog('request')}
              {...staffProps}
            >
              {ACCEPT_CANCELLATION_LABEL}
            </Button>
            <Button size="small" variant="outlined" onClick={() => openDialog('decline')}>
              {DECLINE_CANCELLATION_LABEL}
            </Button>
          </Stack>
        </Alert>
      )}
      {buttons.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {buttons}
        </Stack>
      )}
      {isStaff && open && (
        <Typography id={staffReasonId} variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.75 }}>
          {STAFF_CANCEL_MESSAGE}
        </Typography>
      )}
      {commandError && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
          {errorMessage(commandError)}
        </Alert>
      )}
      {done && (
        <Alert severity="success" role="status" onClose={() => setDone(null)} closeText="Dismiss" sx={{ mt: 1.5 }}>
          {done}
        </Alert>
      )}

      <ShipItemsDialog
        key={`ship-${opening}`}
        orgId={orgId}
        order={order}
        open={dialog === 'ship'}
        onClose={close}
        onDone={finished}
      />
      <ReportUnavailableDialog
        key={`unavailable-${opening}`}
        orgId={orgId}
        order={order}
        open={dialog === 'unavailable'}
        onClose={close}
        onDone={finished}
      />
      {(['order', 'items', 'request'] as const).map((mode) => (
        <CancelOrderDialog
          key={`${mode}-${opening}`}
          orgId={orgId}
          order={order}
          mode={mode}
          open={dialog === mode}
          onClose={close}
          onDone={finished}
        />
      ))}
      <DeclineCancellationDialog
        key={`decline-${opening}`}
        orgId={orgId}
        order={order}
        open={dialog === 'decline'}
        onClose={close}
        onDone={finished}
      />
    </Box>
  );
}
