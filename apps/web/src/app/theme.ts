import { alpha, createTheme } from '@mui/material/styles';

/** Spec section 9: IBM Plex Sans; soft purple, soft amber, soft green, soft red; muted grey text. */
const purple = '#6e56cf';
const amber = '#f2b64c';
const green = '#3f9f7a';
const red = '#c94a46';
const ink = '#2f2d3a';
const muted = '#5f5d6b';

export const SIDE_PANEL_WIDTH = 220;

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: purple, light: '#9b87e8', dark: '#5641b3', contrastText: '#ffffff' },
    secondary: { main: amber, light: '#f7cf85', dark: '#c98d1f', contrastText: '#3b2a05' },
    info: { main: green, light: '#7cc5a6', dark: '#2d7a5c', contrastText: '#0b2a1e' },
    success: { main: green, light: '#7cc5a6', dark: '#2d7a5c', contrastText: '#0b2a1e' },
    error: { main: red, light: '#e58a86', dark: '#a8332f', contrastText: '#ffffff' },
    warning: { main: '#e59a2f', contrastText: '#3b2a05' },
    text: { primary: ink, secondary: muted },
    background: { default: '#f7f6fb', paper: '#ffffff' },
    divider: '#e7e4f0',
  },
  shape: { borderRadius: 10 },
  zIndex: { drawer: 1200, modal: 1300, snackbar: 1400, tooltip: 1500 },
  typography: {
    fontFamily: '"IBM Plex Sans", sans-serif',
    h1: { fontWeight: 700, letterSpacing: '-0.02em' },
    h2: { fontWeight: 700, letterSpacing: '-0.015em' },
    h3: { fontWeight: 700, letterSpacing: '-0.01em' },
    h4: { fontWeight: 600, letterSpacing: '-0.01em' },
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
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
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 10, paddingInline: 18 },
        sizeLarge: { paddingBlock: 10, fontSize: '1rem' },
      },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 16, borderColor: '#e7e4f0' } },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 16 } } },
    MuiBadge: { defaultProps: { max: 99 } },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
    MuiAlert: { styleOverrides: { root: { borderRadius: 12 } } },
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
