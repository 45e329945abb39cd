import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

export interface EmptyStateProps {
  /** The picture, e.g. a TintedIcon. */
  icon: ReactNode;
  title: ReactNode;
  /** One or two sentences on what will appear here and how. */
  children: ReactNode;
  /** A button that fills the empty place (invite, add…). */
  action?: ReactNode;
  sx?: SxProps<Theme>;
}

/** What an empty list shows instead: a picture, a title, a sentence and what to do next. */
export function EmptyState({ icon, title, children, action, sx }: EmptyStateProps) {
  return (
    <Stack spacing={1.5} sx={[{ alignItems: 'center' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {icon}
      <Typography variant="subtitle1" component="p" sx={{ color: 'text.primary' }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ maxWidth: 420 }}>
        {children}
      </Typography>
      {action}
    </Stack>
  );
}
