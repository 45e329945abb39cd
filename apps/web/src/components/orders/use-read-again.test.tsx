import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useReadAgainWhenOpened } from './use-read-again';

describe('useReadAgainWhenOpened', () => {
  it('reads the order again when its dialog opens once more, not on the first opening or while open', () => {
    const refetch = vi.fn();
    const { rerender } = renderHook(({ open, at }) => useReadAgainWhenOpened({ refetch, dataUpdatedAt: at }, open), {
      initialProps: { open: true, at: 0 },
    });
    rerender({ open: true, at: 100 });
    expect(refetch).not.toHaveBeenCalled();
    rerender({ open: false, at: 100 });
    rerender({ open: true, at: 100 });
    expect(refetch).toHaveBeenCalledTimes(1);
    rerender({ open: true, at: 200 });
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
