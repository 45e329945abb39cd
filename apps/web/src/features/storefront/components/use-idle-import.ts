import { useEffect, useState } from 'react';

/** Runs `task` when the browser is idle after the first paint (at the latest after two seconds). */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

/**
 * A module that is not needed for the first paint (a tooltip, a drawer): loaded once the
 * browser is idle, or at once when `now` turns true (the user asks for it). Null until loaded;
 * a module that fails to load stays null.
 */
export function useIdleImport<T>(load: () => Promise<T>, now = false): T | null {
  const [module, setModule] = useState<T | null>(null);
  const [wanted, setWanted] = useState(false);

  useEffect(() => whenIdle(() => setWanted(true)), []);

  const start = wanted || now;
  useEffect(() => {
    if (!start || module) return;
    let active = true;
    load().then(
      (loaded) => {
        if (active && loaded) setModule(() => loaded);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [start, module, load]);

  return module;
}
