import { useId, useState, type FormEvent } from 'react';
import type { SubscribableWebhookEventType, WebhookEndpoint } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DialogButtons } from '../../../../components/DialogButtons';
import { useToast } from '../../../../components/Toast';
import { errorMessage } from '../../../../lib/api';
import { issuesByField } from '../../../../lib/field-issues';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from '../api';
import { WEBHOOK_EVENT_GROUPS, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from '../format';

export const URL_REQUIRED = 'Enter the address of your receiver, such as https://example.com/webhooks';
export const EVENTS_REQUIRED = 'Choose at least one event to send';

/** Mirrors the contract's limits (they sit in a module with zod, which stays out of the browser). */
const URL_MAX_LENGTH = 2000;
const DESCRIPTION_MAX_LENGTH = 200;

type Field = 'url' | 'description' | 'events';

function urlProblem(text: string): string | undefined {
  const value = text.trim();
  if (!value) return URL_REQUIRED;
  try {
    const url = new URL(value);
    // The server decides the rest (https only in production, a public host, no credentials).
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Must start with https://';
  } catch {
    return 'Enter a whole address, starting with https://';
  }
  return undefined;
}

/**
 * Add endpoint / Edit endpoint: the receiver's URL, a description, the events it gets (grouped by
 * area, with a box per area that ticks them all) and whether it is on. The server's refusals
 * (an address it will not post to) show under their field.
 */
export function WebhookEndpointDialog(props: {
  open: boolean;
  orgId: string;
  endpoint?: WebhookEndpoint;
  onClose: () => void;
  onCreated?: (endpoint: WebhookEndpoint) => void;
}) {
  return props.open ? <OpenWebhookEndpointDialog {...props} /> : null;
}

function OpenWebhookEndpointDialog({
  orgId,
  endpoint,
  onClose,
  onCreated,
}: {
  orgId: string;
  endpoint?: WebhookEndpoint;
  onClose: () => void;
  onCreated?: (endpoint: WebhookEndpoint) => void;
}) {
  const titleId = useId();
  const toast = useToast();
  // Twelve events and three fields: the whole screen on a phone.
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const create = useCreateWebhookEndpoint(orgId);
  const update = useUpdateWebhookEndpoint(orgId);
  const save = endpoint ? update : create;
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<SubscribableWebhookEventType[]>(() =>
    (endpoint?.events ?? []).filter((e): e is SubscribableWebhookEventType => e in WEBHOOK_EVENT_LABELS),
  );
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [submitted, setSubmitted] = useState(false);

  const problems: Partial<Record<Field, string>> = { url: urlProblem(url) };
  if (events.length === 0) problems.events = EVENTS_REQUIRED;
  const refused = issuesByField<Field>(save.error, (path) => {
    const field = path.split('.')[0];
    return field === 'url' || field === 'description' || field === 'events' ? field : undefined;
  });
  const shown = (field: Field) => (submitted ? problems[field] : undefined) ?? refused[field];
  const otherError = save.isError && Object.keys(refused).length === 0 ? errorMessage(save.error) : null;

  function edit<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value);
      save.reset();
    };
  }
  const setEvent = edit((next: SubscribableWebhookEventType[]) =>
    setEvents(WEBHOOK_EVENTS.filter((e) => next.includes(e))),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (problems.url || problems.events) return;
    const body = { url: url.trim(), description: description.trim(), events, enabled };
    if (endpoint) {
      update.mutate(
        { endpointId: endpoint.id, body },
        {
          onSuccess: () => {
            toast.show('Endpoint saved');
            onClose();
          },
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (created) => {
          toast.show('Endpoint added. Send it a test event to check it receives them.');
          onClose();
          onCreated?.(created);
        },
      });
    }
  }

  const eventsError = shown('events');
  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{endpoint ? 'Edit endpoint' : 'Add endpoint'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {!endpoint && (
              <Typography variant="body2">
                Cratebase posts each event you choose to this address as JSON, signed with the endpoint’s secret.
              </Typography>
            )}
            {otherError && <Alert severity="error">{otherError}</Alert>}
            <TextField
              label="Endpoint URL"
              required
              autoFocus={!endpoint}
              type="url"
              autoComplete="off"
              placeholder="https://example.com/webhooks"
              value={url}
              onChange={(e) => edit(setUrl)(e.target.value)}
              error={Boolean(shown('url'))}
              helperText={shown('url') ?? 'An https address your system answers with a 2xx.'}
              slotProps={{ htmlInput: { maxLength: URL_MAX_LENGTH } }}
              fullWidth
            />
            <TextField
              label="Description"
              autoComplete="off"
              value={description}
              onChange={(e) => edit(setDescription)(e.target.value)}
              error={Boolean(shown('description'))}
              helperText={shown('description') ?? 'Optional: what receives these, such as “ERP order import”.'}
              slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX_LENGTH } }}
              fullWidth
            />
            <FormControl component="fieldset" error={Boolean(eventsError)} required>
              <FormLabel component="legend">Events to send</FormLabel>
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                  columnGap: 3,
                  rowGap: 1.5,
                  mt: 1,
                }}
              >
                {WEBHOOK_EVENT_GROUPS.map((group) => {
                  const chosen = group.events.filter((e) => events.includes(e)).length;
                  return (
                    <FormGroup key={group.area} role="group" aria-label={group.area}>
                      <FormControlLabel
                        label={
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {group.area}
                          </Typography>
                        }
                        control={
                          <Checkbox
                            size="small"
                            checked={chosen === group.events.length}
                            indeterminate={chosen > 0 && chosen < group.events.length}
                            onChange={(e) =>
                              setEvent(
                                e.target.checked
                                  ? [...events, ...group.events]
                                  : events.filter((ev) => !group.events.includes(ev)),
                              )
                            }
                            slotProps={{ input: { 'aria-label': `Every ${group.area.toLowerCase()} event` } }}
                          />
                        }
                      />
                      {group.events.map((event) => (
                        <FormControlLabel
                          key={event}
                          sx={{ ml: 2 }}
                          label={
                            <Typography variant="body2">
                              {WEBHOOK_EVENT_LABELS[event].label}{' '}
                              <Typography
                                component="span"
                                variant="caption"
                                sx={{ display: 'block', color: 'text.secondary', fontFamily: 'monospace' }}
                              >
                                {event}
                              </Typography>
                            </Typography>
                          }
                          control={
                            <Checkbox
                              size="small"
                              checked={events.includes(event)}
                              onChange={(e) =>
                                setEvent(e.target.checked ? [...events, event] : events.filter((ev) => ev !== event))
                              }
                            />
                          }
                        />
                      ))}
                    </FormGroup>
                  );
                })}
              </Box>
              {eventsError && <FormHelperText>{eventsError}</FormHelperText>}
            </FormControl>
            <FormControlLabel
              control={<Switch checked={enabled} onChange={(e) => edit(setEnabled)(e.target.checked)} />}
              label="Enabled: send events to this endpoint"
            />
          </Stack>
        </DialogContent>
        <DialogButtons busy={save.isPending} onCancel={onClose} confirmLabel={endpoint ? 'Save' : 'Add endpoint'} />
      </form>
    </Dialog>
  );
}
