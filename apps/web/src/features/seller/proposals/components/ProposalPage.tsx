import { useState } from 'react';
import type { Proposal } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
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
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { useCancelProposal, useEditProposalLines, useProposal, useProposalSaving, useSendProposal } from '../api';
import { CatalogueSearchCard } from './CatalogueSearchCard';
import { ProposalTermsCard } from './ProposalTermsCard';
import { proposalCustomer } from './ProposalsPage';

/** What happened to an order that is no longer a draft, in a sentence. */
function statusSentence(p: Proposal): string {
  const who = proposalCustomer(p);
  switch (p.status) {
    case 'sent':
      return `Sent to ${who} on ${formatDate(p.sent_at)}. They can change quantities within your rules, then accept and pay, or decline.${
        p.reserved_until ? ` Stock is reserved until ${formatDay(p.reserved_until)}.` : ''
      }`;
    case 'accepted':
      return `${who} accepted it on ${formatDate(p.accepted_at)}: the lines are in their cart at these prices. The order shows under Orders once they check out.`;
    case 'declined':
      return `${who} declined it on ${formatDate(p.declined_at)}.`;
    case 'cancelled':
      return `You cancelled it on ${formatDate(p.cancelled_at)}.`;
    default:
      return '';
  }
}

function LinesCard({ orgId, proposal }: { orgId: string; proposal: Proposal }) {
  const edit = useEditProposalLines(orgId, proposal.id);
  const draft = proposal.status === 'draft';
  // The lines sent are the order's, in its order: lines.N is the order's N-th line.
  const failed = edit.isError
    ? lineIssue(
        edit.error,
        proposal.lines.map((l) => l.product_id),
      )
    : null;
  return (
    <ProposalCard title={<>Lines ({proposal.lines.length})</>}>
      {edit.isError && !failed && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorMessage(edit.error)}
        </Alert>
      )}
      {proposal.lines.length === 0 ? (
        <Typography variant="body2">No lines yet: search your catalog to add products.</Typography>
      ) : (
        <ProposalLineList
          proposal={proposal}
          editing={
            draft
              ? {
                  lineError: (productId) => (failed?.productId === productId ? failed.message : undefined),
                  onQuantity: (productId, quantity) =>
                    edit.mutate((lines) => lines.map((l) => (l.product_id === productId ? { ...l, quantity } : l))),
                  onRemove: (productId) => edit.mutate((lines) => lines.filter((l) => l.product_id !== productId)),
                }
              : undefined
          }
        />
      )}
    </ProposalCard>
  );
}

/** The side column: totals, and Send / Cancel (a draft), or the order's status. */
function SummaryCard({ orgId, proposal }: { orgId: string; proposal: Proposal }) {
  const send = useSendProposal(orgId, proposal.id);
  const cancel = useCancelProposal(orgId, proposal.id);
  const saving = useProposalSaving(proposal.id);
  const toast = useToast();
  const [confirm, setConfirm] = useState<'send' | 'cancel' | null>(null);
  const who = proposalCustomer(proposal);
  const open = proposal.status === 'draft' || proposal.status === 'sent';
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(proposal.retailer_url);
      toast.show('Link copied');
    } catch {
      toast.show('Could not copy the link', { severity: 'error' });
    }
  };
  return (
    <ProposalCard title="Summary">
      <Stack spacing={2}>
        <ProposalTotals proposal={proposal} />
        <Typography variant="caption" component="p">
          {proposal.net_terms_days > 0
            ? `They pay by card or by invoice (Net ${proposal.net_terms_days}), as at any checkout.`
            : 'They pay by card at checkout (no payment terms with you).'}
        </Typography>
        {proposal.status !== 'draft' && <Typography variant="body2">{statusSentence(proposal)}</Typography>}
        {proposal.status === 'declined' && proposal.decline_reason && (
          <Alert severity="info" icon={false}>
            Their reason: “{proposal.decline_reason}”
          </Alert>
        )}
        {proposal.status === 'draft' && (
          <Typography variant="caption" component="p" role="status" sx={{ textAlign: 'center' }}>
            {saving ? 'Saving changes…' : 'Saved as a draft: nothing is sent until you send it.'}
          </Typography>
        )}
        {proposal.status === 'draft' && (
          <Button
            variant="contained"
            size="large"
            startIcon={<SendOutlinedIcon />}
            disabled={proposal.lines.length === 0}
            onClick={() => setConfirm('send')}
          >
            Send to {proposal.purchaser_organization ? 'customer' : 'store'}
          </Button>
        )}
        {proposal.status === 'sent' && (
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copyLink()}>
            Copy the customer’s link
          </Button>
        )}
        {open && (
          <Button color="error" onClick={() => setConfirm('cancel')}>
            Cancel this order
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={confirm === 'send'}
        title={`Send ${proposal.number} to ${who}?`}
        confirmLabel="Send"
        busy={send.isPending}
        error={send.isError ? errorMessage(send.error) : null}
        onClose={() => {
          setConfirm(null);
          send.reset();
        }}
        onConfirm={() =>
          send.mutate(undefined, {
            onSuccess: () => {
              setConfirm(null);
              toast.show(`${proposal.number} sent to ${who}`);
            },
          })
        }
      >
        {proposal.purchaser_organization
          ? 'They get an e-mail with a link to review it, change quantities within your rules, and accept and pay — or decline.'
          : `${who} gets an e-mail inviting them to buy from you, with a link to this order.`}{' '}
        You cannot change it once it is sent.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'cancel'}
        title={`Cancel ${proposal.number}?`}
        confirmLabel="Cancel the order"
        cancelLabel="Keep it"
        destructive
        busy={cancel.isPending}
        error={cancel.isError ? errorMessage(cancel.error) : null}
        onClose={() => {
          setConfirm(null);
          cancel.reset();
        }}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setConfirm(null);
              toast.show(`${proposal.number} cancelled`);
            },
          })
        }
      >
        {proposal.status === 'sent'
          ? `${who} can no longer accept it; its link says it was cancelled.`
          : 'The draft is kept under Cancelled.'}
        {proposal.reserve_stock ? ' Reserved stock is released.' : ''}
      </ConfirmDialog>
    </ProposalCard>
  );
}

/** /app/{org_id}/proposals/{id}: a written order — the builder while a draft, read-only once sent. */
export function ProposalPage() {
  const { orgId = '', proposalId = '' } = useParams();
  const proposal = useProposal(orgId, proposalId);
  const data = proposal.data;
  useOrganizationPageTitle(data ? `Order ${data.number}` : 'Written order');

  if (proposal.error instanceof ApiError && (proposal.error.status === 404 || proposal.error.status === 403)) {
    return <NotFoundView homeTo={`/app/${orgId}/proposals`} homeLabel="Go to Written orders" />;
  }
  return (
    <Stack spacing={3}>
      <ProposalHeader
        proposal={data}
        about={
          data &&
          `For ${proposalCustomer(data)}${data.purchaser_organization ? '' : ' (a new store: sending invites it)'}`
        }
        back={{ to: `/app/${orgId}/proposals`, label: 'Written orders' }}
      />
      {proposal.isError && <QueryErrorAlert error={proposal.error} onRetry={() => void proposal.refetch()} />}
      {proposal.isPending && <ProposalSkeleton />}
      {data && (
        <MainAndSideColumns>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            {data.status === 'draft' && <CatalogueSearchCard orgId={orgId} proposal={data} />}
            <LinesCard orgId={orgId} proposal={data} />
            {data.status !== 'draft' && data.note && (
              <ProposalCard title="Your note">
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {data.note}
                </Typography>
              </ProposalCard>
            )}
          </Stack>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            {data.status === 'draft' && <ProposalTermsCard orgId={orgId} proposal={data} />}
            <SummaryCard orgId={orgId} proposal={data} />
          </Stack>
        </MainAndSideColumns>
      )}
    </Stack>
  );
}

export default ProposalPage;
