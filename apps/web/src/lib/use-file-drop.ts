import { useState, type DragEvent } from 'react';

/** The files of a drop (none when it carried something else). */
function droppedFiles(event: DragEvent): File[] {
  return Array.from(event.dataTransfer?.files ?? []);
}

export interface FileDropOptions {
  /** While busy the zone does not light up (the drop itself still reaches `onFiles`). */
  busy?: boolean;
  /** React only to drags that carry files, so dragging other things over the zone passes through. */
  filesOnly?: boolean;
}

/**
 * A drop zone for files: spread `dropHandlers` on the element, style it with `dragging`, and
 * `onFiles` gets the dropped files.
 */
export function useFileDrop(
  onFiles: (files: File[]) => void,
  { busy = false, filesOnly = false }: FileDropOptions = {},
) {
  const [dragging, setDragging] = useState(false);
  const accepts = (event: DragEvent) => !filesOnly || event.dataTransfer.types.includes('Files');
  const dropHandlers = {
    onDragOver: (event: DragEvent) => {
      if (!accepts(event)) return;
      event.preventDefault();
      if (!busy) setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      if (!accepts(event)) return;
      event.preventDefault();
      setDragging(false);
      onFiles(droppedFiles(event));
    },
  };
  return { dragging, dropHandlers };
}
