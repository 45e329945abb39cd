import { useState } from 'react';
import { PROPOSAL_STATUS_LABELS, type ProposalStatus, type ProposalSummary } from '@cratebase/contract';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { DataColumn } from '../../../../components/DataTable';
import { EmptyState } from '../../../../components/EmptyState';
import { PagedTable } from '../../../../components/PagedTable';
import { PageHeader } from '../../../../components/PageHeader';
import { ProposalStatusChip } from '../../../../components/orders/ProposalStatusChip';
import { TintedIcon } from '../../../../components/TintedIcon';
import { loadedItems } from '../../../../lib/api';
import { formatCents, formatDay } from '../../../../lib/format';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { useProposals } from '../api';
import { NewProposalDialog } from './NewProposalDialog';

export const PROPOSALS_EMPTY_TEXT = 'No written orders yet';

type View = ProposalStatus | 'all';
const VIEWS: View[] = ['all', 'draft', 'sent', 'accepted', 'declined', 'cancelled'];
const isView = (value: string | null): value is View => VIEWS.includes(value as View);

/** Who the order is for: the customer, or the e-mail it invites. */
export function proposalCustomer(p: Pick<ProposalSummary, 'purchaser_organization' | 'invite_email'>): string {
  return p.purchaser_organization?.name ?? p.invite_email ?? '—';
}

const lineCount = (n: number) => `${n} ${n === 1 ? 'line' : 'lines'}`;

const columns: DataColumn<ProposalSummary>[] = [
  {
    header: 'Order',
    width: 110,
    cell: (p) => (
      <Typography variant="body2" sx={{ color: 'text.primary', fontWeight: 600, whiteSpace: 'nowrap' }}>
        {p.number}
      </Typography>
    ),
  },
  {
    header: 'Customer',
    cell: (p) => (
      <>
        <Typography variant="body2" component="span" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
          {proposalCustomer(p)}
        </Typography>
        {!p.purchaser_organization && p.invite_email && (
          <Typography variant="caption" component="span" sx={{ display: 'block' }}>
            New store (invited when sent)
          </Typography>
        )}
        {/* On a phone the lines, total and date columns are hidden: they go under the customer. */}
        <Typography variant="caption" component="span" sx={{ display: { xs: 'block', sm: 'none' } }}>
          {lineCount(p.line_count)} · {formatCents(p.total_cents)} ·{' '}
          {p.sent_at ? `Sent ${formatDay(p.sent_at)}` : `Started ${formatDay(p.created_at)}`}
        </Typography>
      </>
    ),
  },
  { header: 'Status', width: 120, cell: (p) => <ProposalStatusChip status={p.status} /> },
  { header: 'Lines', width: 90, align: 'right', hideOnPhone: true, cell: (p) => p.line_count },
  {
    header: 'Total',
    width: 120,
    align: 'right',
    hideOnPhone: true,
    cell: (p) => <span style={{ whiteSpace: 'nowrap' }}>{formatCents(p.total_cents)}</span>,
  },
  {
    header: 'Sent',
    width: 140,
    hideOnPhone: true,
    cell: (p) => (p.sent_at ? formatDay(p.sent_at) : 'Not sent'),
  },
];

/** /app/{org_id}/proposals: the orders the seller wrote, by status, and Write an order. */
export function ProposalsPage() {
  useOrganizationPageTitle('Written orders');
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const view: View = isView(status) ? status : 'all';
  const proposals = useProposals(orgId, view);
  const [open, setOpen] = useState(false);

  const writeButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
      Write an order
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Written orders"
        subtitle="Orders you write for a customer — at a trade show or on the phone — at their prices, sent for them to accept and pay."
        actions={
          view === 'all' && proposals.data && loadedItems(proposals.data)?.length === 0 ? undefined : writeButton
        }
      />
      <Tabs
        value={view}
        onChange={(_e, next: View) => setParams(next === 'all' ? {} : { status: next }, { replace: true })}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Written orders by status"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', maxWidth: '100%' }}
      >
        {VIEWS.map((v) => (
          <Tab
            key={v}
            value={v}
            label={v === 'all' ? 'All' : PROPOSAL_STATUS_LABELS[v]}
            sx={{ textTransform: 'none', minWidth: 0, px: { xs: 1.5, sm: 2 } }}
          />
        ))}
      </Tabs>
      <PagedTable
        label="Written orders"
        query={proposals}
        columns={columns}
        rowKey={(p) => p.id}
        skeletonRows={5}
        onRowClick={(p) => void navigate(`/app/${orgId}/proposals/${p.id}`)}
        empty={
          <EmptyState
            icon={
              <TintedIcon>
                <EditNoteOutlinedIcon />
              </TintedIcon>
            }
            title={view === 'all' ? PROPOSALS_EMPTY_TEXT : `No ${PROPOSAL_STATUS_LABELS[view].toLowerCase()} orders`}
            action={view === 'all' ? writeButton : undefined}
          >
            {view === 'all'
              ? 'Write an order for a customer from your catalog, with their prices, a discount and a note. They get an e-mail, review it and pay — or decline.'
              : 'Orders you wrote show here once they have this status.'}
          </EmptyState>
        }
      />
      <NewProposalDialog orgId={orgId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

export default ProposalsPage;
