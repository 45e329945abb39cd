import { useState } from 'react';
import type { WebhookEndpoint } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import WebhookOutlinedIcon from '@mui/icons-material/WebhookOutlined';
import { DataTable, type DataColumn } from '../../../../components/DataTable';
import { EmptyState } from '../../../../components/EmptyState';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { TintedIcon } from '../../../../components/TintedIcon';
import { useWebhookEndpoints } from '../api';
import { WEBHOOK_EVENTS } from '../format';
import { SectionHeading } from './SectionHeading';
import { ToneChip } from './ToneChip';
import { WebhookEndpointDialog } from './WebhookEndpointDialog';

export const WEBHOOKS_EMPTY_TITLE = 'No webhook endpoints yet';

export function eventsCountLabel(endpoint: WebhookEndpoint): string {
  const n = endpoint.events.length;
  if (n === WEBHOOK_EVENTS.length) return `All ${n} events`;
  return n === 1 ? '1 event' : `${n} events`;
}

export function EndpointStatusChip({ endpoint }: { endpoint: WebhookEndpoint }) {
  return endpoint.enabled ? <ToneChip tone="success" label="Enabled" /> : <ToneChip tone="default" label="Disabled" />;
}

function endpointColumns(phone: boolean): DataColumn<WebhookEndpoint>[] {
  const columns: DataColumn<WebhookEndpoint>[] = [
    {
      header: 'Endpoint',
      cell: (endpoint) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
            {endpoint.url}
          </Typography>
          {endpoint.description && (
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {endpoint.description}
            </Typography>
          )}
          {/* Phones: the count goes under the address. */}
          {phone && (
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {eventsCountLabel(endpoint)}
            </Typography>
          )}
        </Box>
      ),
    },
  ];
  if (!phone) columns.push({ header: 'Events', width: 130, cell: eventsCountLabel });
  columns.push({ header: 'Status', width: 110, cell: (endpoint) => <EndpointStatusChip endpoint={endpoint} /> });
  return columns;
}

/** The Webhooks tab's list: the endpoints, Add endpoint; a row opens the endpoint (its secret and deliveries). */
export function WebhooksSection({ orgId, onOpen }: { orgId: string; onOpen: (endpointId: string) => void }) {
  const endpoints = useWebhookEndpoints(orgId);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [adding, setAdding] = useState(false);
  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
      Add endpoint
    </Button>
  );
  const hasEndpoints = Boolean(endpoints.data && endpoints.data.length > 0);
  return (
    <Box component="section" aria-labelledby="webhooks-heading">
      <SectionHeading id="webhooks-heading" title="Webhooks" action={hasEndpoints ? addButton : undefined}>
        Cratebase tells your systems the moment something happens — an order placed, shipped or refunded, stock changed
        — by posting a signed event to each endpoint. See{' '}
        <Link href="/api/docs" target="_blank" rel="noopener">
          the event shapes
        </Link>
        .
      </SectionHeading>
      {endpoints.isError ? (
        <QueryErrorAlert
          error={endpoints.error}
          onRetry={() => void endpoints.refetch()}
          prefix="We could not load your webhook endpoints."
        />
      ) : (
        <DataTable
          label="Webhook endpoints"
          columns={endpointColumns(phone)}
          rows={endpoints.data}
          rowKey={(endpoint) => endpoint.id}
          loading={endpoints.isPending}
          skeletonRows={3}
          onRowClick={(endpoint) => onOpen(endpoint.id)}
          empty={
            <EmptyState
              icon={
                <TintedIcon>
                  <WebhookOutlinedIcon />
                </TintedIcon>
              }
              title={WEBHOOKS_EMPTY_TITLE}
              action={addButton}
            >
              Add the address of a system that should hear about new orders, shipments, refunds or stock changes as they
              happen, instead of asking for them.
            </EmptyState>
          }
        />
      )}
      <WebhookEndpointDialog
        open={adding}
        orgId={orgId}
        onClose={() => setAdding(false)}
        onCreated={(endpoint) => onOpen(endpoint.id)}
      />
    </Box>
  );
}
