import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

/** The quiet "← Back to …" link above a page's title: one look on every screen that has one. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button
      component={RouterLink}
      to={to}
      startIcon={<ArrowBackIcon />}
      size="small"
      sx={{ alignSelf: 'flex-start', ml: -1, color: 'text.secondary' }}
    >
      {children}
    </Button>
  );
}
