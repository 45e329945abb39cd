import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  ACCEPTED_IMAGE_INPUT,
  CLAIM_KINDS,
  CLAIM_KIND_LABELS,
  CLAIM_PHOTOS_MAX,
  ORDER_NOTE_MAX,
  REPORT_PROBLEM_LABEL,
  orderLabel,
  type ClaimKind,
  type CreateClaimBody,
  type Order,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { imageFileProblem } from '../../../../components/ImageUpload';
import { UnitCountFields, type UnitCounts } from '../../../../components/orders/UnitCountFields';
import { useToast } from '../../../../components/Toast';
import { ApiError, errorMessage } from '../../../../lib/api';
import { uploadClaimPhoto, useCreateClaim, useIdempotencyKey } from '../api';

/** Units of each line already in claims the seller has not declined. */
export function claimedUnits(order: Pick<Order, 'claims'>): Record<string, number> {
  const claimed: Record<string, number> = {};
  for (const claim of order.claims ?? []) {
    if (claim.status === 'declined') continue;
    for (const line of claim.lines) claimed[line.line_item_id] = (claimed[line.line_item_id] ?? 0) + line.quantity;
  }
  return claimed;
}

/** True when some units of the order have shipped (a problem can be reported). */
export function hasShippedUnits(order: Order): boolean {
  return order.cart.line_items.some((line) => (line.shipped_quantity ?? 0) > 0);
}

interface Photo {
  key: number;
  name: string;
  /** A preview of the picked file (an object URL), replaced by nothing once removed. */
  preview: string;
  progress: number;
  mediaId: string | null;
  error: string | null;
}

export interface ReportProblemDialogProps {
  order: Order;
  open: boolean;
  onClose: () => void;
}

/**
 * Report a problem with what shipped (issue 23 §5): damaged, missing or wrong items, how many
 * of each shipped line, a note the seller reads (required), and up to six photos — each
 * uploaded as soon as it is picked, shown as a thumbnail with a remove button.
 */
export function ReportProblemDialog({ order, open, onClose }: ReportProblemDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const kindId = useId();
  const toast = useToast();
  const create = useCreateClaim(order.id);
  const keyFor = useIdempotencyKey();
  const inputRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const [kind, setKind] = useState<ClaimKind | ''>('');
  const [quantities, setQuantities] = useState<UnitCounts>({});
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const photosRef = useRef(photos);
  photosRef.current = photos;
  // The previews go with the dialog.
  useEffect(() => () => photosRef.current.forEach((photo) => URL.revokeObjectURL(photo.preview)), []);

  const claimed = claimedUnits(order);
  const rows = order.cart.line_items
    .filter((line) => (line.shipped_quantity ?? 0) > 0)
    .map((line) => {
      const shipped = line.shipped_quantity ?? 0;
      const inClaims = claimed[line.id] ?? 0;
      return {
        id: line.id,
        name: line.name,
        max: Math.max(0, shipped - inClaims),
        caption: `${shipped} shipped${inClaims ? ` · ${inClaims} in another claim` : ''}`,
      };
    })
    .filter((row) => row.max > 0);
  const units = Object.values(quantities).reduce((sum, n) => sum + n, 0);
  const uploading = photos.some((photo) => !photo.mediaId && !photo.error);
  const serverError = create.error instanceof ApiError ? create.error : null;
  const noteIssue = serverError?.issueFor('note');
  const kindProblem = touched && !kind ? 'Choose what went wrong.' : null;
  const unitsProblem = touched && units === 0 ? 'Choose at least one unit.' : null;
  const noteProblem =
    touched && note.trim() === ''
      ? 'Tell the seller what happened.'
      : note.length > ORDER_NOTE_MAX
        ? `Keep it to ${ORDER_NOTE_MAX} characters.`
        : (noteIssue ?? null);

  function update(key: number, change: Partial<Photo>) {
    setPhotos((current) => current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));
  }

  function addFiles(files: File[]) {
    setPhotoProblem(null);
    const room = CLAIM_PHOTOS_MAX - photos.length;
    if (files.length > room) setPhotoProblem(`At most ${CLAIM_PHOTOS_MAX} photos: the rest were left out.`);
    for (const file of files.slice(0, Math.max(0, room))) {
      const problem = imageFileProblem(file);
      if (problem) {
        setPhotoProblem(problem);
        continue;
      }
      const key = (nextKey.current += 1);
      const preview = URL.createObjectURL(file);
      setPhotos((current) => [...current, { key, name: file.name, preview, progress: 0, mediaId: null, error: null }]);
      uploadClaimPhoto(order.organization.id, file, (progress) => update(key, { progress }))
        .then((media) => update(key, { mediaId: media.id, progress: 1 }))
        .catch((error: unknown) => update(key, { error: errorMessage(error) }));
    }
  }

  function removePhoto(photo: Photo) {
    URL.revokeObjectURL(photo.preview);
    setPhotos((current) => current.filter((p) => p.key !== photo.key));
  }

  function close() {
    if (create.isPending) return;
    create.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (create.isPending || uploading || !kind || units === 0 || note.trim() === '' || note.length > ORDER_NOTE_MAX)
      return;
    const mediaIds = photos.flatMap((photo) => (photo.mediaId ? [photo.mediaId] : []));
    const body: CreateClaimBody = {
      kind,
      lines: rows
        .filter((row) => (quantities[row.id] ?? 0) > 0)
        .map((row) => ({ line_item_id: row.id, quantity: quantities[row.id]! })),
      note: note.trim(),
      ...(mediaIds.length ? { media_ids: mediaIds } : {}),
    };
    create.mutate(
      { body, idempotencyKey: keyFor(body) },
      {
        onSuccess: (updated) => {
          const claim = updated.claims?.at(-1);
          toast.show(
            `${claim ? `Claim ${claim.number} sent` : 'Problem reported'}. ${order.seller.name} will refund it, send a replacement or answer you; you get an e-mail.`,
          );
          create.reset();
          onClose();
        },
      },
    );
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{`${REPORT_PROBLEM_LABEL} with order ${orderLabel(order)}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 0.5 }}>
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
              <Box component="legend" id={kindId} sx={{ typography: 'subtitle2', p: 0 }}>
                What went wrong?
              </Box>
              <RadioGroup
                row
                aria-labelledby={kindId}
                value={kind}
                onChange={(event) => setKind(event.target.value as ClaimKind)}
                sx={{ columnGap: 1 }}
              >
                {CLAIM_KINDS.map((k) => (
                  <FormControlLabel key={k} value={k} control={<Radio size="small" />} label={CLAIM_KIND_LABELS[k]} />
                ))}
              </RadioGroup>
              {kindProblem && (
                <Typography role="alert" variant="caption" sx={{ color: 'error.main' }}>
                  {kindProblem}
                </Typography>
              )}
            </Box>
            <Box>
              <UnitCountFields
                legend="Units with the problem"
                rows={rows}
                quantities={quantities}
                onChange={setQuantities}
                fieldLabel={(row) => `Units of ${row.name} with the problem (up to ${row.max})`}
                empty="Every unit shipped is already in a claim."
                disabled={create.isPending}
              />
              {unitsProblem && (
                <Typography role="alert" variant="caption" sx={{ color: 'error.main', display: 'block', mt: 1 }}>
                  {unitsProblem}
                </Typography>
              )}
            </Box>
            <TextField
              label="What happened?"
              required
              multiline
              minRows={3}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              error={Boolean(noteProblem)}
              helperText={noteProblem ?? `${note.length}/${ORDER_NOTE_MAX}`}
            />
            <Box component="section" aria-label="Photos">
              <Typography variant="subtitle2" component="p">
                {`Photos (optional, up to ${CLAIM_PHOTOS_MAX})`}
              </Typography>
              {photos.length > 0 && (
                <Box
                  component="ul"
                  sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
                >
                  {photos.map((photo, index) => (
                    <Box
                      component="li"
                      key={photo.key}
                      aria-label={`Photo ${index + 1}: ${photo.name}`}
                      sx={{ position: 'relative', width: 80 }}
                    >
                      <Box
                        component="img"
                        src={photo.preview}
                        alt={photo.name}
                        sx={{
                          width: 80,
                          height: 80,
                          objectFit: 'cover',
                          display: 'block',
                          borderRadius: 1,
                          border: 1,
                          borderColor: photo.error ? 'error.main' : 'divider',
                          opacity: photo.mediaId ? 1 : 0.6,
                        }}
                      />
                      <IconButton
                        size="small"
                        aria-label={`Remove photo ${photo.name}`}
                        onClick={() => removePhoto(photo)}
                        sx={{
                          position: 'absolute',
                          top: 2,
                          right: 2,
                          bgcolor: 'background.paper',
                          '&:hover': { bgcolor: 'background.paper' },
                        }}
                      >
                        <CloseIcon fontSize="small" />
                      </IconButton>
                      {!photo.mediaId && !photo.error && (
                        <LinearProgress
                          variant="determinate"
                          value={photo.progress * 100}
                          aria-label={`Uploading ${photo.name}`}
                          sx={{ mt: 0.5 }}
                        />
                      )}
                      {photo.error && (
                        <Typography
                          variant="caption"
                          role="alert"
                          sx={{ color: 'error.main', display: 'block', overflowWrap: 'anywhere' }}
                        >
                          {photo.error}
                        </Typography>
                      )}
                    </Box>
                  ))}
                </Box>
              )}
              <input
                ref={inputRef}
                type="file"
                accept={ACCEPTED_IMAGE_INPUT}
                multiple
                hidden
                aria-label="Add photos"
                onChange={(event) => {
                  const files = Array.from(event.target.files ?? []);
                  event.target.value = '';
                  addFiles(files);
                }}
              />
              {photos.length < CLAIM_PHOTOS_MAX && (
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<AddPhotoAlternateOutlinedIcon />}
                  onClick={() => inputRef.current?.click()}
                  sx={{ mt: 1 }}
                >
                  Add photos
                </Button>
              )}
              {photoProblem && (
                <Alert severity="warning" onClose={() => setPhotoProblem(null)} sx={{ mt: 1 }}>
                  {photoProblem}
                </Alert>
              )}
            </Box>
            {touched && uploading && (
              <Typography variant="body2" role="status">
                Wait for the photos to finish uploading.
              </Typography>
            )}
            {create.isError && !noteIssue && (
              <Alert severity="error" role="alert">
                {errorMessage(create.error)}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} variant="outlined" disabled={create.isPending}>
            Back
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {create.isPending ? 'Sending…' : 'Send to the seller'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
