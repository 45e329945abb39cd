import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents } from '../../../../lib/format';

export const CHALLENGE_TITLE = 'Authenticate your payment';
export const COMPLETE_AUTHENTICATION = 'Complete authentication';
export const FAIL_AUTHENTICATION = 'Fail authentication';

interface ChallengeDialogProps {
  open: boolean;
  merchant: string | undefined;
  amountCents: number;
  answering: 'complete' | 'fail' | null;
  onAnswer: (outcome: 'complete' | 'fail') => void;
  onCancel: () => void;
}

/** The card's 3-D Secure step: here the built-in provider's test bank page with its two answers. */
export function ChallengeDialog({ open, merchant, amountCents, answering, onAnswer, onCancel }: ChallengeDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={answering ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{CHALLENGE_TITLE}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} id={textId}>
          <Typography variant="body2">
            {`Your bank asks you to confirm the payment of ${formatCents(amountCents)}${merchant ? ` to ${merchant}` : ''}.`}
          </Typography>
          <Typography variant="body2">
            This is a test authentication page standing in for your bank’s. Choose whether the authentication succeeds
            or fails.
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button
          onClick={() => onAnswer('fail')}
          disabled={answering !== null}
          loading={answering === 'fail'}
          color="inherit"
          sx={{ color: 'text.secondary' }}
        >
          {FAIL_AUTHENTICATION}
        </Button>
        <Button
          onClick={() => onAnswer('complete')}
          disabled={answering !== null}
          loading={answering === 'complete'}
          variant="contained"
        >
          {COMPLETE_AUTHENTICATION}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
