import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorStatusPage } from '../components/ErrorStatusPage';
import { StatusPage } from '../components/StatusPage';
import { NotFoundPage } from '../components/NotFound';
import { isChunkLoadError } from '../lib/chunk-reload';
import { usePageTitle } from '../lib/use-page-title';

function InlineError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Stack spacing={2} sx={{ py: 6 }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Reload
          </Button>
        }
      >
        {message}
      </Alert>
    </Stack>
  );
}

/** The error boundary of every route; `inline` inside a shell (keeps the side panel). */
export function RouteError({ inline = false }: { inline?: boolean }) {
  usePageTitle('Something Went Wrong');
  const error = useRouteError();
  const reload = () => window.location.reload();

  if (inline) {
    const chunk = isChunkLoadError(error);
    return (
      <InlineError
        title={chunk ? 'This page could not be loaded' : 'Something went wrong'}
        message={
          chunk
            ? 'Part of Cratebase failed to download. Reloading usually fixes it.'
            : error instanceof Error && error.message
              ? error.message
              : 'An unexpected error occurred'
        }
        onRetry={reload}
      />
    );
  }

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  if (isChunkLoadError(error)) {
    return (
      <StatusPage
        icon={<CloudOffIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />}
        title="This page could not be loaded"
        actions={
          <Button variant="contained" onClick={reload}>
            Reload the page
          </Button>
        }
      >
        <Typography variant="body1">
          Part of Cratebase failed to download. This happens after an update or when the connection drops. Reloading
          usually fixes it.
        </Typography>
      </StatusPage>
    );
  }

  const message =
    error instanceof Error && error.message
      ? error.message
      : isRouteErrorResponse(error)
        ? `${error.status} ${error.statusText}`
        : 'An unexpected error occurred';

  return (
    <ErrorStatusPage title="Something went wrong" onRetry={reload}>
      {message}
    </ErrorStatusPage>
  );
}
