import { useEffect, useRef, useState } from 'react';
import { ACCEPTED_IMAGE_INPUT, PRODUCT_LIMITS } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { checkImageFile, uploadImage } from '../../../../components/ImageUpload';
import { PhotoList, type PhotoItem } from '../../../../components/PhotoList';
import { errorMessage } from '../../../../lib/api';
import { useFileDrop } from '../../../../lib/use-file-drop';

interface Upload {
  key: number;
  name: string;
  progress: number;
  preview: string;
}

export interface ProductPhotosProps {
  orgId: string;
  photos: PhotoItem[];
  onChange: (photos: PhotoItem[]) => void;
  /** Tells the form while uploads are running (Save waits for them). */
  onUploadingChange?: (uploading: boolean) => void;
  disabled?: boolean;
}

let uploadKey = 0;

/** Product photos: square PNG/GIF/JPEG uploads with progress, drag to reorder, remove. */
export function ProductPhotos({ orgId, photos, onChange, onUploadingChange, disabled }: ProductPhotosProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  // The latest photos, for uploads that finish after other changes.
  const photosRef = useRef(photos);
  useEffect(() => {
    photosRef.current = photos;
  }, [photos]);

  useEffect(() => onUploadingChange?.(uploads.length > 0), [uploads.length, onUploadingChange]);

  const room = PRODUCT_LIMITS.photos - photos.length - uploads.length;

  async function addFiles(files: File[]) {
    if (files.length === 0 || disabled) return;
    setProblems([]);
    const found: string[] = [];
    const accepted = files.slice(0, Math.max(room, 0));
    if (files.length > accepted.length) {
      found.push(
        `A product can have up to ${PRODUCT_LIMITS.photos} photos; ${files.length - accepted.length} were not added.`,
      );
    }
    // Check every file first (refusals show at once), then upload one at a time so the
    // photos land in the order they were picked.
    const checks = await Promise.all(accepted.map((file) => checkImageFile(file, 'product')));
    const queue: Array<Upload & { file: File }> = [];
    accepted.forEach((file, index) => {
      const check = checks[index]!;
      if (!check.ok) found.push(check.message);
      else queue.push({ file, key: ++uploadKey, name: file.name, progress: 0, preview: URL.createObjectURL(file) });
    });
    setProblems([...found]);
    setUploads((list) => [...list, ...queue.map(({ file: _file, ...upload }) => upload)]);
    for (const { file, key, preview } of queue) {
      try {
        const media = await uploadImage(orgId, file, 'product', (progress) =>
          setUploads((list) => list.map((u) => (u.key === key ? { ...u, progress } : u))),
        );
        const next = [...photosRef.current, { id: media.id, url: media.variants['600'] ?? media.cloudinary_url }];
        photosRef.current = next;
        onChange(next);
      } catch (error) {
        found.push(`“${file.name}”: ${errorMessage(error)}`);
      } finally {
        URL.revokeObjectURL(preview);
        setUploads((list) => list.filter((u) => u.key !== key));
      }
    }
    setProblems(found);
  }

  const { dragging, dropHandlers } = useFileDrop((files) => void addFiles(files), { filesOnly: true });

  const tile = { aspectRatio: '1 / 1', borderRadius: 2.5 } as const;

  return (
    <Stack spacing={1.5}>
      <Box
        {...dropHandlers}
        sx={{
          borderRadius: 3,
          outline: dragging ? 2 : 0,
          outlineStyle: 'dashed',
          outlineColor: 'primary.main',
          outlineOffset: 4,
        }}
      >
        <PhotoList
          photos={photos}
          onReorder={onChange}
          onRemove={(id) => onChange(photos.filter((p) => p.id !== id))}
          disabled={disabled}
          label="Product photos"
          trailing={
            <>
              {uploads.map((upload) => (
                <Box
                  key={upload.key}
                  role="listitem"
                  aria-label={`Uploading ${upload.name}`}
                  sx={{ ...tile, position: 'relative', overflow: 'hidden', border: 1, borderColor: 'divider' }}
                >
                  <Box
                    component="img"
                    src={upload.preview}
                    alt=""
                    sx={{ width: '100%', height: '100%', objectFit: 'cover', opacity: 0.45 }}
                  />
                  <Box sx={{ position: 'absolute', left: 8, right: 8, bottom: 10 }}>
                    <Typography variant="caption" sx={{ fontWeight: 700, color: 'text.primary' }}>
                      {Math.round(upload.progress * 100)}%
                    </Typography>
                    <LinearProgress
                      variant="determinate"
                      value={upload.progress * 100}
                      aria-label={`Uploading ${upload.name}`}
                      sx={{ height: 6, borderRadius: 3 }}
                    />
                  </Box>
                </Box>
              ))}
              {room > 0 && (
                <Box role="listitem" sx={{ display: 'flex' }}>
                  <ButtonBase
                    onClick={() => inputRef.current?.click()}
                    disabled={disabled}
                    aria-label="Add photos"
                    sx={{
                      ...tile,
                      width: '100%',
                      border: 2,
                      borderStyle: 'dashed',
                      borderColor: 'divider',
                      color: 'primary.main',
                      bgcolor: '#fbfaff',
                      flexDirection: 'column',
                      gap: 0.5,
                      '&:hover, &.Mui-focusVisible': {
                        borderColor: 'primary.main',
                        bgcolor: 'rgba(110, 86, 207, 0.06)',
                      },
                    }}
                  >
                    <AddPhotoAlternateOutlinedIcon />
                    <Typography variant="caption" sx={{ fontWeight: 600, color: 'primary.main' }}>
                      Add photos
                    </Typography>
                  </ButtonBase>
                </Box>
              )}
            </>
          }
        />
      </Box>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPTED_IMAGE_INPUT}
        multiple
        hidden
        aria-label="Upload product photos"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          void addFiles(files);
        }}
      />
      {problems.length > 0 && (
        <Alert severity="error" role="alert" onClose={() => setProblems([])}>
          {problems.length === 1 ? (
            problems[0]
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
    </Stack>
  );
}
