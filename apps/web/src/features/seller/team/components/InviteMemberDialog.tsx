import { useId, useState, type FormEvent } from 'react';
import { isInviteEmail, normalizeInviteEmail, TEAM_INVITE_ROLES, TEAM_ROLE_LABELS } from '@cratebase/contract';
import type { TeamInviteRole } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DialogButtons } from '../../../../components/DialogButtons';
import { useToast } from '../../../../components/Toast';
import { errorMessage } from '../../../../lib/api';
import { useInviteMember } from '../api';

export const ROLE_HELP: Record<TeamInviteRole, string> = {
  staff: 'Runs the store: products, orders, customers and invites. Cannot change payments, bank accounts or the team.',
  admin: 'Everything staff can do, plus payments, bank accounts and the team.',
};

/** Invite a colleague: e-mail and role; the invitee gets a link to join by e-mail. */
export function InviteMemberDialog({ open, orgId, onClose }: { open: boolean; orgId: string; onClose: () => void }) {
  const titleId = useId();
  const toast = useToast();
  const invite = useInviteMember(orgId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamInviteRole>('staff');
  const [touched, setTouched] = useState(false);
  const valid = isInviteEmail(email);

  function close() {
    if (invite.isPending) return;
    setEmail('');
    setRole('staff');
    setTouched(false);
    invite.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    const address = normalizeInviteEmail(email);
    invite.mutate(
      { email: address, role },
      {
        onSuccess: () => {
          toast.show(`Invite sent to ${address}`);
          close();
        },
      },
    );
  }

  const emailError = touched && !valid ? 'Enter an e-mail address like name@example.com' : undefined;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Invite a team member</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Typography variant="body2">They get an e-mail with a link to join your team.</Typography>
            {invite.isError && <Alert severity="error">{errorMessage(invite.error)}</Alert>}
            <TextField
              label="E-mail"
              type="email"
              autoComplete="off"
              autoFocus
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              onBlur={() => setTouched(email.trim() !== '')}
              error={Boolean(emailError)}
              helperText={emailError}
              fullWidth
            />
            <TextField
              select
              label="Role"
              value={role}
              onChange={(e) => setRole(e.target.value as TeamInviteRole)}
              helperText={ROLE_HELP[role]}
              fullWidth
            >
              {TEAM_INVITE_ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {TEAM_ROLE_LABELS[r]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogButtons busy={invite.isPending} onCancel={close} confirmLabel="Send invite" />
      </form>
    </Dialog>
  );
}
