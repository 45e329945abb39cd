import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Link as RouterLink } from 'react-router';
import { StatusPage } from './StatusPage';
import { TintedIcon } from './TintedIcon';

export const NOT_FOUND_TEXT = 'This page is not available.';

function NotFoundIcon() {
  return (
    <TintedIcon>
      <SearchOffIcon aria-hidden />
    </TintedIcon>
  );
}

/** The /404 page and every unknown top-level path. */
export function NotFoundPage({ hint }: { hint?: string }) {
  return (
    <StatusPage
      icon={<NotFoundIcon />}
      title={NOT_FOUND_TEXT}
      actions={
        <Button component={RouterLink} to="/" variant="contained">
          Go to the home page
        </Button>
      }
    >
      <Typography variant="body1">
        {hint ??
          'The link may be broken, or the page may have moved. Check the address or start again from the home page.'}
      </Typography>
    </StatusPage>
  );
}

/** Not-found inside a shell (the seller area keeps its side panel). */
export function NotFoundView({ homeTo, homeLabel }: { homeTo: string; homeLabel: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 6, md: 10 }, px: 2 }}>
      <NotFoundIcon />
      <Typography variant="h5" component="h1">
        {NOT_FOUND_TEXT}
      </Typography>
      <Typography variant="body1" sx={{ maxWidth: 440 }}>
        The link may be broken, or you may not have access to it.
      </Typography>
      <Button component={RouterLink} to={homeTo} variant="contained">
        {homeLabel}
      </Button>
    </Stack>
  );
}
