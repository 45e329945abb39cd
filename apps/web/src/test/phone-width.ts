import { vi } from 'vitest';

/**
 * Phone width for the rest of the test: MUI's `theme.breakpoints.down('sm')` media query
 * matches (jsdom has no matchMedia of its own). Undo with `vi.unstubAllGlobals()`.
 */
export function atPhoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width:599.95px'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
