import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// waitFor and findBy* give up after 1 s by default; a busy 2-core machine needs longer to
// render. A passing wait still returns as soon as the screen shows what it waits for.
configure({ asyncUtilTimeout: 15_000 });

// Each test renders into a fresh document and restores stubbed globals (fetch).
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
