import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

export interface ToastSnackbarProps {
  open: boolean;
  message: string;
  severity: AlertColor;
  durationMs: number;
  onClose: () => void;
}

/**
 * The toast itself (Toast.tsx loads it with the first toast, it is not needed for any first paint).
 * At phone width it shows at the top: full-screen dialogs keep their buttons at the bottom, where
 * a toast would sit over them (Close, Save) until it went.
 */
export function ToastSnackbar({ open, message, severity, durationMs, onClose }: ToastSnackbarProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Snackbar
      open={open}
      autoHideDuration={durationMs}
      onClose={(_e, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: phone ? 'top' : 'bottom', horizontal: 'center' }}
    >
      <Alert onClose={onClose} severity={severity} variant="filled" sx={{ width: '100%' }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
