import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Rows drawn above and below the visible ones, so fast scrolling and arrow keys meet drawn rows. */
const OVERSCAN = 8;

/**
 * Draws only the rows in view of a scrolling table whose rows all have one height (the quick
 * order sheet: a 100,000-product store scrolls as a small one does). Measures the scroller,
 * follows its scrolling and size, and answers the rows to draw, `first` to `last` (exclusive);
 * the table puts spacer rows of `first * rowHeight` above and the rest below.
 *
 * It also moves the keyboard focus to a row's input: the row is scrolled into view first (it may
 * not be drawn yet), then its input, registered with `inputRef(index)`, is focused and selected.
 * `resetKey` scrolls back to the top when it changes (a new filter).
 */
export function useRowWindow({
  rowCount,
  rowHeight,
  headerHeight,
  resetKey,
}: {
  rowCount: number;
  rowHeight: number;
  headerHeight: number;
  resetKey: unknown;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 640 });
  // The scroller exists once there are rows to show: measure it then.
  const hasRows = rowCount > 0;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setView({ top: element.scrollTop, height: element.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasRows]);
  const onScroll = () => {
    const element = scroller.current;
    if (element) setView({ top: element.scrollTop, height: element.clientHeight });
  };
  const first = Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN);
  const last = Math.min(rowCount, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN);

  // A new filter starts at the top.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [resetKey]);

  // ── Focus moved by index: scroll the row into view, then focus its input once it is drawn ──
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const focusInput = useCallback(
    (index: number) => {
      const element = scroller.current;
      if (element) {
        const rowTop = index * rowHeight;
        const visible = element.clientHeight - headerHeight;
        if (rowTop < element.scrollTop) element.scrollTop = rowTop;
        else if (rowTop + rowHeight > element.scrollTop + visible) element.scrollTop = rowTop + rowHeight - visible;
      }
      setFocusRow(index);
    },
    [rowHeight, headerHeight],
  );
  useLayoutEffect(() => {
    if (focusRow === null) return;
    const input = inputs.current.get(focusRow);
    if (!input) return;
    input.focus();
    input.select();
    setFocusRow(null);
  }, [focusRow, first, last]);
  const inputRef = (index: number) => (element: HTMLInputElement | null) => {
    if (element) inputs.current.set(index, element);
    else inputs.current.delete(index);
  };

  return { scroller, onScroll, first, last, focusInput, inputRef };
}
