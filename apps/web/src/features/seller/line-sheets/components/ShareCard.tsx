import { useState, type FormEvent } from 'react';
import type { LineSheet } from '@cratebase/contract';
import { LINE_SHEET_LIMITS } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { DialogButtons } from '../../../../components/DialogButtons';
import { useToast } from '../../../../components/Toast';
import { errorMessage } from '../../../../lib/api';
import { issuesByField } from '../../../../lib/field-issues';
import { newIdempotencyKey } from '../../../../lib/idempotency';
import { useEmailLineSheet, useRevokeLineSheet, useShareLineSheet } from '../api';

export function EmailDialog({
  orgId,
  sheet,
  open,
  onClose,
}: {
  orgId: string;
  sheet: LineSheet;
  open: boolean;
  onClose: () => void;
}) {
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const send = useEmailLineSheet(orgId, sheet.id);
  // One key per e-mail sent: a retry after a lost answer sends it once; the next e-mail gets a new one.
  const [key, setKey] = useState(newIdempotencyKey);
  const toast = useToast();
  const issues = issuesByField(send.error, { to: 'to', message: 'message' });
  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate(
      { body: { to: to.trim(), ...(message.trim() ? { message: message.trim() } : {}) }, key },
      {
        onSuccess: (result) => {
          setKey(newIdempotencyKey());
          toast.show(`Line sheet sent to ${result.sent_to}`);
          setTo('');
          setMessage('');
          onClose();
        },
      },
    );
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="email-line-sheet-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="email-line-sheet-title">E-mail “{sheet.title}”</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">
              The store gets a link to the line sheet’s page and to its PDF, and can request to order without an
              account.
              {!sheet.share_url && ' Sending shares the sheet.'}
            </Typography>
            <TextField
              label="To"
              type="email"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              required
              autoFocus
              error={Boolean(issues.to)}
              helperText={issues.to}
            />
            <TextField
              label="Message (optional)"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: LINE_SHEET_LIMITS.message } }}
              error={Boolean(issues.message)}
              helperText={issues.message}
            />
            {send.isError && !issues.to && !issues.message && (
              <Alert severity="error">{errorMessage(send.error)}</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogButtons busy={send.isPending} onCancel={onClose} confirmLabel="Send" confirmDisabled={!to.trim()} />
      </form>
    </Dialog>
  );
}

/** The public link: make one, copy it, open it, revoke it. */
export function ShareCard({ orgId, sheet }: { orgId: string; sheet: LineSheet }) {
  const share = useShareLineSheet(orgId, sheet.id);
  const revoke = useRevokeLineSheet(orgId, sheet.id);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const toast = useToast();
  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.show('Link copied');
    } catch {
      toast.show('Copy the link from the field: the browser did not allow copying.', { severity: 'warning' });
    }
  }
  return (
    <Paper variant="outlined" component="section" aria-labelledby="sheet-share-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography id="sheet-share-title" variant="h6" component="h2">
          Share link
        </Typography>
        {sheet.share_url ? (
          <>
            <Typography variant="body2">
              Anyone with this link can read the line sheet and request to order — no account needed. Revoke it to stop
              it working at once.
            </Typography>
            <TextField
              label="Line sheet link"
              value={sheet.share_url}
              slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
              onFocus={(e) => e.target.select()}
              fullWidth
            />
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy(sheet.share_url!)}>
                Copy link
              </Button>
              <Button
                variant="outlined"
                startIcon={<OpenInNewIcon />}
                href={sheet.share_url}
                target="_blank"
                rel="noopener noreferrer"
              >
                Open
              </Button>
              <Button
                variant="outlined"
                color="error"
                startIcon={<LinkOffIcon />}
                onClick={() => setConfirmRevoke(true)}
              >
                Revoke
              </Button>
            </Stack>
          </>
        ) : (
          <>
            <Typography variant="body2">
              Share the line sheet as a private web page: photos, prices and a “Request to order” form for stores
              without an account.
            </Typography>
            <div>
              <Button
                variant="contained"
                startIcon={<LinkIcon />}
                disabled={share.isPending}
                onClick={() => share.mutate(undefined, { onSuccess: () => toast.show('Link ready to share') })}
              >
                Create share link
              </Button>
            </div>
          </>
        )}
        {share.isError && <Alert severity="error">{errorMessage(share.error)}</Alert>}
      </Stack>
      <ConfirmDialog
        open={confirmRevoke}
        title="Revoke the link?"
        confirmLabel="Revoke link"
        destructive
        busy={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error) : null}
        onClose={() => setConfirmRevoke(false)}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              setConfirmRevoke(false);
              toast.show('Link revoked: it no longer opens the line sheet');
            },
          })
        }
      >
        Anyone opening the current link will see that it is not valid. You can share the sheet again with a new link.
      </ConfirmDialog>
    </Paper>
  );
}
