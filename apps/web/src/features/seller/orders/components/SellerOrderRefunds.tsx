import { useId, useState } from 'react';
import { STAFF_REFUND_MESSAGE, type Refund } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useParams } from 'react-router';
import { RefundsSection } from '../../../../components/orders/RefundsSection';
import { useToast } from '../../../../components/Toast';
import { useOrderRefunds } from '../../../../lib/order-refunds';
import { useIsStaff } from '../../money-access';
import { RefundDialog, refundDoneMessage } from './RefundDialog';

/**
 * The seller's Refunds part of an order: the refunds made, and the Refund button — for owners and
 * admins; Staff see it disabled with the reason, as does anyone when the order cannot be refunded
 * (not paid yet, refunded in full).
 */
export function SellerOrderRefunds({ order }: { order: { id: string; order_number?: string | null } }) {
  const { orgId = '' } = useParams();
  const refunds = useOrderRefunds(order.id);
  const isStaff = useIsStaff(orgId);
  const toast = useToast();
  // On a phone the order fills the screen and a toast would sit over its buttons: the status says it.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  // Said here too: the toast sits outside the order's dialog, which hides it from screen readers.
  const [done, setDone] = useState<Refund | null>(null);
  const state = refunds.data;
  const blocked = isStaff ? STAFF_REFUND_MESSAGE : (state?.not_refundable ?? null);
  return (
    <>
      <RefundsSection
        refunds={state}
        loading={refunds.isPending}
        error={refunds.error}
        onRetry={() => void refunds.refetch()}
        action={
          <Button
            variant="outlined"
            color="error"
            size="small"
            onClick={() => setOpen(true)}
            disabled={!state || Boolean(blocked)}
            aria-describedby={blocked ? reasonId : undefined}
          >
            Refund
          </Button>
        }
        note={
          <>
            {done && (
              <Alert
                severity={done.status === 'failed' ? 'error' : 'success'}
                role="status"
                onClose={() => setDone(null)}
                closeText="Dismiss"
                sx={{ mb: 1 }}
              >
                {refundDoneMessage(done)}
              </Alert>
            )}
            {blocked && (
              <Typography id={reasonId} variant="caption" component="p" sx={{ color: 'text.secondary', mb: 0.5 }}>
                {blocked}
              </Typography>
            )}
          </>
        }
      />
      {state && !blocked && (
        <RefundDialog
          orgId={orgId}
          order={order}
          state={state}
          open={open}
          onClose={() => setOpen(false)}
          onDone={(refund: Refund) => {
            setOpen(false);
            setDone(refund);
            if (!phone)
              toast.show(refundDoneMessage(refund), { severity: refund.status === 'failed' ? 'error' : 'success' });
          }}
        />
      )}
    </>
  );
}
