import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A spinner in the middle of a content area (inside a shell) while its data loads. */
export function CenteredSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 12 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
