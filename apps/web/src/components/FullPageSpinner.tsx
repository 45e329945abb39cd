import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export interface FullPageSpinnerProps {
  /** Read out by screen readers and shown under the spinner when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
}

export function FullPageSpinner({ label = 'Loading', showLabel = false }: FullPageSpinnerProps) {
  return (
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        bgcolor: 'background.default',
        zIndex: (theme) => theme.zIndex.modal - 1,
      }}
    >
      <CircularProgress aria-label={label} size={40} thickness={4.5} />
      {showLabel && (
        <Typography variant="body2" role="status">
          {label}
        </Typography>
      )}
    </Box>
  );
}
