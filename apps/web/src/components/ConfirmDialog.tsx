import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { DialogButtons } from './DialogButtons';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button for actions that remove something. */
  destructive?: boolean;
  /** The confirm action is running: buttons are disabled and the dialog stays open. */
  busy?: boolean;
  /** The words of a failed confirm action (the dialog stays open so the user can retry). */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question before an action that cannot be undone easily. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    open,
    title,
    children,
    confirmLabel,
    cancelLabel = 'Cancel',
    destructive,
    busy,
    error,
    onConfirm,
    onClose,
  } = props;
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Typography id={bodyId} variant="body1" component="div">
          {children}
        </Typography>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogButtons
        busy={busy}
        onCancel={onClose}
        cancelLabel={cancelLabel}
        confirmLabel={confirmLabel}
        onConfirm={onConfirm}
        destructive={destructive}
      />
    </Dialog>
  );
}
