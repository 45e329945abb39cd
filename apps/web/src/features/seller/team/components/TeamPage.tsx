import { useState } from 'react';
import { TEAM_ROLE_LABELS, TEAM_ROLES, teamRoleAtLeast, type TeamInvite, type TeamMember, type TeamRole } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import { useNavigate, useParams } from 'react-router';
import type { DataColumn } from '../../../../components/DataTable';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { EmptyState } from '../../../../components/EmptyState';
import { PagedTable } from '../../../../components/PagedTable';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { TintedIcon } from '../../../../components/TintedIcon';
import { useToast } from '../../../../components/Toast';
import { errorMessage, loadedItems } from '../../../../lib/api';
import { useCurrentUser } from '../../../../lib/current-user';
import { formatDate } from '../../../../lib/format';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useChangeRole, useMembers, useRemoveMember, useRevokeTeamInvite, useTeamInvites } from '../api';
import { InviteMemberDialog } from './InviteMemberDialog';

export const TEAM_SUBTITLE_ADMIN = 'Invite colleagues, choose what they can do, and remove them when they leave.';
export const TEAM_SUBTITLE_STAFF = 'The people who run this organization. Owners and admins manage the team.';

export const SOLE_OWNER_CANNOT_LEAVE = 'You are the only owner: make someone else an owner before you leave.';

type Removal = { member: TeamMember; self: boolean };

function memberLabel(m: TeamMember): string {
  return m.name ?? m.email;
}

function RoleCell({
  member,
  myRole,
  isMe,
  busy,
  onChange,
}: {
  member: TeamMember;
  myRole: TeamRole | undefined;
  isMe: boolean;
  busy: boolean;
  onChange: (role: TeamRole) => void;
}) {
  // Admins change admins and staff; only owners make or unmake owners. Nobody changes their own role here.
  const canChange = !isMe && teamRoleAtLeast(myRole, 'admin') && (member.role !== 'owner' || myRole === 'owner');
  if (!canChange) return <Chip size="small" label={TEAM_ROLE_LABELS[member.role]} variant={member.role === 'staff' ? 'outlined' : 'filled'} />;
  const choices = TEAM_ROLES.filter((r) => r !== 'owner' || myRole === 'owner');
  return (
    <TextField
      select
      size="small"
      value={member.role}
      disabled={busy}
      onChange={(e) => onChange(e.target.value as TeamRole)}
      slotProps={{ htmlInput: { 'aria-label': `Role of ${memberLabel(member)}` } }}
      sx={{ minWidth: 120 }}
    >
      {choices.map((r) => (
        <MenuItem key={r} value={r}>
          {TEAM_ROLE_LABELS[r]}
        </MenuItem>
      ))}
    </TextField>
  );
}

function PendingInvites({
  invites,
  canManage,
  onRevoke,
}: {
  invites: TeamInvite[];
  canManage: boolean;
  onRevoke: (invite: TeamInvite) => void;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="team-pending-invites" sx={{ mt: 3 }}>
      <Typography id="team-pending-invites" variant="h6" component="h2" sx={{ px: 2.5, pt: 2, pb: 1 }}>
        Pending invites
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {invites.map((invite) => (
          <Stack
            component="li"
            key={invite.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 2 }}
            sx={{ px: 2.5, py: 1.5, borderTop: 1, borderColor: 'divider', alignItems: { sm: 'center' } }}
          >
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {invite.email}
              </Typography>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                {TEAM_ROLE_LABELS[invite.role]} · invited {formatDate(invite.created_on)}
              </Typography>
            </Box>
            {canManage && (
              <Button
                size="small"
                color="error"
                onClick={() => onRevoke(invite)}
                aria-label={`Revoke the invite to ${invite.email}`}
                sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, ml: { xs: -0.75, sm: 0 } }}
              >
                Revoke
              </Button>
            )}
          </Stack>
        ))}
      </Box>
    </Paper>
  );
}

/**
 * /app/{org_id}/team (and /storefront/team/{org_id} for buyers): the organization's members
 * with their roles and pending invites. Owners and admins invite, change roles, revoke and
 * remove; everyone may leave; staff see the list.
 */
export function TeamPage() {
  usePageTitle('Team');
  const params = useParams();
  const orgId = params.orgId ?? params.teamOrgId ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const user = useCurrentUser();
  const me = user.data ?? undefined;
  const myOrganization = me?.organizations.find((o) => o.id === orgId);
  const myRole = myOrganization?.role;
  const canManage = teamRoleAtLeast(myRole, 'admin');

  const members = useMembers(orgId);
  const invites = useTeamInvites(orgId);
  const changeRole = useChangeRole(orgId);
  const removeMember = useRemoveMember(orgId);
  const revoke = useRevokeTeamInvite(orgId);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [revoking, setRevoking] = useState<TeamInvite | null>(null);
  // Phones have no Actions column: Remove / Leave sits under the member.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));

  function onRoleChange(member: TeamMember, role: TeamRole) {
    changeRole.mutate(
      { userId: member.user_id, role },
      {
        onSuccess: () => toast.show(`${memberLabel(member)} is now ${TEAM_ROLE_LABELS[role]}`),
        onError: (error) => toast.show(errorMessage(error), { severity: 'error' }),
      },
    );
  }

  function confirmRemoval() {
    if (!removal) return;
    const { member, self } = removal;
    removeMember.mutate(member.user_id, {
      onSuccess: () => {
        setRemoval(null);
        if (self) {
          toast.show(`You left ${myOrganization?.name ?? 'the team'}`);
          navigate('/', { replace: true });
        } else {
          toast.show(`${memberLabel(member)} was removed from the team`);
        }
      },
    });
  }

  function confirmRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast.show(`Invite to ${revoking.email} revoked`);
        setRevoking(null);
      },
    });
  }

  // The server refuses to let the last owner leave (409); say so up front instead of offering Leave.
  // Only when every member is loaded: another owner may be on a page not fetched yet.
  const loadedMembers = loadedItems(members.data);
  const soleOwner =
    myRole === 'owner' &&
    !members.hasNextPage &&
    loadedMembers !== undefined &&
    loadedMembers.filter((m) => m.role === 'owner').length === 1;

  function actionFor(m: TeamMember) {
    const self = m.user_id === me?.id;
    if (self && soleOwner) return null;
    const mayRemove = self || (canManage && (m.role !== 'owner' || myRole === 'owner'));
    if (!mayRemove) return null;
    return (
      <Button
        size="small"
        color="error"
        onClick={() => setRemoval({ member: m, self })}
        aria-label={self ? 'Leave the team' : `Remove ${memberLabel(m)}`}
      >
        {self ? 'Leave' : 'Remove'}
      </Button>
    );
  }

  const columns: DataColumn<TeamMember>[] = [
    {
      header: 'Member',
      cell: (m) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {memberLabel(m)}
            {m.user_id === me?.id && (
              <Typography component="span" variant="caption" sx={{ ml: 1, color: 'text.secondary', whiteSpace: 'nowrap' }}>
                (you)
              </Typography>
            )}
          </Typography>
          {m.name && (
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {m.email}
            </Typography>
          )}
          {m.user_id === me?.id && soleOwner && (
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {SOLE_OWNER_CANNOT_LEAVE}
            </Typography>
          )}
          {phone && <Box sx={{ ml: -0.75, mt: 0.5 }}>{actionFor(m)}</Box>}
        </Box>
      ),
    },
    {
      header: 'Role',
      cell: (m) => (
        <RoleCell
          member={m}
          myRole={myRole}
          isMe={m.user_id === me?.id}
          busy={changeRole.isPending}
          onChange={(role) => onRoleChange(m, role)}
        />
      ),
    },
    { header: 'Joined', hideOnPhone: true, width: 210, cell: (m) => formatDate(m.joined_at) },
    ...(phone ? [] : [{ header: 'Actions', align: 'right', width: 110, cell: actionFor } satisfies DataColumn<TeamMember>]),
  ];

  const pending = invites.data ?? [];
  const orgName = myOrganization?.name ?? 'this organization';

  return (
    <>
      <PageHeader
        title="Team"
        subtitle={canManage ? TEAM_SUBTITLE_ADMIN : TEAM_SUBTITLE_STAFF}
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<PersonAddAlt1Icon />} onClick={() => setInviteOpen(true)}>
              Invite member
            </Button>
          ) : undefined
        }
      />
      {user.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <PagedTable
          query={members}
          label="Team members"
          columns={columns}
          rowKey={(m) => m.user_id}
          skeletonRows={3}
          empty={
            <EmptyState
              icon={
                <TintedIcon>
                  <GroupsOutlinedIcon />
                </TintedIcon>
              }
              title="No members yet"
            >
              Invite the colleagues who help you run {orgName}.
            </EmptyState>
          }
        />
      )}
      {invites.isError && <QueryErrorAlert error={invites.error} onRetry={() => void invites.refetch()} sx={{ mt: 3 }} />}
      {pending.length > 0 && <PendingInvites invites={pending} canManage={canManage} onRevoke={setRevoking} />}

      <InviteMemberDialog open={inviteOpen} orgId={orgId} onClose={() => setInviteOpen(false)} />
      <ConfirmDialog
        open={removal !== null}
        title={removal?.self ? `Leave ${orgName}?` : `Remove ${removal ? memberLabel(removal.member) : ''}?`}
        confirmLabel={removal?.self ? 'Leave' : 'Remove'}
        destructive
        busy={removeMember.isPending}
        error={removeMember.isError ? errorMessage(removeMember.error) : null}
        onConfirm={confirmRemoval}
        onClose={() => {
          setRemoval(null);
          removeMember.reset();
        }}
      >
        {removal?.self
          ? `You will no longer be able to open ${orgName}. An owner or admin can invite you again.`
          : `${removal ? memberLabel(removal.member) : ''} will no longer be able to open ${orgName}.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this invite?"
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error) : null}
        onConfirm={confirmRevoke}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
      >
        {`The link sent to ${revoking?.email ?? ''} will stop working.`}
      </ConfirmDialog>
    </>
  );
}

export default TeamPage;
