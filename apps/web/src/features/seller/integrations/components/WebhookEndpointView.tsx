import { useState } from 'react';
import type { WebhookEndpoint } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { BackLink } from '../../../../components/BackLink';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { useToast } from '../../../../components/Toast';
import { errorMessage } from '../../../../lib/api';
import { formatDate } from '../../../../lib/format';
import {
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useSendTestEvent,
  useWebhookEndpoint,
  useWebhookSecret,
} from '../api';
import { WEBHOOK_EVENT_LABELS } from '../format';
import { CopyButton, secretTextSx } from './CopyButton';
import { DeliveryLog } from './DeliveryLog';
import { EndpointStatusChip } from './WebhooksSection';
import { WebhookEndpointDialog } from './WebhookEndpointDialog';

const eventLabel = (event: string) => WEBHOOK_EVENT_LABELS[event as keyof typeof WEBHOOK_EVENT_LABELS]?.label ?? event;

/** The signing secret: hidden until asked for, copyable, rotatable (the old one keeps signing for a day). */
function SigningSecret({ orgId, endpoint }: { orgId: string; endpoint: WebhookEndpoint }) {
  const toast = useToast();
  const [revealed, setRevealed] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const secret = useWebhookSecret(orgId, endpoint.id, revealed);
  const rotate = useRotateWebhookSecret(orgId, endpoint.id);
  const previousUntil = secret.data?.previous_secret_expires_at ?? endpoint.previous_secret_expires_at;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="signing-secret-heading"
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Typography id="signing-secret-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Signing secret
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 1.5 }}>
        Every delivery carries a Cratebase-Signature header: an HMAC-SHA256 of its timestamp and body with this secret.
        Check it in your receiver to know the event came from Cratebase.
      </Typography>
      {secret.isError && (
        <QueryErrorAlert error={secret.error} onRetry={() => void secret.refetch()} sx={{ mb: 1.5 }} />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        {revealed && secret.data ? (
          <Box component="code" aria-label="Secret value" sx={{ ...secretTextSx, flexGrow: 1 }}>
            {secret.data.secret}
          </Box>
        ) : revealed && secret.isPending ? (
          <Skeleton
            variant="rounded"
            height={38}
            sx={{ flexGrow: 1 }}
            aria-label="Loading the signing secret"
            role="status"
          />
        ) : (
          <Box
            component="code"
            aria-label="Secret value (hidden)"
            sx={{ ...secretTextSx, flexGrow: 1, userSelect: 'none' }}
          >
            whsec_••••••••••••••••••••••••
          </Box>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {revealed && secret.data ? (
            <>
              <CopyButton text={secret.data.secret} label="Copy" what="Signing secret" />
              <Button onClick={() => setRevealed(false)}>Hide</Button>
            </>
          ) : (
            <Button variant="outlined" onClick={() => setRevealed(true)} disabled={revealed && secret.isPending}>
              Reveal
            </Button>
          )}
          <Button onClick={() => setConfirmRotate(true)}>Rotate secret</Button>
        </Stack>
      </Stack>
      {previousUntil && (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          The previous secret also signs deliveries until {formatDate(previousUntil)}: update your receiver before then.
        </Alert>
      )}
      <ConfirmDialog
        open={confirmRotate}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        busy={rotate.isPending}
        error={rotate.isError ? errorMessage(rotate.error) : null}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => {
              setConfirmRotate(false);
              setRevealed(true);
              toast.show('Secret rotated. The old one keeps working for 24 hours.');
            },
          })
        }
        onClose={() => {
          setConfirmRotate(false);
          rotate.reset();
        }}
      >
        A new secret signs every delivery from now on. For the next 24 hours deliveries carry a second signature made
        with the old secret, so your receiver keeps accepting them while you update it.
      </ConfirmDialog>
    </Paper>
  );
}

/**
 * One webhook endpoint (/app/{org_id}/integrations?tab=webhooks&endpoint={id}): its address and
 * events, Send test event, Edit, Delete, the signing secret, and its delivery log.
 */
export function WebhookEndpointView({
  orgId,
  endpointId,
  backTo,
  onDeleted,
}: {
  orgId: string;
  endpointId: string;
  backTo: string;
  onDeleted: () => void;
}) {
  const toast = useToast();
  const endpoint = useWebhookEndpoint(orgId, endpointId);
  const sendTest = useSendTestEvent(orgId, endpointId);
  const remove = useDeleteWebhookEndpoint(orgId);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const e = endpoint.data;

  function test() {
    sendTest.mutate(undefined, {
      onSuccess: () => toast.show('Test event queued: it shows in the deliveries below.'),
      onError: (error) => toast.show(`The test event was not sent. ${errorMessage(error)}`, { severity: 'error' }),
    });
  }

  return (
    <Box component="section" aria-labelledby="endpoint-heading">
      <Box sx={{ mb: 1 }}>
        <BackLink to={backTo}>All endpoints</BackLink>
      </Box>
      {endpoint.isError ? (
        <QueryErrorAlert
          error={endpoint.error}
          onRetry={() => void endpoint.refetch()}
          prefix="We could not load this endpoint."
        />
      ) : !e ? (
        <Stack spacing={2} role="status" aria-label="Loading the endpoint">
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={140} />
        </Stack>
      ) : (
        <Stack spacing={2.5}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography
                    id="endpoint-heading"
                    variant="h6"
                    component="h2"
                    sx={{ fontFamily: 'monospace', fontSize: 17, overflowWrap: 'anywhere', minWidth: 0 }}
                  >
                    {e.url}
                  </Typography>
                  <EndpointStatusChip endpoint={e} />
                </Box>
                {e.description && (
                  <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, overflowWrap: 'anywhere' }}>
                    {e.description}
                  </Typography>
                )}
                <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
                  Added {formatDate(e.created_at)}
                </Typography>
                <Box
                  component="ul"
                  aria-label="Events sent"
                  sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, mt: 1.5, p: 0 }}
                >
                  {e.events.map((event) => (
                    <li key={event}>
                      <Chip size="small" variant="outlined" label={eventLabel(event)} />
                    </li>
                  ))}
                </Box>
              </Box>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
                <Button
                  variant="contained"
                  startIcon={<SendOutlinedIcon />}
                  onClick={test}
                  disabled={sendTest.isPending || !e.enabled}
                >
                  Send test event
                </Button>
                <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
                  Edit
                </Button>
                <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirmDelete(true)}>
                  Delete
                </Button>
              </Stack>
            </Stack>
          </Paper>
          {!e.enabled && (
            <Alert severity="info">
              This endpoint is disabled: no events are sent to it, and deliveries that were waiting were stopped. Edit
              it to enable it again, then redeliver what it missed.
            </Alert>
          )}
          <SigningSecret orgId={orgId} endpoint={e} />
          <DeliveryLog orgId={orgId} endpointId={endpointId} />
          <WebhookEndpointDialog open={editing} orgId={orgId} endpoint={e} onClose={() => setEditing(false)} />
          <ConfirmDialog
            open={confirmDelete}
            title="Delete this endpoint?"
            confirmLabel="Delete endpoint"
            destructive
            busy={remove.isPending}
            error={remove.isError ? errorMessage(remove.error) : null}
            onConfirm={() =>
              remove.mutate(endpointId, {
                onSuccess: () => {
                  setConfirmDelete(false);
                  toast.show('Endpoint deleted');
                  onDeleted();
                },
              })
            }
            onClose={() => {
              setConfirmDelete(false);
              remove.reset();
            }}
          >
            Cratebase stops sending events to {e.url}, including deliveries still waiting to be retried. Its delivery
            log goes with it.
          </ConfirmDialog>
        </Stack>
      )}
    </Box>
  );
}
