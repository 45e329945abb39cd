import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PhotoList, reorderPhotos, type PhotoItem } from './PhotoList';

const photos: PhotoItem[] = [
  { id: 'a', url: '/media/a.png' },
  { id: 'b', url: '/media/b.png' },
  { id: 'c', url: '/media/c.png' },
];

function Harness({ onReorder, onRemove }: { onReorder?: (p: PhotoItem[]) => void; onRemove?: (id: string) => void }) {
  const [list, setList] = useState(photos);
  return (
    <PhotoList
      photos={list}
      onReorder={(next) => {
        setList(next);
        onReorder?.(next);
      }}
      onRemove={(id) => {
        setList((l) => l.filter((p) => p.id !== id));
        onRemove?.(id);
      }}
      label="Product photos"
    />
  );
}

const order = () =>
  within(screen.getByRole('list', { name: 'Product photos' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('data-photo-id'));

describe('PhotoList', () => {
  // jsdom has no layout: give each tile a 100×100 box in a row so the keyboard sensor can move.
  const original = Element.prototype.getBoundingClientRect;
  beforeEach(() => {
    Element.prototype.getBoundingClientRect = function (this: Element) {
      const tile = this.closest('[data-photo-id]');
      if (!tile) return original.call(this);
      const items = Array.from(tile.parentElement?.children ?? []);
      const left = items.indexOf(tile) * 110;
      return {
        x: left,
        y: 0,
        left,
        top: 0,
        right: left + 100,
        bottom: 100,
        width: 100,
        height: 100,
        toJSON: () => ({}),
      } as DOMRect;
    };
  });
  afterEach(() => {
    Element.prototype.getBoundingClientRect = original;
  });

  it('renders the photos in order, the first marked as the main photo', () => {
    const { container } = render(<Harness />);
    expect(order()).toEqual(['a', 'b', 'c']);
    const images = Array.from(container.querySelectorAll('img'));
    expect(images.map((img) => img.getAttribute('src'))).toEqual(['/media/a.png', '/media/b.png', '/media/c.png']);
    expect(screen.getByRole('button', { name: /Photo 1 of 3 \(main photo\)/ })).toBeTruthy();
    expect(screen.getByText('Main')).toBeTruthy();
  });

  it('calls back to remove a photo', async () => {
    const onRemove = vi.fn();
    const user = userEvent.setup();
    render(<Harness onRemove={onRemove} />);
    await user.click(screen.getByRole('button', { name: 'Remove photo 2 of 3' }));
    expect(onRemove).toHaveBeenCalledWith('b');
    expect(order()).toEqual(['a', 'c']);
  });

  it('moves a photo with the keyboard: Space, arrow, Space', async () => {
    const onReorder = vi.fn();
    const user = userEvent.setup();
    render(<Harness onReorder={onReorder} />);
    const first = screen.getByRole('button', { name: /Photo 1 of 3/ });
    act(() => first.focus());
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowRight]');
    await user.keyboard('[Space]');
    await vi.waitFor(() => expect(onReorder).toHaveBeenCalledTimes(1));
    expect(onReorder.mock.calls[0]![0].map((p: PhotoItem) => p.id)).toEqual(['b', 'a', 'c']);
    expect(order()).toEqual(['b', 'a', 'c']);
  });

  it('reorders through the sortable handler', () => {
    expect(reorderPhotos(photos, 'c', 'a').map((p) => p.id)).toEqual(['c', 'a', 'b']);
    expect(reorderPhotos(photos, 'a', 'c').map((p) => p.id)).toEqual(['b', 'c', 'a']);
    expect(reorderPhotos(photos, 'a', 'a')).toBe(photos);
    expect(reorderPhotos(photos, 'a', null)).toBe(photos);
    expect(reorderPhotos(photos, 'x', 'a')).toBe(photos);
  });
});
