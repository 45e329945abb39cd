import type { ComponentType } from 'react';
import { importWithReload } from '../lib/chunk-reload';

/**
 * A react-router `lazy` loader for a module's component: code-split, and a failed chunk load
 * reloads the page once before the route's error boundary shows.
 *
 * The loader never rejects: react-router 7 keeps a route whose `lazy` rejected in its
 * "still loading" state and renders an empty page instead of the error boundary. A failure
 * becomes a component that throws while rendering, which the route's boundary catches.
 */
export function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const loadWithReload = importWithReload(load);
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      return { Component: pick(await loadWithReload()) };
    } catch (error) {
      return {
        Component: function FailedRoute() {
          throw error;
        },
      };
    }
  };
}
