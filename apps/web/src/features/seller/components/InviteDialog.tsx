import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { INVITE_LIMITS, isInviteEmail, normalizeInviteEmail } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CancelIcon from '@mui/icons-material/Cancel';
import { errorMessage } from '../../../lib/api';
import { issuesByField } from '../../../lib/field-issues';
import { useToast } from '../../../components/Toast';
import { useSendInvites } from '../api';

export const INVITE_DIALOG_TITLE = 'Invite your customers';

export interface InviteDialogProps {
  open: boolean;
  orgId: string;
  onClose: () => void;
  /** Called after the invites were sent (the dialog closes itself). */
  onSent?: (count: number) => void;
}

/** Indexes of addresses the server named in its issues (paths like "to_emails.3"). */
function rejectedIndexes(error: unknown): Set<number> {
  const byIndex = issuesByField(error, (path) => /^to_emails\.(\d+)/.exec(path)?.[1]);
  return new Set(Object.keys(byIndex).map(Number));
}

/**
 * Spec "Invite dialog": one e-mail at a time (Enter or Add, standard e-mail pattern), shown
 * as chips; Cancel, or Send Invites (disabled with none and while sending).
 */
export function InviteDialog({ open, orgId, onClose, onSent }: InviteDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const toast = useToast();
  const send = useSendInvites(orgId);
  const [draft, setDraft] = useState('');
  const [emails, setEmails] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  const titleId = useId();
  const helpId = useId();

  const sending = send.isPending;
  const candidate = normalizeInviteEmail(draft);
  const valid = isInviteEmail(draft);
  const duplicate = valid && emails.includes(candidate);
  const full = emails.length >= INVITE_LIMITS.maxEmailsPerCall;
  const canAdd = valid && !duplicate && !full && !sending;
  // A valid address still in the box is sent too: a person who types one address and presses
  // Send Invites means to invite it (the README's first-order recipe does exactly that).
  const toSend = canAdd ? [...emails, candidate] : emails;
  const rejected = rejectedIndexes(send.error);

  let helper =
    canAdd && emails.length === 0
      ? 'Send Invites sends it, or press Enter to add another.'
      : 'Press Enter or select Add after each address.';
  let helperIsError = false;
  if (full) {
    helper = `You can send up to ${INVITE_LIMITS.maxEmailsPerCall} invites at a time.`;
  } else if (duplicate) {
    helper = 'This address is already on the list.';
    helperIsError = true;
  } else if (candidate && !valid && touched) {
    helper = 'Enter a valid e-mail address, like buyer@store.com.';
    helperIsError = true;
  }

  function reset() {
    setDraft('');
    setEmails([]);
    setTouched(false);
    send.reset();
  }

  function close() {
    if (sending) return;
    reset();
    onClose();
  }

  function add() {
    if (!canAdd) {
      setTouched(true);
      return;
    }
    setEmails((list) => [...list, candidate]);
    setDraft('');
    setTouched(false);
    if (send.isError) send.reset();
  }

  function remove(email: string) {
    setEmails((list) => list.filter((item) => item !== email));
    if (send.isError) send.reset();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && emails.length > 0 && !sending) {
      // Backspace in an empty field takes back the last chip, as in most address fields.
      setEmails((list) => list.slice(0, -1));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (toSend.length === 0 || sending) return;
    if (toSend.length > emails.length) {
      setEmails(toSend);
      setDraft('');
    }
    send.mutate(toSend, {
      onSuccess: (invites) => {
        const count = invites.length;
        toast.show(count === 1 ? `Invite sent to ${invites[0]!.send_to_email}.` : `${count} invites sent.`, {
          durationMs: 5000,
        });
        reset();
        onSent?.(count);
        onClose();
      },
    });
  }

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      {/* The form inside the dialog's paper: a <form> may not take the paper's role="dialog". */}
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId} sx={{ pb: 1 }}>
          {INVITE_DIALOG_TITLE}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <Typography variant="body2" id={helpId}>
              Each customer gets an e-mail with a private link to join your store on Cratebase. Add one address at a
              time.
            </Typography>
            {send.isError && (
              <Alert severity="error" role="alert">
                {errorMessage(send.error)}
              </Alert>
            )}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label="Email address"
                type="email"
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                onBlur={() => setTouched(true)}
                onKeyDown={onKeyDown}
                autoFocus
                autoComplete="off"
                disabled={full || sending}
                error={helperIsError}
                helperText={helper}
                slotProps={{ htmlInput: { 'aria-describedby': helpId, inputMode: 'email', spellCheck: false } }}
              />
              <Button
                variant="outlined"
                onClick={add}
                disabled={!canAdd}
                sx={{ height: 56, flexShrink: 0, minWidth: 72 }}
              >
                Add
              </Button>
            </Stack>
            <Box>
              <Typography variant="subtitle2" component="h3" sx={{ color: 'text.primary', mb: 1 }}>
                {toSend.length === 0
                  ? 'No addresses added yet'
                  : `${toSend.length} ${toSend.length === 1 ? 'address' : 'addresses'} to invite`}
              </Typography>
              {emails.length > 0 && (
                <Box
                  component="ul"
                  aria-label="Addresses to invite"
                  sx={{
                    listStyle: 'none',
                    m: 0,
                    p: 0,
                    display: 'flex',
                    flexWrap: 'wrap',
                    gap: 1,
                    maxHeight: 220,
                    overflowY: 'auto',
                  }}
                >
                  {emails.map((email, index) => (
                    <li key={email}>
                      <Chip
                        label={email}
                        color={rejected.has(index) ? 'error' : 'default'}
                        variant={rejected.has(index) ? 'filled' : 'outlined'}
                        onDelete={sending ? undefined : () => remove(email)}
                        deleteIcon={<CancelIcon role="button" aria-hidden={false} aria-label={`Remove ${email}`} />}
                        sx={{ maxWidth: '100%' }}
                      />
                    </li>
                  ))}
                </Box>
              )}
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button onClick={close} disabled={sending} color="inherit" sx={{ color: 'text.secondary' }}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={toSend.length === 0 || sending}
            startIcon={sending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            Send Invites
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
