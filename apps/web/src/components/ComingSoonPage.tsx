import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { StatusPage } from './StatusPage';

/** A full page (outside the seller shell) whose screen arrives in a later release. */
export function ComingSoonPage({ title, icon, purpose }: { title: string; icon?: ReactNode; purpose?: string }) {
  return (
    <StatusPage
      icon={icon}
      title={title}
      actions={
        <Button component={RouterLink} to="/" variant="contained">
          Go to the home page
        </Button>
      }
    >
      <Typography variant="body1">
        {title} is coming in a later release of Cratebase.{purpose ? ` ${purpose}` : ''}
      </Typography>
    </StatusPage>
  );
}
