import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Link as RouterLink } from 'react-router';
import { StatusPage } from './StatusPage';

export interface ErrorStatusPageProps {
  title: string;
  /** What went wrong, in a sentence or two. */
  children: ReactNode;
  onRetry: () => void;
  retryLabel?: string;
}

/** A StatusPage for a failure: the error icon, the message, a retry button and the way home. */
export function ErrorStatusPage({ title, children, onRetry, retryLabel = 'Try again' }: ErrorStatusPageProps) {
  return (
    <StatusPage
      icon={<ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} aria-hidden />}
      title={title}
      actions={
        <>
          <Button variant="contained" onClick={onRetry}>
            {retryLabel}
          </Button>
          <Button component={RouterLink} to="/" variant="outlined">
            Go to the home page
          </Button>
        </>
      }
    >
      <Typography variant="body1">{children}</Typography>
    </StatusPage>
  );
}
