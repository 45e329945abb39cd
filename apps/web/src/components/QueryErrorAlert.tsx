import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { errorMessage } from '../lib/api';

export interface RetryAlertProps {
  onRetry: () => void;
  children: ReactNode;
  sx?: SxProps<Theme>;
}

/** An error message with a "Try again" button. */
export function RetryAlert({ onRetry, children, sx }: RetryAlertProps) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          Try again
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

export interface QueryErrorAlertProps {
  /** The failed query's error: its words are shown (the server's message when it sent one). */
  error: unknown;
  /** Runs the query again (e.g. `() => void query.refetch()`). */
  onRetry: () => void;
  /** Words before the error's message, such as "We could not load your stores." */
  prefix?: string;
  sx?: SxProps<Theme>;
}

/** A query that failed to load: its error and "Try again". */
export function QueryErrorAlert({ error, onRetry, prefix, sx }: QueryErrorAlertProps) {
  return (
    <RetryAlert onRetry={onRetry} sx={sx}>
      {prefix ? `${prefix} ${errorMessage(error)}` : errorMessage(error)}
    </RetryAlert>
  );
}
