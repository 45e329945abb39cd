import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import { Navigate } from 'react-router';
import { useAuth } from 'react-oidc-context';
import { Logo, LogoMark } from '../../../components/Logo';
import { FullPageSpinner } from '../../../components/FullPageSpinner';
import { DEFAULT_RETURN_PATH, LOGIN_FAILED } from '../../../lib/auth';
import { useSignIn } from '../../../lib/auth-hooks';
import { rememberedOrgId } from '../../../lib/storage';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../api';
import { postLoginDestination } from '../routing';
import { HeroIllustration } from './HeroIllustration';

interface Feature {
  icon: ReactNode;
  title: string;
  text: string;
}

const PROMISES: Feature[] = [
  {
    icon: <CloudUploadOutlinedIcon />,
    title: 'Upload your catalog',
    text: 'Add your products with photos, order units, wholesale and retail prices. Your catalog becomes a private storefront for your retailers.',
  },
  {
    icon: <TuneIcon />,
    title: 'Customize your terms',
    text: 'Set order minimums by item count and by order value, with separate rules for new and returning customers.',
  },
  {
    icon: <ShoppingCartOutlinedIcon />,
    title: 'Allow retailers to order online',
    text: 'Invite retailers by e-mail. They browse your store, fill a cart, choose shipping and pay by card, any time of day.',
  },
];

const STEPS = [
  { title: 'Create your store', text: 'Add your brand, products and wholesale terms.' },
  { title: 'Invite your retailers', text: 'Each invite opens your storefront to one customer.' },
  { title: 'Receive orders', text: 'Paid orders arrive ready to pack and ship.' },
];

function AuthButtons({ size = 'medium', inverted = false }: { size?: 'medium' | 'large'; inverted?: boolean }) {
  const signIn = useSignIn();
  return (
    <>
      <Button
        variant="contained"
        size={size}
        onClick={() => void signIn({ signUp: true, returnTo: '/details' })}
        sx={inverted ? { bgcolor: '#ffffff', color: 'primary.dark', '&:hover': { bgcolor: '#f1edff' } } : undefined}
      >
        Sign Up
      </Button>
      <Button
        variant={inverted ? 'text' : 'outlined'}
        size={size}
        onClick={() => void signIn({ returnTo: DEFAULT_RETURN_PATH })}
        sx={
          inverted
            ? { color: '#ffffff', '&:hover': { bgcolor: 'rgba(255,255,255,0.12)' } }
            : { bgcolor: 'background.paper' }
        }
      >
        Login
      </Button>
    </>
  );
}

export function LandingPage() {
  const auth = useAuth();
  const user = useCurrentUser({ enabled: auth.isAuthenticated });

  if (auth.isAuthenticated && user.data !== undefined) {
    return <Navigate to={postLoginDestination(user.data, '/', rememberedOrgId())} replace />;
  }
  if (auth.activeNavigator === 'signinRedirect') return <FullPageSpinner label="Redirecting to sign in" showLabel />;
  if (auth.isLoading || (auth.isAuthenticated && user.isPending)) return <FullPageSpinner />;

  const problem =
    auth.error?.source === 'signinRedirect'
      ? `${LOGIN_FAILED}: ${auth.error.message}`
      : user.error
        ? errorMessage(user.error)
        : null;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', overflowX: 'hidden' }}>
      <Box
        component="header"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 10,
          bgcolor: 'rgba(247, 246, 251, 0.85)',
          backdropFilter: 'blur(10px)',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1.5 }}>
          <Box sx={{ flexGrow: 1, display: 'flex' }}>
            <Logo height={28} />
          </Box>
          <Stack direction="row" spacing={1}>
            <AuthButtons />
          </Stack>
        </Container>
      </Box>

      <Box component="main" sx={{ flexGrow: 1 }}>
        {problem && (
          <Container maxWidth="lg" sx={{ pt: 3 }}>
            <Alert severity="error">{problem}</Alert>
          </Container>
        )}

        <Box
          component="section"
          aria-labelledby="hero-title"
          sx={{
            background:
              'radial-gradient(800px 400px at 85% 10%, rgba(242, 182, 76, 0.16), transparent 60%), radial-gradient(900px 500px at 0% 0%, rgba(110, 86, 207, 0.14), transparent 60%)',
          }}
        >
          <Container
            maxWidth="lg"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: '1.05fr 0.95fr' },
              alignItems: 'center',
              gap: { xs: 4, md: 6 },
              py: { xs: 6, md: 10 },
            }}
          >
            <Stack spacing={3}>
              <Typography variant="overline" sx={{ color: 'primary.main' }}>
                Wholesale ordering for brands and retailers
              </Typography>
              <Typography
                id="hero-title"
                variant="h1"
                sx={{ color: 'text.primary', fontSize: { xs: '2.6rem', sm: '3.4rem', md: '4rem' }, lineHeight: 1.05 }}
              >
                Automate Your Wholesale
              </Typography>
              <Typography variant="h6" component="p" sx={{ color: 'text.secondary', fontWeight: 400, maxWidth: 520 }}>
                Upload your catalog, customize your terms, and allow retailers to order online. One place for your
                products, your customers and their orders.
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1 }}>
                <AuthButtons size="large" />
              </Stack>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <CheckCircleIcon fontSize="small" sx={{ color: 'info.main' }} aria-hidden />
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  Sign up free. Set up your store at your own pace.
                </Typography>
              </Stack>
            </Stack>
            <Box sx={{ maxWidth: { xs: 420, md: 520 }, width: '100%', mx: 'auto' }}>
              <HeroIllustration />
            </Box>
          </Container>
        </Box>

        <Container component="section" aria-labelledby="features-title" maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
          <Stack spacing={1.5} sx={{ textAlign: 'center', alignItems: 'center', mb: { xs: 4, md: 6 } }}>
            <Typography variant="overline" sx={{ color: 'primary.main' }}>
              Why Cratebase
            </Typography>
            <Typography
              id="features-title"
              variant="h3"
              component="h2"
              sx={{ color: 'text.primary', fontSize: { xs: '1.9rem', md: '2.5rem' } }}
            >
              Everything your wholesale business needs
            </Typography>
            <Typography variant="body1" sx={{ maxWidth: 600 }}>
              Replace spreadsheets, phone calls and e-mailed order forms with a storefront made for repeat wholesale
              buyers.
            </Typography>
          </Stack>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}>
            {PROMISES.map((item) => (
              <Card key={item.title} component="article" sx={{ height: '100%' }}>
                <CardContent sx={{ p: 4, '&:last-child': { pb: 4 } }}>
                  <Box
                    aria-hidden
                    sx={{
                      width: 52,
                      height: 52,
                      borderRadius: 3,
                      display: 'grid',
                      placeItems: 'center',
                      mb: 2.5,
                      color: 'primary.main',
                      bgcolor: 'rgba(110, 86, 207, 0.1)',
                      '& svg': { fontSize: 28 },
                    }}
                  >
                    {item.icon}
                  </Box>
                  <Typography variant="h6" component="h3" sx={{ color: 'text.primary', mb: 1 }}>
                    {item.title}
                  </Typography>
                  <Typography variant="body1">{item.text}</Typography>
                </CardContent>
              </Card>
            ))}
          </Box>
        </Container>

        <Box
          component="section"
          aria-labelledby="steps-title"
          sx={{ bgcolor: 'background.paper', borderBlock: 1, borderColor: 'divider' }}
        >
          <Container maxWidth="lg" sx={{ py: { xs: 6, md: 8 } }}>
            <Typography
              id="steps-title"
              variant="h4"
              component="h2"
              sx={{ color: 'text.primary', textAlign: 'center', mb: { xs: 4, md: 5 } }}
            >
              Up and running in three steps
            </Typography>
            <Box
              component="ol"
              sx={{
                listStyle: 'none',
                m: 0,
                p: 0,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
                gap: { xs: 3, md: 4 },
              }}
            >
              {STEPS.map((step, index) => (
                <Stack component="li" key={step.title} direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                  <Box
                    aria-hidden
                    sx={{
                      width: 40,
                      height: 40,
                      flexShrink: 0,
                      borderRadius: '50%',
                      display: 'grid',
                      placeItems: 'center',
                      fontWeight: 700,
                      color: 'secondary.contrastText',
                      bgcolor: 'secondary.main',
                    }}
                  >
                    {index + 1}
                  </Box>
                  <Box>
                    <Typography variant="subtitle1" component="h3" sx={{ color: 'text.primary', fontWeight: 600 }}>
                      {step.title}
                    </Typography>
                    <Typography variant="body2">{step.text}</Typography>
                  </Box>
                </Stack>
              ))}
            </Box>
          </Container>
        </Box>

        <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
          <Box
            component="section"
            aria-labelledby="cta-title"
            sx={{
              borderRadius: 5,
              px: { xs: 3, sm: 6 },
              py: { xs: 5, sm: 7 },
              textAlign: 'center',
              color: '#ffffff',
              background: 'linear-gradient(135deg, #7c64dc 0%, #5641b3 100%)',
            }}
          >
            <Typography
              id="cta-title"
              variant="h3"
              component="h2"
              sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' }, mb: 1.5 }}
            >
              Sign up free
            </Typography>
            <Typography variant="h6" component="p" sx={{ color: 'rgba(255,255,255,0.85)', fontWeight: 400, mb: 4 }}>
              Open your wholesale store today and invite your first retailers.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
              <AuthButtons size="large" inverted />
            </Stack>
          </Box>
        </Container>
      </Box>

      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 4 }}>
        <Container
          maxWidth="lg"
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: 'center',
            gap: 1.5,
            justifyContent: 'space-between',
          }}
        >
          <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
            <LogoMark height={24} title="" />
            <Typography variant="body2" sx={{ fontWeight: 600, color: 'text.primary' }}>
              Cratebase
            </Typography>
          </Stack>
          <Typography variant="body2">
            © {new Date().getFullYear()} Cratebase. Wholesale ordering, simplified.
          </Typography>
        </Container>
      </Box>
    </Box>
  );
}

export default LandingPage;
