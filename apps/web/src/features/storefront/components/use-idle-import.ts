import { useEffect, useState } from 'react';
import { whenIdle } from '../../../lib/when-idle';

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
