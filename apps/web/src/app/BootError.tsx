import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CssBaseline from '@mui/material/CssBaseline';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { Logo } from '../components/Logo';
import { theme } from './theme';

/** Shown when the app cannot start (configuration unavailable). No router exists yet. */
export function BootError({ message }: { message: string }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Stack
        component="main"
        spacing={4}
        sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', px: 2 }}
      >
        <Logo height={36} />
        <Card sx={{ maxWidth: 480, width: '100%' }}>
          <CardContent sx={{ p: 4, '&:last-child': { pb: 4 } }}>
            <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }}>
              <Typography variant="h5" component="h1">
                Cratebase could not start
              </Typography>
              <Typography variant="body1">{message}</Typography>
              <Button variant="contained" onClick={() => window.location.reload()}>
                Try again
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Stack>
    </ThemeProvider>
  );
}
