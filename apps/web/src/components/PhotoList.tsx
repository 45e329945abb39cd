import type { ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';

export interface PhotoItem {
  /** The media id (also the sortable id). */
  id: string;
  url: string;
}

/** The list after dragging `activeId` onto `overId`; the same list when nothing moves. */
export function reorderPhotos<T extends { id: string }>(photos: T[], activeId: string, overId: string | null): T[] {
  if (!overId || activeId === overId) return photos;
  const from = photos.findIndex((p) => p.id === activeId);
  const to = photos.findIndex((p) => p.id === overId);
  if (from < 0 || to < 0) return photos;
  return arrayMove(photos, from, to);
}

export interface PhotoListProps {
  photos: PhotoItem[];
  /** Called with the photos in their new order. */
  onReorder: (photos: PhotoItem[]) => void;
  onRemove: (id: string) => void;
  disabled?: boolean;
  /** More tiles after the photos (uploads in progress, the add button). */
  trailing?: ReactNode;
  /** Used in labels: "Photo 2 of 5 of {label}". */
  label?: string;
}

/** Tile size of the photo grid (px). */
export const PHOTO_TILE = 132;

function position(photos: PhotoItem[], id: string | number): string {
  return `${photos.findIndex((p) => p.id === id) + 1} of ${photos.length}`;
}

/**
 * Photos in display order (the first is the main photo): drag a tile to move it, or focus it
 * and press Space, the arrow keys and Space again; the × removes it.
 */
export function PhotoList({ photos, onReorder, onRemove, disabled, trailing, label = 'photos' }: PhotoListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up photo ${position(photos, active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `Photo ${position(photos, active.id)} is over position ${position(photos, over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `Photo moved to position ${position(photos, over.id)}.` : `Photo ${position(photos, active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving cancelled. Photo ${position(photos, active.id)} stays where it was.`,
  };

  function handleDragEnd(event: DragEndEvent) {
    const next = reorderPhotos(photos, String(event.active.id), event.over ? String(event.over.id) : null);
    if (next !== photos) onReorder(next);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a photo, press Space, then use the arrow keys, then press Space again to drop it or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={photos.map((p) => p.id)} strategy={rectSortingStrategy} disabled={disabled}>
        <Box
          role="list"
          aria-label={label}
          sx={{
            display: 'grid',
            gridTemplateColumns: `repeat(auto-fill, minmax(${PHOTO_TILE - 28}px, 1fr))`,
            gap: 1.5,
          }}
        >
          {photos.map((photo, index) => (
            <SortablePhoto
              key={photo.id}
              photo={photo}
              index={index}
              count={photos.length}
              disabled={disabled}
              onRemove={() => onRemove(photo.id)}
            />
          ))}
          {trailing}
        </Box>
      </SortableContext>
    </DndContext>
  );
}

function SortablePhoto(props: {
  photo: PhotoItem;
  index: number;
  count: number;
  disabled?: boolean;
  onRemove: () => void;
}) {
  const { photo, index, count, disabled, onRemove } = props;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: photo.id,
    disabled,
  });
  const name = `Photo ${index + 1} of ${count}${index === 0 ? ' (main photo)' : ''}`;

  return (
    <Box
      role="listitem"
      ref={setNodeRef}
      data-photo-id={photo.id}
      sx={{
        position: 'relative',
        aspectRatio: '1 / 1',
        borderRadius: 2.5,
        overflow: 'hidden',
        border: 1,
        borderColor: index === 0 ? 'primary.light' : 'divider',
        bgcolor: '#f3f1f9',
        boxShadow: isDragging ? '0 10px 24px rgba(47,45,58,0.22)' : 'none',
        zIndex: isDragging ? 2 : undefined,
        transform: CSS.Transform.toString(transform),
        transition,
        '&:hover .photo-actions, &:focus-within .photo-actions': { opacity: 1 },
      }}
    >
      <Box
        {...attributes}
        {...listeners}
        aria-label={`${name}. Drag to reorder.`}
        aria-roledescription="sortable photo"
        sx={{
          width: '100%',
          height: '100%',
          cursor: disabled ? 'default' : isDragging ? 'grabbing' : 'grab',
          touchAction: 'none',
          outline: 'none',
          '&:focus-visible': { boxShadow: (t) => `inset 0 0 0 3px ${t.palette.primary.main}` },
        }}
      >
        <Box
          component="img"
          src={photo.url}
          alt=""
          draggable={false}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block', pointerEvents: 'none' }}
        />
      </Box>
      {index === 0 && (
        <Typography
          variant="caption"
          sx={{
            position: 'absolute',
            left: 6,
            bottom: 6,
            px: 0.75,
            borderRadius: 1,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 600,
            fontSize: 11,
            pointerEvents: 'none',
          }}
        >
          Main
        </Typography>
      )}
      <Box
        aria-hidden
        className="photo-actions"
        sx={{
          position: 'absolute',
          left: 4,
          top: 4,
          color: 'common.white',
          filter: 'drop-shadow(0 1px 2px rgba(0,0,0,0.5))',
          opacity: { xs: 1, md: 0.85 },
          pointerEvents: 'none',
          display: 'flex',
        }}
      >
        <DragIndicatorIcon fontSize="small" />
      </Box>
      <Tooltip title="Remove photo">
        <span style={{ position: 'absolute', right: 4, top: 4 }}>
          <IconButton
            size="small"
            aria-label={`Remove ${name.toLowerCase()}`}
            onClick={onRemove}
            disabled={disabled}
            sx={{
              bgcolor: 'rgba(255,255,255,0.92)',
              width: 28,
              height: 28,
              '&:hover': { bgcolor: 'common.white' },
            }}
          >
            <CloseIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
