import { useId, useRef, useState, type FormEvent } from 'react';
import {
  RESALE_CERTIFICATE_ACCEPT,
  RESALE_CERTIFICATE_FILE_MESSAGE,
  RESALE_CERTIFICATE_MAX_BYTES,
  RESALE_CERTIFICATE_NUMBER_MAX,
  RESALE_CERTIFICATE_NUMBER_MESSAGE,
  RESALE_CERTIFICATE_NUMBER_PATTERN,
  isoDay,
  type ResaleCertificate,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { NATIVE_STATE_SELECT_PROPS, nativeStateOptions } from '../../../../components/NativeStateOptions';
import { ApiError, errorMessage } from '../../../../lib/api';
import { capitalised, issuesByField } from '../../../../lib/field-issues';
import { useSaveResaleCertificate } from '../api';

type Field = 'state' | 'number' | 'expires_on' | 'file';
const FIELDS: Record<string, Field> = { state: 'state', number: 'number', expires_on: 'expires_on', file: 'file', file_id: 'file' };
const FILE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);
const FILE_NAME = /\.(pdf|jpe?g|png|webp)$/i;

/** What is wrong before anything is sent (the server checks again, the file from its bytes). */
export function certificateFormProblems(
  facts: { state: string; number: string; expires_on: string },
  file: { name: string; type: string; size: number } | null,
  today: string = isoDay(new Date()),
): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  if (!facts.state) out.state = 'Choose the state that issued it';
  const number = facts.number.trim();
  if (!number) out.number = 'Enter the certificate number';
  else if (number.length > RESALE_CERTIFICATE_NUMBER_MAX) out.number = `At most ${RESALE_CERTIFICATE_NUMBER_MAX} characters`;
  else if (!RESALE_CERTIFICATE_NUMBER_PATTERN.test(number)) out.number = capitalised(RESALE_CERTIFICATE_NUMBER_MESSAGE);
  if (!facts.expires_on) out.expires_on = 'Enter the day it expires';
  else if (facts.expires_on <= today) out.expires_on = 'This certificate has expired: upload a current one';
  if (!file) out.file = 'Choose the certificate file';
  else if (!FILE_TYPES.has(file.type) && !FILE_NAME.test(file.name)) out.file = RESALE_CERTIFICATE_FILE_MESSAGE;
  else if (file.size > RESALE_CERTIFICATE_MAX_BYTES) out.file = 'The file is larger than 10 MB';
  return out;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The certificate's facts and file. Saving uploads the file, then puts the certificate on file
 * (replacing the current one); `onSaved` gets the new certificate.
 */
export function ResaleCertificateForm({
  orgId,
  current,
  onSaved,
  onCancel,
}: {
  orgId: string;
  current: ResaleCertificate | null;
  onSaved: (certificate: ResaleCertificate) => void;
  onCancel?: () => void;
}) {
  const [state, setState] = useState(current?.state ?? '');
  const [number, setNumber] = useState(current?.number ?? '');
  const [expiresOn, setExpiresOn] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [shown, setShown] = useState<Partial<Record<Field, string>>>({});
  const save = useSaveResaleCertificate(orgId);
  const input = useRef<HTMLInputElement>(null);
  const fileHelp = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const facts = { state, number: number.trim(), expires_on: expiresOn };
    const problems = certificateFormProblems(facts, file);
    setShown(problems);
    if (Object.keys(problems).length > 0 || !file) return;
    save.mutate({ facts, file }, { onSuccess: onSaved });
  };
  const server = issuesByField(save.error, FIELDS);
  const problem = (field: Field) => shown[field] ?? server[field];
  const unnamed = save.isError && Object.keys(server).length === 0;
  const clear = (field: Field) => setShown(({ [field]: _cleared, ...rest }) => rest);

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label="Resale certificate">
      <TextField
        select
        label="State"
        value={state}
        onChange={(event) => {
          setState(event.target.value);
          clear('state');
        }}
        error={Boolean(problem('state'))}
        helperText={problem('state') ?? 'The state that issued the certificate'}
        slotProps={NATIVE_STATE_SELECT_PROPS}
        required
      >
        {nativeStateOptions()}
      </TextField>
      <TextField
        label="Certificate number"
        value={number}
        onChange={(event) => {
          setNumber(event.target.value);
          clear('number');
        }}
        error={Boolean(problem('number'))}
        helperText={problem('number') ?? 'As printed on the certificate (seller’s permit or resale number)'}
        slotProps={{ htmlInput: { maxLength: RESALE_CERTIFICATE_NUMBER_MAX, autoComplete: 'off' } }}
        required
      />
      <TextField
        type="date"
        label="Expires on"
        value={expiresOn}
        onChange={(event) => {
          setExpiresOn(event.target.value);
          clear('expires_on');
        }}
        error={Boolean(problem('expires_on'))}
        helperText={problem('expires_on') ?? 'The last day it is valid. Certificates without an end date: the next renewal day.'}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: isoDay(new Date(Date.now() + 86_400_000)) } }}
        required
      />
      <Box>
        <Typography variant="body2" component="p" sx={{ fontWeight: 600, mb: 1 }}>
          Certificate file
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <Button
            variant="outlined"
            startIcon={<UploadFileOutlinedIcon />}
            onClick={() => input.current?.click()}
            aria-describedby={fileHelp}
            sx={{ alignSelf: 'flex-start' }}
          >
            {file ? 'Choose another file' : 'Choose file'}
          </Button>
          <Typography variant="body2" sx={{ color: file ? 'text.primary' : 'text.secondary', wordBreak: 'break-all' }}>
            {file ? `${file.name} · ${sizeText(file.size)}` : 'No file chosen'}
          </Typography>
        </Stack>
        <input
          ref={input}
          type="file"
          hidden
          accept={RESALE_CERTIFICATE_ACCEPT}
          aria-label="Certificate file"
          data-testid="resale-certificate-file"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            clear('file');
            event.target.value = '';
          }}
        />
        <FormHelperText id={fileHelp} error={Boolean(problem('file'))}>
          {problem('file') ?? 'A PDF or a photo (JPEG, PNG or WebP), at most 10 MB. Only you and the stores you buy from can open it.'}
        </FormHelperText>
      </Box>
      {unnamed && (
        <Alert severity={save.error instanceof ApiError && save.error.status < 500 ? 'warning' : 'error'}>
          {errorMessage(save.error)}
        </Alert>
      )}
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : current ? 'Replace certificate' : 'Save certificate'}
        </Button>
      </Stack>
    </Stack>
  );
}
