import { vi } from 'vitest';

/**
 * For the rest of the test, media queries that contain `fragment` match and others do not
 * (jsdom has no matchMedia of its own). Undone after each test (test/setup.ts).
 */
export function matchingMedia(fragment: string) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes(fragment),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/** Phone width: MUI's `theme.breakpoints.down('sm')` query matches. */
export function atPhoneWidth() {
  matchingMedia('max-width:599.95px');
}
