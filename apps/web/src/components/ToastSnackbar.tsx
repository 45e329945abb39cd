import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export interface ToastSnackbarProps {
  open: boolean;
  message: string;
  severity: AlertColor;
  durationMs: number;
  onClose: () => void;
}

/** The toast itself (Toast.tsx loads it with the first toast, it is not needed for any first paint). */
export function ToastSnackbar({ open, message, severity, durationMs, onClose }: ToastSnackbarProps) {
  return (
    <Snackbar
      open={open}
      autoHideDuration={durationMs}
      onClose={(_e, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert onClose={onClose} severity={severity} variant="filled" sx={{ width: '100%' }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
