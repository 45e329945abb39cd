import '@fontsource/ibm-plex-sans/400.css';
import '@fontsource/ibm-plex-sans/500.css';
import '@fontsource/ibm-plex-sans/600.css';
import '@fontsource/ibm-plex-sans/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { BootError } from './app/BootError';
import { createAppRouter } from './app/router';
import { createUserManager, setActiveUserManager } from './lib/auth';
import { loadConfig } from './lib/config';
import { errorMessage } from './lib/api';
import { createQueryClient } from './lib/query-client';
import { reloadOnceForChunkError } from './lib/chunk-reload';

// A preload of a code-split chunk failed (usually a new deployment): reload once.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForChunkError()) event.preventDefault();
});

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const root = createRoot(container);

// The router starts loading the current route's chunk while the configuration loads.
const router = createAppRouter();

loadConfig()
  .then((config) => {
    const userManager = createUserManager(config);
    setActiveUserManager(userManager);
    const queryClient = createQueryClient();
    root.render(
      <StrictMode>
        <App userManager={userManager} queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    root.render(<BootError message={errorMessage(error)} />);
  });
