/**
 * Background work that must not compete with the first paint: run when the browser is idle (at
 * the latest after `timeoutMs`). With `afterPhoto`, only once the page has painted a photo as
 * its largest element (a storefront's cover, a product's photo: the download it would slow) or
 * `afterPhoto` milliseconds have passed, whichever comes first — a single-page app's `load`
 * event fires before it has even asked for its photos. Returns a cancel function (an effect's
 * cleanup).
 */
/** The smallest painted image that counts as the page's photo: 200 × 200 CSS pixels. */
const PHOTO_AREA = 200 * 200;

export function whenIdle(task: () => void, options: { timeoutMs?: number; afterPhoto?: number } = {}): () => void {
  const timeout = options.timeoutMs ?? 2000;
  let cancelIdle: () => void = () => undefined;
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    stopWaiting();
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(task, { timeout });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(task, Math.min(timeout, 200));
      cancelIdle = () => window.clearTimeout(handle);
    }
  };

  let stopWaiting: () => void = () => undefined;
  const canObserve =
    typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('largest-contentful-paint');
  if (options.afterPhoto === undefined || !canObserve) {
    schedule();
  } else {
    const observer = new PerformanceObserver((list) => {
      const painted = list.getEntries() as Array<PerformanceEntry & { element?: Element | null; size?: number }>;
      // A photo, not the shell's 30 px logo painted first: at least PHOTO_AREA square CSS pixels.
      if (painted.some((entry) => entry.element?.tagName === 'IMG' && (entry.size ?? 0) >= PHOTO_AREA)) schedule();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    const deadline = window.setTimeout(schedule, options.afterPhoto);
    stopWaiting = () => {
      observer.disconnect();
      window.clearTimeout(deadline);
    };
  }
  return () => {
    stopWaiting();
    cancelIdle();
  };
}
