import { useState } from 'react';
import { API_KEY_SCOPE_LABELS, type ApiKey } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../../components/DataTable';
import { EmptyState } from '../../../../components/EmptyState';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { TintedIcon } from '../../../../components/TintedIcon';
import { useToast } from '../../../../components/Toast';
import { errorMessage } from '../../../../lib/api';
import { formatDate } from '../../../../lib/format';
import { useApiKeys, useRevokeApiKey } from '../api';
import { lastUsedLabel } from '../format';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';
import { SectionHeading } from './SectionHeading';
import { ToneChip } from './ToneChip';

export const API_KEYS_EMPTY_TITLE = 'No API keys yet';

function ScopeChips({ apiKey }: { apiKey: ApiKey }) {
  return (
    <Box
      component="ul"
      aria-label={`Scopes of ${apiKey.name}`}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}
    >
      {apiKey.scopes.map((scope) => (
        <li key={scope}>
          <Chip size="small" variant="outlined" label={API_KEY_SCOPE_LABELS[scope].title} />
        </li>
      ))}
    </Box>
  );
}

function StatusChip({ apiKey }: { apiKey: ApiKey }) {
  return apiKey.revoked_at ? <ToneChip tone="default" label="Revoked" /> : <ToneChip tone="success" label="Active" />;
}

const muted = { color: 'text.secondary' } as const;

/** The API keys tab: the organization's keys, Create API key, Revoke. */
export function ApiKeysSection({ orgId }: { orgId: string }) {
  const toast = useToast();
  const keys = useApiKeys(orgId);
  const revoke = useRevokeApiKey(orgId);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  // Phones have one column: the key's scopes, last use, status and Revoke go under its name.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));

  const createButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      Create API key
    </Button>
  );

  const revokeButton = (key: ApiKey) =>
    key.revoked_at ? null : (
      <Button size="small" color="error" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
        Revoke
      </Button>
    );

  const columns: DataColumn<ApiKey>[] = [
    {
      header: 'Name',
      cell: (key) => (
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {key.name}
          </Typography>
          <Typography variant="caption" component="span" sx={{ ...muted, fontFamily: 'monospace' }}>
            {key.masked}
          </Typography>
          {phone && (
            <Stack spacing={0.75} sx={{ alignItems: 'flex-start', pt: 0.5 }}>
              <ScopeChips apiKey={key} />
              <Typography variant="caption" component="span" sx={muted}>
                Last used: {lastUsedLabel(key)}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <StatusChip apiKey={key} />
                {revokeButton(key)}
              </Box>
            </Stack>
          )}
        </Stack>
      ),
    },
  ];
  if (!phone)
    columns.push(
      { header: 'Scopes', cell: (key) => <ScopeChips apiKey={key} /> },
      {
        header: 'Created',
        hideOnPhone: true,
        width: 190,
        cell: (key) => (
          <>
            <Typography variant="body2">{formatDate(key.created_at)}</Typography>
            <Typography variant="caption" component="span" sx={{ ...muted, overflowWrap: 'anywhere' }}>
              by {key.created_by.name ?? key.created_by.email}
            </Typography>
          </>
        ),
      },
      { header: 'Last used', hideOnPhone: true, width: 130, cell: (key) => lastUsedLabel(key) },
      { header: 'Status', hideOnPhone: true, width: 100, cell: (key) => <StatusChip apiKey={key} /> },
      { header: 'Actions', hideOnPhone: true, width: 100, align: 'right', cell: revokeButton },
    );

  function confirmRevoke() {
    if (!revoking) return;
    const key = revoking;
    revoke.mutate(key.id, {
      onSuccess: () => {
        setRevoking(null);
        toast.show(`${key.name} revoked: it no longer works`);
      },
    });
  }

  const hasKeys = Boolean(keys.data && keys.data.length > 0);
  return (
    <Box component="section" aria-labelledby="api-keys-heading">
      <SectionHeading id="api-keys-heading" title="API keys" action={hasKeys ? createButton : undefined}>
        Keys let your other systems read orders, post shipments and sync stock through the{' '}
        <Link href="/api/docs" target="_blank" rel="noopener">
          Cratebase API
        </Link>
        , each limited to what you allow.
      </SectionHeading>
      {keys.isError ? (
        <QueryErrorAlert
          error={keys.error}
          onRetry={() => void keys.refetch()}
          prefix="We could not load your API keys."
        />
      ) : (
        <DataTable
          label="API keys"
          columns={columns}
          rows={keys.data}
          rowKey={(key) => key.id}
          loading={keys.isPending}
          skeletonRows={3}
          empty={
            <EmptyState
              icon={
                <TintedIcon>
                  <KeyOutlinedIcon />
                </TintedIcon>
              }
              title={API_KEYS_EMPTY_TITLE}
              action={createButton}
            >
              Create a key for each system that connects to your store — a web shop that sends orders to Cratebase,
              accounting that reads invoices, a warehouse that posts tracking. Read the{' '}
              <Link href="/api/docs" target="_blank" rel="noopener">
                API documentation
              </Link>{' '}
              for what a key can reach.
            </EmptyState>
          }
        />
      )}
      <CreateApiKeyDialog open={creating} orgId={orgId} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke ${revoking?.name ?? 'this key'}?`}
        confirmLabel="Revoke key"
        destructive
        busy={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error) : null}
        onConfirm={confirmRevoke}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
      >
        Every system using this key ({revoking?.masked}) is refused from now on. This cannot be undone: create a new key
        to connect it again.
      </ConfirmDialog>
    </Box>
  );
}
