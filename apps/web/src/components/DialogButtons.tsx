import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';

export interface DialogButtonsProps {
  /** The action is running: both buttons are disabled and the confirm button shows a spinner. */
  busy?: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  confirmLabel: string;
  /** Runs the action; without it the confirm button submits the dialog's form. */
  onConfirm?: () => void;
  /** Disables the confirm button for another reason (nothing to save yet, still loading). */
  confirmDisabled?: boolean;
  /** A red confirm button, for actions that remove something. */
  destructive?: boolean;
  confirmMinWidth?: number;
}

/** The Cancel and confirm buttons at the bottom of a dialog. */
export function DialogButtons({
  busy = false,
  onCancel,
  cancelLabel = 'Cancel',
  confirmLabel,
  onConfirm,
  confirmDisabled = false,
  destructive = false,
  confirmMinWidth,
}: DialogButtonsProps) {
  return (
    <DialogActions sx={{ px: 3, pb: 2.5 }}>
      <Button onClick={onCancel} color="inherit" disabled={busy}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        variant="contained"
        color={destructive ? 'error' : 'primary'}
        disabled={busy || confirmDisabled}
        startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        sx={confirmMinWidth ? { minWidth: confirmMinWidth } : undefined}
      >
        {confirmLabel}
      </Button>
    </DialogActions>
  );
}
