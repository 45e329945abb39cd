import '@fontsource/ibm-plex-sans/400.css';
import '@fontsource/ibm-plex-sans/500.css';
import '@fontsource/ibm-plex-sans/600.css';
import '@fontsource/ibm-plex-sans/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { hasStoredSession, StandaloneLanding } from './app/StandaloneLanding';
import { loadConfig } from './lib/config';
import { reloadOnceForChunkError } from './lib/chunk-reload';

// A preload of a code-split chunk failed (usually a new deployment): reload once.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForChunkError()) event.preventDefault();
});

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const root = createRoot(container);
const config = loadConfig();

/** Loads the app (router, MUI; the OIDC client follows after the first paint) and renders the current path. */
async function startApp() {
  try {
    // The router starts loading the current route's chunk while the configuration loads.
    const app = import('./app/App').then((module) => ({ module, router: module.createAppRouter() }));
    const [{ module, router }, appConfig] = await Promise.all([app, config]);
    module.renderApp(root, appConfig, router);
  } catch (error) {
    const { BootError } = await import('./app/BootError');
    const message = error instanceof Error && error.message ? error.message : 'An unexpected error occurred';
    root.render(<BootError message={message} />);
  }
}

// An anonymous visitor on / sees the landing page at once, drawn from this chunk alone: the
// OIDC client loads when Sign Up or Login is clicked, the rest of the app after the page has
// loaded (ready for the way back from the sign-in page).
if (window.location.pathname === '/' && !hasStoredSession()) {
  config.catch(() => undefined);
  root.render(
    <StrictMode>
      <StandaloneLanding config={config} />
    </StrictMode>,
  );
  window.addEventListener('load', () => {
    const warm = () => void import('./app/App').catch(() => undefined);
    if ('requestIdleCallback' in window) window.requestIdleCallback(warm, { timeout: 5000 });
    else setTimeout(warm, 2000);
  });
} else {
  void startApp();
}
