import { useId, useState, type FormEvent } from 'react';
import {
  API_KEY_LIMITS,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DialogButtons } from '../../../../components/DialogButtons';
import { errorMessage } from '../../../../lib/api';
import { issuesByField } from '../../../../lib/field-issues';
import { useCreateApiKey } from '../api';
import { CopyButton, secretTextSx } from './CopyButton';

export const NAME_REQUIRED = 'Give the key a name, such as the system that will use it';
export const SCOPES_REQUIRED = 'Choose at least one thing the key may do';
export const TOKEN_SHOWN_ONCE = 'Copy this key now and keep it somewhere safe: you won’t see it again.';

type Field = 'name' | 'scopes';

/**
 * Create API key: a name and the scopes, then, once created, the key itself, shown only here.
 * The dialog stays on the key until the seller closes it with Done (a click outside does not
 * close it, so the key is not lost by accident).
 */
export function CreateApiKeyDialog({ open, orgId, onClose }: { open: boolean; orgId: string; onClose: () => void }) {
  // A fresh form each time it opens.
  return open ? <OpenCreateApiKeyDialog orgId={orgId} onClose={onClose} /> : null;
}

function OpenCreateApiKeyDialog({ orgId, onClose }: { orgId: string; onClose: () => void }) {
  const titleId = useId();
  const create = useCreateApiKey(orgId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const problems: Partial<Record<Field, string>> = {};
  if (!name.trim()) problems.name = NAME_REQUIRED;
  if (scopes.length === 0) problems.scopes = SCOPES_REQUIRED;
  const refused = issuesByField<Field>(create.error, (path) =>
    path === 'name' ? 'name' : path.startsWith('scopes') ? 'scopes' : undefined,
  );
  const shown = (field: Field) => (submitted ? problems[field] : undefined) ?? refused[field];
  const otherError = create.isError && !refused.name && !refused.scopes ? errorMessage(create.error) : null;

  function toggle(scope: ApiKeyScope, on: boolean) {
    create.reset();
    setScopes((current) => API_KEY_SCOPES.filter((s) => (s === scope ? on : current.includes(s))));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (problems.name || problems.scopes) return;
    create.mutate({ name: name.trim(), scopes }, { onSuccess: setCreated });
  }

  if (created) {
    return (
      <Dialog open aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>Your new API key</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="warning">{TOKEN_SHOWN_ONCE}</Alert>
            <Typography variant="body2">
              <strong>{created.name}</strong> can{' '}
              {created.scopes.map((s) => API_KEY_SCOPE_LABELS[s].title.toLowerCase()).join(', ')}.
            </Typography>
            <Box component="code" aria-label="API key" data-testid="api-key-token" sx={secretTextSx}>
              {created.token}
            </Box>
            <Box>
              <CopyButton text={created.token} label="Copy key" what="API key" />
            </Box>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Send it with every request as the header{' '}
              <Box component="code" sx={{ overflowWrap: 'anywhere' }}>
                Authorization: Bearer cb_live_…
              </Box>
              .
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button variant="contained" onClick={onClose}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  const close = create.isPending ? undefined : onClose;
  const scopesError = shown('scopes');
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Create API key</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Typography variant="body2">
              A key lets another system — your web shop, accounting or warehouse — use the Cratebase API for this
              organization, limited to what you tick below.
            </Typography>
            {otherError && <Alert severity="error">{otherError}</Alert>}
            <TextField
              label="Name"
              required
              autoFocus
              autoComplete="off"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                create.reset();
              }}
              error={Boolean(shown('name'))}
              helperText={shown('name') ?? 'Such as “Shopify sync” or “Warehouse”'}
              slotProps={{ htmlInput: { maxLength: API_KEY_LIMITS.name } }}
              fullWidth
            />
            <FormControl component="fieldset" error={Boolean(scopesError)} required>
              <FormLabel component="legend" sx={{ mb: 0.5 }}>
                What the key may do
              </FormLabel>
              <FormGroup>
                {API_KEY_SCOPES.map((scope) => (
                  <FormControlLabel
                    key={scope}
                    sx={{ alignItems: 'flex-start', mt: 0.5 }}
                    control={
                      <Checkbox
                        checked={scopes.includes(scope)}
                        onChange={(e) => toggle(scope, e.target.checked)}
                        sx={{ mt: -0.75 }}
                      />
                    }
                    label={
                      <>
                        <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 500 }}>
                          {API_KEY_SCOPE_LABELS[scope].title}
                        </Typography>
                        <Typography
                          variant="caption"
                          component="span"
                          sx={{ display: 'block', color: 'text.secondary' }}
                        >
                          {API_KEY_SCOPE_LABELS[scope].detail}
                        </Typography>
                      </>
                    }
                  />
                ))}
              </FormGroup>
              {scopesError && <FormHelperText>{scopesError}</FormHelperText>}
            </FormControl>
          </Stack>
        </DialogContent>
        <DialogButtons busy={create.isPending} onCancel={onClose} confirmLabel="Create key" />
      </form>
    </Dialog>
  );
}
