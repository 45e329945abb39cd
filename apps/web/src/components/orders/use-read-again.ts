import { useEffect, useRef } from 'react';

/**
 * Reads the order again each time its dialog opens (issue 23: the other side may have changed
 * it — a refund, a shipment, an answer to a claim), while the kept copy shows meanwhile. The
 * dialog stays mounted between openings, so a fresh mount cannot be relied on for it.
 */
export function useReadAgainWhenOpened(query: { refetch: () => unknown; dataUpdatedAt: number }, open: boolean): void {
  const wasOpen = useRef(open);
  const { refetch, dataUpdatedAt } = query;
  useEffect(() => {
    if (open && !wasOpen.current && dataUpdatedAt > 0) void refetch();
    wasOpen.current = open;
  }, [open, refetch, dataUpdatedAt]);
}
