import { useState } from 'react';
import type { Invite } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { useParams } from 'react-router';
import type { DataColumn } from '../../../../components/DataTable';
import { EmptyState } from '../../../../components/EmptyState';
import { PagedTable } from '../../../../components/PagedTable';
import { PageHeader } from '../../../../components/PageHeader';
import { SearchField } from '../../../../components/SearchField';
import { TintedIcon } from '../../../../components/TintedIcon';
import { useToast } from '../../../../components/Toast';
import { errorMessage, loadedItems } from '../../../../lib/api';
import { formatDate } from '../../../../lib/format';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useInvites, useResendInvite } from '../api';
import { InviteDialog } from '../../components/InviteDialog';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';

export const INVITES_EMPTY_TEXT = "Invites to customers haven't been sent yet";
export const INVITE_RESENT_TEXT = 'Invite Resent!';

function InviteState({
  invite,
  resending,
  onResend,
}: {
  invite: Invite;
  resending: boolean;
  onResend: (invite: Invite) => void;
}) {
  if (invite.accepted_on) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CheckCircleIcon sx={{ color: 'info.main', fontSize: 20 }} aria-hidden />
        <Box>
          <Typography variant="body2" sx={{ color: 'text.primary', fontWeight: 600, lineHeight: 1.3 }}>
            Accepted
          </Typography>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
            {formatDate(invite.accepted_on)}
          </Typography>
        </Box>
      </Stack>
    );
  }
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0.5, sm: 1 }}
      useFlexGap
      sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, flexWrap: 'wrap' }}
    >
      <Chip
        label="Not Accepted"
        size="small"
        sx={{ bgcolor: 'rgba(242, 182, 76, 0.2)', color: '#7a4f00', border: '1px solid rgba(242, 182, 76, 0.55)' }}
      />
      <Button
        size="small"
        variant="text"
        onClick={() => onResend(invite)}
        disabled={resending}
        startIcon={
          resending ? <CircularProgress size={14} color="inherit" aria-hidden /> : <SendOutlinedIcon aria-hidden />
        }
        aria-label={`Resend invite to ${invite.send_to_email}`}
      >
        Resend
      </Button>
    </Stack>
  );
}

function EmptyInvites({ onInvite }: { onInvite: () => void }) {
  return (
    <EmptyState
      icon={
        <TintedIcon>
          <ForwardToInboxOutlinedIcon />
        </TintedIcon>
      }
      title={INVITES_EMPTY_TEXT}
      action={
        <Button variant="contained" startIcon={<PersonAddAlt1Icon />} onClick={onInvite} sx={{ mt: 1 }}>
          Invite your customers
        </Button>
      }
    >
      Invite the retailers you work with. Each one gets an e-mail with a private link to your storefront.
    </EmptyState>
  );
}

/** /app/{org_id}/invites: who was invited, who accepted, and Resend for the rest. */
export function InvitesPage() {
  useOrganizationPageTitle('Invites');
  const { orgId = '' } = useParams();
  const toast = useToast();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const invites = useInvites(orgId, q);
  const resend = useResendInvite(orgId);
  const [resending, setResending] = useState<ReadonlySet<string>>(new Set());

  const rows = loadedItems(invites.data);
  const searching = q.length > 0;

  function onResend(invite: Invite) {
    setResending((ids) => new Set(ids).add(invite.id));
    resend.mutate(invite.id, {
      onSuccess: () => toast.show(INVITE_RESENT_TEXT, { durationMs: 5000 }),
      onError: (error) => toast.show(errorMessage(error), { severity: 'error' }),
      onSettled: () =>
        setResending((ids) => {
          const next = new Set(ids);
          next.delete(invite.id);
          return next;
        }),
    });
  }

  const columns: DataColumn<Invite>[] = [
    {
      header: 'Email',
      cell: (invite) => (
        <>
          <Typography variant="body2" sx={{ color: 'text.primary', fontWeight: 500, overflowWrap: 'anywhere' }}>
            {invite.send_to_email}
          </Typography>
          <Typography variant="caption" component="p" sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.25 }}>
            Created {formatDate(invite.created_on)}
          </Typography>
        </>
      ),
    },
    { header: 'Created', cell: (invite) => formatDate(invite.created_on), hideOnPhone: true, width: 210 },
    {
      header: 'Status',
      cell: (invite) => <InviteState invite={invite} resending={resending.has(invite.id)} onResend={onResend} />,
    },
  ];

  const noInvitesAtAll = !searching && rows?.length === 0;

  return (
    <>
      <PageHeader
        title="Invites"
        subtitle="Invite retailers by e-mail. Each accepted invite opens your storefront to a new customer."
        actions={
          <Button variant="contained" startIcon={<PersonAddAlt1Icon />} onClick={() => setDialogOpen(true)}>
            Invite
          </Button>
        }
      />
      {!noInvitesAtAll && (
        <Box sx={{ mb: 2 }}>
          <SearchField label="Search by e-mail" value={search} onChange={setSearch} />
        </Box>
      )}
      <PagedTable
        query={invites}
        label="Invites"
        columns={columns}
        rowKey={(invite) => invite.id}
        empty={
          searching ? (
            <Typography variant="body1">No invites match “{q}”.</Typography>
          ) : (
            <EmptyInvites onInvite={() => setDialogOpen(true)} />
          )
        }
      />
      <InviteDialog open={dialogOpen} orgId={orgId} onClose={() => setDialogOpen(false)} />
    </>
  );
}

export default InvitesPage;
