import { alpha, createTheme } from '@mui/material/styles';

/** Spec section 9: IBM Plex Sans; soft purple, soft amber, soft green, soft red; muted grey text. */
const purple = '#6e56cf';
const amber = '#f2b64c';
const green = '#3f9f7a';
const red = '#c94a46';
const ink = '#2f2d3a';
const muted = '#5f5d6b';
const greenDark = '#2d7a5c';

export const SIDE_PANEL_WIDTH = 220;

/** The one corner radius of cards and outlined panels (Card, Paper, tables' containers). */
export const CARD_RADIUS = 16;

/**
 * The keyboard focus ring: 2 px solid primary, 2 px clear of the control. MUI draws it on every
 * ButtonBase control (buttons, icon buttons, list rows, tabs, clickable chips, menu items,
 * checkboxes, radios), drawn inside on those an overflow would clip (`focusVisible` below); plain
 * links and the skip link use the same ring.
 */
const focusRing = { outline: `2px solid ${purple}`, outlineOffset: 2 } as const;

/**
 * "Skip to main content": the first thing Tab reaches in the seller and buyer shells, out of
 * sight until it is focused. Points at the shell's <main id="main" tabIndex={-1}>.
 */
export const MAIN_ID = 'main';
export const skipLinkSx = {
  position: 'fixed',
  top: 8,
  left: 8,
  zIndex: 2000,
  px: 2,
  py: 1,
  borderRadius: '10px',
  bgcolor: 'background.paper',
  color: 'primary.dark',
  fontWeight: 600,
  boxShadow: 3,
  transform: 'translateY(-200%)',
  '&:focus, &:focus-visible': { transform: 'none', ...focusRing },
} as const;

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: purple, light: '#9b87e8', dark: '#5641b3', contrastText: '#ffffff' },
    secondary: { main: amber, light: '#f7cf85', dark: '#c98d1f', contrastText: '#3b2a05' },
    info: { main: green, light: '#7cc5a6', dark: greenDark, contrastText: '#0b2a1e' },
    success: { main: green, light: '#7cc5a6', dark: greenDark, contrastText: '#0b2a1e' },
    error: { main: red, light: '#e58a86', dark: '#a8332f', contrastText: '#ffffff' },
    warning: { main: '#e59a2f', contrastText: '#3b2a05' },
    text: { primary: ink, secondary: muted },
    background: { default: '#f7f6fb', paper: '#ffffff' },
    divider: '#e7e4f0',
  },
  shape: { borderRadius: 10 },
  focusVisible: { outlineColor: purple, outlineWidth: 2, outlineOffset: 2 },
  zIndex: { drawer: 1200, modal: 1300, snackbar: 1400, tooltip: 1500 },
  typography: {
    fontFamily: '"IBM Plex Sans", sans-serif',
    // Headings are ink on every page; body text is the muted grey (and the body's colour, which
    // headings would otherwise inherit).
    h1: { fontWeight: 700, letterSpacing: '-0.02em', color: ink },
    h2: { fontWeight: 700, letterSpacing: '-0.015em', color: ink },
    h3: { fontWeight: 700, letterSpacing: '-0.01em', color: ink },
    // h4 is every page's title (PageHeader): smaller on phones, on every page alike.
    h4: {
      fontWeight: 600,
      letterSpacing: '-0.01em',
      color: ink,
      fontSize: '2.125rem',
      '@media (max-width:599.95px)': { fontSize: '1.6rem' },
    },
    h5: { fontWeight: 600, color: ink },
    h6: { fontWeight: 600, color: ink },
    subtitle1: { fontWeight: 500 },
    subtitle2: { fontWeight: 600 },
    body1: { color: muted },
    body2: { color: muted },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
    overline: { fontWeight: 600, letterSpacing: '0.12em', lineHeight: 1.8 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
        '#root': { minHeight: '100vh' },
        // Links that are not MUI controls (a router link styled as text) get the same ring.
        'a:focus-visible:not(.MuiButtonBase-root, .MuiLink-root)': focusRing,
        [`#${MAIN_ID}:focus`]: { outline: 'none' },
      },
    },
    // Subtitles are emphasised text, not headings: a subtitle must not break the page's outline.
    MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
    MuiIconButton: { defaultProps: { disableFocusRipple: true } },
    MuiButton: {
      // The focus ring (focusVisible above) shows keyboard focus; a ripple under it only blurs it.
      defaultProps: { disableElevation: true, disableFocusRipple: true },
      styleOverrides: {
        root: { borderRadius: 10, paddingInline: 18 },
        sizeLarge: { paddingBlock: 10, fontSize: '1rem' },
      },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: CARD_RADIUS, borderColor: '#e7e4f0' } },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: CARD_RADIUS } } },
    MuiBadge: { defaultProps: { max: 99 } },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
    MuiAlert: {
      styleOverrides: { root: { borderRadius: 12 } },
      // Filled green (toasts): white words need the darker green to be readable (5.2:1).
      variants: (['success', 'info'] as const).map((severity) => ({
        props: { variant: 'filled', severity },
        style: { backgroundColor: greenDark, color: '#ffffff' },
      })),
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiListItemButton: {
      styleOverrides: {
        root: ({ theme }) => ({
          borderRadius: 10,
          '&.Mui-selected': {
            backgroundColor: alpha(theme.palette.primary.main, 0.12),
            color: theme.palette.primary.dark,
            '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
          },
          '&.Mui-selected:hover': { backgroundColor: alpha(theme.palette.primary.main, 0.18) },
        }),
      },
    },
    MuiListItemIcon: { styleOverrides: { root: { minWidth: 36 } } },
    MuiTooltip: { defaultProps: { arrow: true } },
  },
});
