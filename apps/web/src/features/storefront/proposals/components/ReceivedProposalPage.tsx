import { useState, type FormEvent } from 'react';
import type { Proposal } from '@cratebase/contract';
import { PROPOSAL_LIMITS } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ShoppingCartCheckoutIcon from '@mui/icons-material/ShoppingCartCheckout';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { DialogButtons } from '../../../../components/DialogButtons';
import { MainAndSideColumns } from '../../../../components/MainAndSideColumns';
import { NotFoundView } from '../../../../components/NotFound';
import {
  ProposalHeader,
  ProposalLineList,
  ProposalSkeleton,
  ProposalTotals,
  lineIssue,
  ProposalCard,
} from '../../../../components/orders/ProposalLines';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { useToast } from '../../../../components/Toast';
import { ApiError, errorMessage } from '../../../../lib/api';
import { formatDate, formatDay } from '../../../../lib/format';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useAcceptProposal, useChangeReceivedLine, useDeclineProposal, useReceivedProposal } from '../api';

function DeclineDialog({ proposal, open, onClose }: { proposal: Proposal; open: boolean; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const decline = useDeclineProposal(proposal.id);
  const toast = useToast();
  const close = () => {
    decline.reset();
    onClose();
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    decline.mutate(reason.trim() ? { reason: reason.trim() } : {}, {
      onSuccess: () => {
        onClose();
        toast.show(`You declined ${proposal.number}. ${proposal.seller_organization.name} is told by e-mail.`);
      },
    });
  }
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="decline-proposal-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="decline-proposal-title">Decline {proposal.number}?</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {proposal.seller_organization.name} is told by e-mail. Nothing is added to your cart.
          </Typography>
          <TextField
            label="Reason (optional)"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: PROPOSAL_LIMITS.declineReason } }}
            helperText="For the seller, e.g. “We are stocked until spring”"
          />
          {decline.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(decline.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogButtons
          busy={decline.isPending}
          onCancel={close}
          cancelLabel="Keep it"
          confirmLabel="Decline"
          destructive
        />
      </form>
    </Dialog>
  );
}

/** What became of an order that can no longer be answered. */
function StateAlert({ proposal, orgId }: { proposal: Proposal; orgId: string }) {
  const seller = proposal.seller_organization.name;
  if (proposal.status === 'accepted') {
    return (
      <Alert
        severity="success"
        action={
          <Button component={RouterLink} to={`/storefront/${orgId}/checkout`} color="inherit" size="small">
            Go to checkout
          </Button>
        }
      >
        You accepted this order on {formatDate(proposal.accepted_at)}. Its lines are in your cart at these prices.
      </Alert>
    );
  }
  if (proposal.status === 'declined') {
    return (
      <Alert severity="info">
        You declined this order on {formatDate(proposal.declined_at)}.
        {proposal.decline_reason ? ` Your reason: “${proposal.decline_reason}”` : ''}
      </Alert>
    );
  }
  if (proposal.status === 'cancelled') {
    return (
      <Alert severity="warning">
        {seller} cancelled this order on {formatDate(proposal.cancelled_at)}. Ask them for a new one, or shop the store.
      </Alert>
    );
  }
  return null;
}

/**
 * /storefront/{seller}/proposals/{id} (the e-mail's link): an order the seller wrote for the
 * buyer — its note, lines at the buyer's prices less the discount, the total; while sent the buyer
 * changes quantities within the rules or removes lines, accepts (the lines go into its cart at
 * these prices, then the checkout), or declines with an optional reason.
 */
export function ReceivedProposalPage() {
  const { orgId = '', proposalId = '' } = useParams();
  const proposal = useReceivedProposal(proposalId);
  const change = useChangeReceivedLine(proposalId);
  const accept = useAcceptProposal(proposalId, orgId);
  const navigate = useNavigate();
  const [declining, setDeclining] = useState(false);
  const [sent, setSent] = useState<string[]>([]);
  const data = proposal.data;
  usePageTitle(data ? `Order ${data.number} from ${data.seller_organization.name}` : 'Order');

  if (proposal.error instanceof ApiError && (proposal.error.status === 404 || proposal.error.status === 403)) {
    return <NotFoundView homeTo={`/storefront/${orgId}`} homeLabel="Go to the store" />;
  }

  const open = data?.status === 'sent';
  // A change on its way does not disable Accept or Remove: leaving a quantity's field by pressing
  // them saves it first (one mutation scope), and a button disabled mid-click would lose the click.
  const busy = accept.isPending;
  const changeIssue = change.isError ? lineIssue(change.error, sent) : null;
  const acceptIssue =
    accept.isError && data
      ? lineIssue(
          accept.error,
          data.lines.map((l) => l.product_id),
        )
      : null;
  const lineError = (productId: string) =>
    changeIssue?.productId === productId
      ? changeIssue.message
      : acceptIssue?.productId === productId
        ? acceptIssue.message
        : undefined;
  const setQuantity = (productId: string, quantity: number) => {
    accept.reset();
    setSent([productId]);
    change.mutate({ product_id: productId, quantity });
  };
  const hasProblem = Boolean(data?.lines.some((l) => !l.available || l.quantity_issue));

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', width: '100%' }}>
      <ProposalHeader
        proposal={data}
        about={
          data &&
          `Written for you by ${data.seller_organization.name}${data.sent_at ? ` · ${formatDay(data.sent_at)}` : ''}`
        }
        back={{ to: `/storefront/${orgId}`, label: 'Back to the store' }}
      />
      {proposal.isError && <QueryErrorAlert error={proposal.error} onRetry={() => void proposal.refetch()} />}
      {proposal.isPending && <ProposalSkeleton />}
      {data && (
        <Stack spacing={3}>
          <StateAlert proposal={data} orgId={orgId} />
          <MainAndSideColumns>
            <Stack spacing={3} sx={{ minWidth: 0 }}>
              {data.note && (
                <ProposalCard title={<>A note from {data.seller_organization.name}</>}>
                  <Typography
                    variant="body1"
                    sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: 'text.primary' }}
                  >
                    {data.note}
                  </Typography>
                </ProposalCard>
              )}
              <ProposalCard title={<>Lines ({data.lines.length})</>}>
                {open && (
                  <Typography variant="body2" sx={{ mb: 1 }}>
                    Change a quantity within the product’s minimum and multiples
                    {data.lines.length > 1 ? ', or remove a line' : ''}. Prices follow the quantity.
                  </Typography>
                )}
                {change.isError && !changeIssue && (
                  <Alert severity="error" sx={{ mb: 1 }}>
                    {errorMessage(change.error)}
                  </Alert>
                )}
                <ProposalLineList
                  proposal={data}
                  editing={
                    open
                      ? {
                          lineError,
                          onQuantity: setQuantity,
                          // The last line stays: declining is how an order is refused.
                          onRemove: data.lines.length > 1 ? (productId) => setQuantity(productId, 0) : undefined,
                          disabled: busy,
                        }
                      : undefined
                  }
                />
              </ProposalCard>
            </Stack>
            <ProposalCard title="Summary">
              <Stack spacing={2}>
                <ProposalTotals proposal={data} />
                {open && (
                  <>
                    <Typography variant="body2">
                      Accepting puts these lines in your cart at these prices; you pay at checkout
                      {data.net_terms_days > 0 ? ` by card or by invoice (Net ${data.net_terms_days})` : ' by card'}
                      {data.reserved_until ? `. Stock is held for you until ${formatDay(data.reserved_until)}` : ''}.
                    </Typography>
                    {accept.isError && (
                      <Alert severity="error">
                        {accept.error instanceof ApiError && accept.error.code === 'proposal_changed'
                          ? 'Prices changed since you opened this order. Check the new total, then accept again.'
                          : acceptIssue
                            ? `${acceptIssue.message}.`
                            : errorMessage(accept.error)}
                      </Alert>
                    )}
                    <Button
                      variant="contained"
                      size="large"
                      startIcon={<ShoppingCartCheckoutIcon />}
                      disabled={busy || hasProblem}
                      onClick={() =>
                        accept.mutate(undefined, {
                          onSuccess: () => void navigate(`/storefront/${orgId}/checkout`),
                        })
                      }
                    >
                      {accept.isPending ? 'Accepting…' : 'Accept and go to checkout'}
                    </Button>
                    {hasProblem && (
                      <Typography variant="caption" component="p" sx={{ color: 'error.main', mt: '4px !important' }}>
                        Change or remove the lines marked above first.
                      </Typography>
                    )}
                    <Button color="error" disabled={busy} onClick={() => setDeclining(true)}>
                      Decline
                    </Button>
                  </>
                )}
              </Stack>
            </ProposalCard>
          </MainAndSideColumns>
          {open && <DeclineDialog proposal={data} open={declining} onClose={() => setDeclining(false)} />}
        </Stack>
      )}
    </Box>
  );
}

export default ReceivedProposalPage;
