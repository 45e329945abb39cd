import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// Each test renders into a fresh document and restores stubbed globals (fetch).
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
