import { useId, useRef, useState, type ReactNode } from 'react';
import {
  ACCEPTED_IMAGE_INPUT,
  ACCEPTED_IMAGE_TYPES,
  isSquare,
  MEDIA_MAX_BYTES_DEFAULT,
  type MediaPurpose,
  type UploadedMedia,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { apiPath, apiUpload, errorMessage } from '../lib/api';
import { useFileDrop } from '../lib/use-file-drop';

/** Human name of the accepted types, for messages and hints. */
export const ACCEPTED_IMAGE_NAMES = 'PNG, GIF or JPEG (WebP works too)';

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** Type and size problems that need no decoding; null when the file may be an image we take. */
export function imageFileProblem(file: File, maxBytes = MEDIA_MAX_BYTES_DEFAULT): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return `“${file.name}” is not an image we accept. Use a ${ACCEPTED_IMAGE_NAMES} file.`;
  }
  if (file.size > maxBytes) {
    return `“${file.name}” is larger than ${megabytes(maxBytes)}. Choose a smaller image.`;
  }
  return null;
}

/** Reads an image's pixel size in the browser (before uploading). */
export async function readImageSize(file: Blob): Promise<{ width: number; height: number }> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size;
    } catch {
      // fall back to an <img> (older Safari cannot decode some files as bitmaps)
    }
  }
  const url = URL.createObjectURL(file);
  try {
    return await new Promise((resolve, reject) => {
      const img = new Image();
      img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
      img.onerror = () => reject(new Error('unreadable'));
      img.src = url;
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

export type ImageCheck = { ok: true; width: number; height: number; note?: string } | { ok: false; message: string };

/**
 * Checks a picked file before it is uploaded: type, size, and for logos and product photos
 * that it is square (the server checks again and its message is shown too).
 */
export async function checkImageFile(file: File, purpose: MediaPurpose): Promise<ImageCheck> {
  const problem = imageFileProblem(file);
  if (problem) return { ok: false, message: problem };
  let size: { width: number; height: number };
  try {
    size = await readImageSize(file);
  } catch {
    return { ok: false, message: `“${file.name}” could not be read as an image. Use a ${ACCEPTED_IMAGE_NAMES} file.` };
  }
  const { width, height } = size;
  if ((purpose === 'logo' || purpose === 'product') && !isSquare(width, height)) {
    const what = purpose === 'logo' ? 'The logo' : 'Product photos';
    return {
      ok: false,
      message: `${what} must be square: “${file.name}” is ${width}×${height} px. Crop it to the same width and height and try again.`,
    };
  }
  if (purpose === 'splash' && width <= height) {
    return {
      ok: true,
      width,
      height,
      note: `This photo is ${width}×${height} px. A wide landscape photo (about 3 times wider than tall) fills the banner best.`,
    };
  }
  return { ok: true, width, height };
}

/** POST /api/media/{org_id}/upload with progress; the server answers the stored media. */
export function uploadImage(
  orgId: string,
  file: File,
  purpose: MediaPurpose,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedMedia> {
  return apiUpload<UploadedMedia>(`${apiPath`/api/media/${orgId}/upload`}?purpose=${purpose}`, file, {
    onProgress,
    signal,
  });
}

export interface ImageUploadProps {
  orgId: string;
  purpose: 'logo' | 'splash';
  /** Accessible name of the picker, e.g. "Upload brand logo". */
  label: string;
  /** The current image (shown as the preview). */
  currentUrl: string | null | undefined;
  /** Shown under the preview: the shape and size that work best. */
  hint: ReactNode;
  /** Store the uploaded image (e.g. on the image set). Errors are shown under the preview. */
  onUploaded: (media: UploadedMedia) => Promise<unknown>;
  /** Clears the image; the Remove button shows only when given and an image is set. */
  onRemove?: () => Promise<unknown>;
}

type Phase = { kind: 'idle' } | { kind: 'uploading'; progress: number } | { kind: 'saving' };

/**
 * One image slot of the store set-up: a preview (square for the logo, wide for the cover),
 * a picker that also takes a dropped file, client-side checks, an upload progress bar and the
 * server's message when it refuses the file.
 */
export function ImageUpload({ orgId, purpose, label, currentUrl, hint, onUploaded, onRemove }: ImageUploadProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const busy = phase.kind !== 'idle';
  const square = purpose === 'logo';

  async function handleFile(file: File | undefined) {
    if (!file || busy) return;
    setError(null);
    setNote(null);
    const check = await checkImageFile(file, purpose);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setNote(check.note ?? null);
    setPhase({ kind: 'uploading', progress: 0 });
    try {
      const media = await uploadImage(orgId, file, purpose, (progress) => setPhase({ kind: 'uploading', progress }));
      setPhase({ kind: 'saving' });
      await onUploaded(media);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPhase({ kind: 'idle' });
    }
  }

  async function remove() {
    if (!onRemove) return;
    setError(null);
    setNote(null);
    setPhase({ kind: 'saving' });
    try {
      await onRemove();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPhase({ kind: 'idle' });
    }
  }

  const { dragging, dropHandlers } = useFileDrop((files) => void handleFile(files[0]), { busy });

  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <Box
        {...dropHandlers}
        sx={{
          position: 'relative',
          width: square ? { xs: 140, sm: 168 } : '100%',
          aspectRatio: square ? '1 / 1' : '3 / 1',
          minHeight: square ? undefined : 120,
          borderRadius: 3,
          overflow: 'hidden',
          border: 2,
          borderStyle: currentUrl && !dragging ? 'solid' : 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'rgba(110, 86, 207, 0.06)' : '#fbfaff',
          display: 'grid',
          placeItems: 'center',
          transition: 'border-color 120ms, background-color 120ms',
        }}
      >
        {currentUrl ? (
          <Box
            component="img"
            src={currentUrl}
            alt={square ? 'Current brand logo' : 'Current cover photo'}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <Stack spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary', px: 2, textAlign: 'center' }}>
            <AddPhotoAlternateOutlinedIcon sx={{ fontSize: 32, color: 'primary.light' }} aria-hidden />
            <Typography variant="caption">
              {square ? 'No logo yet' : 'No cover photo yet'}
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {' '}
                · drop an image here
              </Box>
            </Typography>
          </Stack>
        )}
        {phase.kind !== 'idle' && (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              bgcolor: 'rgba(255,255,255,0.82)',
              display: 'grid',
              placeItems: 'center',
              px: 2,
            }}
          >
            <Box sx={{ width: '80%', maxWidth: 260 }}>
              <Typography variant="caption" sx={{ display: 'block', mb: 0.75, fontWeight: 600, color: 'text.primary' }}>
                {phase.kind === 'uploading' ? `Uploading… ${Math.round(phase.progress * 100)}%` : 'Saving…'}
              </Typography>
              <LinearProgress
                variant={phase.kind === 'uploading' ? 'determinate' : 'indeterminate'}
                value={phase.kind === 'uploading' ? phase.progress * 100 : undefined}
                aria-label={phase.kind === 'uploading' ? `Uploading ${square ? 'logo' : 'cover photo'}` : 'Saving'}
                sx={{ height: 6, borderRadius: 3 }}
              />
            </Box>
          </Box>
        )}
      </Box>

      <Typography variant="body2">{hint}</Typography>

      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={ACCEPTED_IMAGE_INPUT}
        aria-label={label}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          void handleFile(file);
        }}
      />

      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" onClick={() => inputRef.current?.click()} disabled={busy}>
          {currentUrl ? 'Replace' : square ? 'Upload logo' : 'Upload cover photo'}
        </Button>
        {onRemove && currentUrl && (
          <Button color="inherit" onClick={() => void remove()} disabled={busy}>
            Remove
          </Button>
        )}
      </Stack>

      {note && !error && (
        <Alert severity="warning" onClose={() => setNote(null)}>
          {note}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
