import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type Paints = (list: { getEntries: () => Array<{ element: { tagName: string }; size: number }> }) => void;

/** A browser that reports largest paints: the test paints a heading or a photo. */
function browserReportingPaints() {
  const observers: Paints[] = [];
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = ['largest-contentful-paint'];
      constructor(callback: Paints) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {
        observers.splice(0, observers.length);
      }
    },
  );
  return (tagName: string, size = 358 * 358) => {
    for (const report of [...observers]) report({ getEntries: () => [{ element: { tagName }, size }] });
  };
}

describe('whenIdle', () => {
  it('runs the task once the browser is idle', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    whenIdle(task);
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('with afterPhoto, waits for a photo to be the largest paint (not a heading, not a small logo), then for idle', () => {
    vi.useFakeTimers();
    const paint = browserReportingPaints();
    const task = vi.fn();
    whenIdle(task, { afterPhoto: 4000 });
    paint('H1');
    paint('IMG', 30 * 30); // the shell's logo
    vi.advanceTimersByTime(3000);
    expect(task).not.toHaveBeenCalled();
    paint('IMG');
    vi.advanceTimersByTime(250);
    expect(task).toHaveBeenCalledTimes(1);
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('with afterPhoto, runs after that many milliseconds on a page without a photo; cancelled, never', () => {
    vi.useFakeTimers();
    browserReportingPaints();
    const task = vi.fn();
    whenIdle(task, { afterPhoto: 4000 });
    const cancelled = vi.fn();
    whenIdle(cancelled, { afterPhoto: 4000 })();
    vi.advanceTimersByTime(3999);
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
