// Two latin font files (regular, and semibold for 500–700): see fonts.css.
import './fonts.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadConfig } from './lib/config';
import { importWithReload, reloadOnceForChunkError } from './lib/chunk-reload';

// A preload of a code-split chunk failed (usually a new deployment): reload once.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForChunkError()) event.preventDefault();
});

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const root = createRoot(container);
const config = loadConfig();

/** True when oidc-client-ts has a signed-in user in this browser (its `oidc.user:…` entry). */
function hasStoredSession(storage: Storage = window.localStorage): boolean {
  try {
    for (let i = 0; i < storage.length; i += 1) {
      if (storage.key(i)?.startsWith('oidc.user:')) return true;
    }
  } catch {
    /* storage unavailable: nobody can be signed in */
  }
  return false;
}

async function showBootError(error: unknown) {
  const { BootError } = await import('./app/BootError');
  const message = error instanceof Error && error.message ? error.message : 'An unexpected error occurred';
  root.render(<BootError message={message} />);
}

/**
 * Starts loading the buyer's or the seller's chunks (their frame and first screens: vite.config.ts)
 * together with the app's, instead of one round trip later when the router asks for the route.
 */
function preloadAreaChunks(pathname: string) {
  const ignore = () => undefined;
  if (pathname.startsWith('/storefront')) void import('./features/storefront/components/BuyerShell').catch(ignore);
  else if (pathname.startsWith('/app/')) void import('./features/seller/shell/components/SellerShell').catch(ignore);
}

/** Loads the app (router, MUI; the OIDC client follows after the first paint) and renders the current path. */
async function startApp() {
  try {
    // The router starts loading the current route's chunk while the configuration loads.
    const app = import('./app/App').then((module) => ({ module, router: module.createAppRouter() }));
    preloadAreaChunks(window.location.pathname);
    const [{ module, router }, appConfig] = await Promise.all([app, config]);
    module.renderApp(root, appConfig, router);
  } catch (error) {
    await showBootError(error);
  }
}

/**
 * The landing page for an anonymous visitor, in a chunk of its own (plain React and CSS): the
 * entry stays what every page needs, so a signed-in buyer's first load does not carry it.
 */
async function startLanding() {
  config.catch(() => undefined);
  try {
    const { StandaloneLanding } = await importWithReload(() => import('./app/StandaloneLanding'))();
    root.render(
      <StrictMode>
        <StandaloneLanding config={config} />
      </StrictMode>,
    );
  } catch (error) {
    await showBootError(error);
    return;
  }
  window.addEventListener('load', () => {
    const warm = () => void import('./app/App').catch(() => undefined);
    if ('requestIdleCallback' in window) window.requestIdleCallback(warm, { timeout: 5000 });
    else setTimeout(warm, 2000);
  });
}

// An anonymous visitor on / sees the landing page as soon as its chunk arrives: the OIDC client
// loads when Sign Up or Login is clicked, the rest of the app after the page has loaded (ready
// for the way back from the sign-in page).
if (window.location.pathname === '/' && !hasStoredSession()) void startLanding();
else void startApp();
