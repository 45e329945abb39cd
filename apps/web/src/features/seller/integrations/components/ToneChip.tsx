import Chip from '@mui/material/Chip';

/**
 * A status as a small outlined chip: the border carries the tone (green done, red failed, grey
 * otherwise), the words stay in the text colour so they read at 4.5:1 on any tone.
 */
export function ToneChip({ label, tone }: { label: string; tone: 'success' | 'error' | 'default' }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={tone}
      label={label}
      sx={{
        fontWeight: 600,
        color: 'text.primary',
        ...(tone === 'error' ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : {}),
      }}
    />
  );
}
