import { useId, useState } from 'react';
import type { Claim, Order } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ClaimsList } from '../../../../components/orders/ClaimsList';
import { useToast } from '../../../../components/Toast';
import { useIsStaff } from '../../money-access';
import type { ClaimDecision } from '../api';
import {
  ClaimDecisionDialog,
  DECLINE_CLAIM_LABEL,
  REFUND_CLAIM_LABEL,
  REPLACE_CLAIM_LABEL,
} from './ClaimDecisionDialog';

export const STAFF_REFUND_CLAIM_MESSAGE = 'Only an owner or admin can refund a claim.';

export interface SellerClaimsProps {
  orgId: string;
  order: Order;
}

/**
 * The retailer's claims on the order, with the seller's three answers to an open one: Refund
 * (Owner/Admin; Staff see it disabled with the reason), Send replacement, Decline.
 */
export function SellerClaims({ orgId, order }: SellerClaimsProps) {
  const toast = useToast();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const isStaff = useIsStaff(orgId);
  const staffReasonId = useId();
  const [dialog, setDialog] = useState<{
    claim: Claim;
    decision: ClaimDecision;
    open: boolean;
    opening: number;
  } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const openDialog = (claim: Claim, decision: ClaimDecision) => {
    setDone(null);
    setDialog((current) => ({ claim, decision, open: true, opening: (current?.opening ?? 0) + 1 }));
  };
  const close = () => setDialog((current) => (current ? { ...current, open: false } : current));

  function finished(_updated: Order, message: string) {
    close();
    setDone(message);
    if (!phone) toast.show(message);
  }

  const actions = (claim: Claim) =>
    claim.status === 'open' && (
      <>
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}
          aria-label={`Answer claim ${claim.number}`}
          role="group"
        >
          <Button
            size="small"
            variant="contained"
            onClick={() => openDialog(claim, 'refund')}
            {...(isStaff ? { disabled: true, 'aria-describedby': `${staffReasonId}-${claim.number}` } : {})}
          >
            {REFUND_CLAIM_LABEL}
          </Button>
          <Button size="small" variant="outlined" onClick={() => openDialog(claim, 'replacement')}>
            {REPLACE_CLAIM_LABEL}
          </Button>
          <Button size="small" variant="outlined" color="error" onClick={() => openDialog(claim, 'decline')}>
            {DECLINE_CLAIM_LABEL}
          </Button>
        </Stack>
        {isStaff && (
          <Typography
            id={`${staffReasonId}-${claim.number}`}
            variant="caption"
            component="p"
            sx={{ color: 'text.secondary', mt: 0.75 }}
          >
            {STAFF_REFUND_CLAIM_MESSAGE}
          </Typography>
        )}
      </>
    );

  if (!order.claims?.length) return null;
  return (
    <>
      <ClaimsList
        claims={order.claims}
        actions={actions}
        header={
          done && (
            <Alert severity="success" role="status" onClose={() => setDone(null)} closeText="Dismiss" sx={{ mb: 1.5 }}>
              {done}
            </Alert>
          )
        }
      />
      {dialog && (
        <ClaimDecisionDialog
          key={dialog.opening}
          orgId={orgId}
          order={order}
          claim={dialog.claim}
          decision={dialog.decision}
          open={dialog.open}
          onClose={close}
          onDone={finished}
        />
      )}
    </>
  );
}
