import { useState } from 'react';
import type { WebhookDelivery } from '@cratebase/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import type { DataColumn } from '../../../../components/DataTable';
import { EmptyState } from '../../../../components/EmptyState';
import { PagedTable } from '../../../../components/PagedTable';
import { TintedIcon } from '../../../../components/TintedIcon';
import { formatDate } from '../../../../lib/format';
import { useWebhookDeliveries } from '../api';
import { durationLabel, responseLabel } from '../format';
import { DeliveryDetailDialog } from './DeliveryDetailDialog';
import { DeliveryStatusChip } from './DeliveryStatusChip';

export const DELIVERIES_EMPTY_TITLE = 'No deliveries yet';

/** The statuses the log can be narrowed to, what went wrong first, and what each shows when there are none. */
const DELIVERY_FILTERS: Array<{ status: WebhookDelivery['status']; label: string; empty: string }> = [
  { status: 'failed', label: 'Failed', empty: 'No failed deliveries' },
  { status: 'pending', label: 'Waiting to be sent', empty: 'Nothing is waiting to be sent' },
  { status: 'succeeded', label: 'Succeeded', empty: 'No deliveries succeeded yet' },
];

const mono = { fontFamily: 'monospace', fontSize: 13 } as const;

/** An endpoint's deliveries, newest first, Load more; a row opens its attempts and Redeliver. */
export function DeliveryLog({ orgId, endpointId }: { orgId: string; endpointId: string }) {
  const [status, setStatus] = useState<WebhookDelivery['status'] | null>(null);
  const deliveries = useWebhookDeliveries(orgId, endpointId, status);
  const [openId, setOpenId] = useState<string | null>(null);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));

  const columns: DataColumn<WebhookDelivery>[] = [
    {
      header: 'Event',
      cell: (d) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ ...mono, overflowWrap: 'anywhere' }}>
            {d.event_type}
          </Typography>
          {phone && (
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {formatDate(d.created_at)} · {responseLabel(d)} · {durationLabel(d.last_duration_ms)}
            </Typography>
          )}
        </Box>
      ),
    },
    { header: 'Status', width: 120, cell: (d) => <DeliveryStatusChip delivery={d} /> },
  ];
  if (!phone) {
    columns.push(
      { header: 'Response', width: 110, cell: responseLabel },
      { header: 'Duration', width: 110, align: 'right', cell: (d) => durationLabel(d.last_duration_ms) },
      { header: 'Time', width: 200, cell: (d) => formatDate(d.created_at) },
    );
  }

  return (
    <Box component="section" aria-labelledby="deliveries-heading">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1.5,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 1.5,
        }}
      >
        <Typography id="deliveries-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Deliveries
        </Typography>
        <TextField
          select
          size="small"
          label="Show"
          value={status ?? 'all'}
          onChange={(e) => setStatus(e.target.value === 'all' ? null : (e.target.value as WebhookDelivery['status']))}
          sx={{ minWidth: 170 }}
        >
          <MenuItem value="all">All deliveries</MenuItem>
          {DELIVERY_FILTERS.map((filter) => (
            <MenuItem key={filter.status} value={filter.status}>
              {filter.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <PagedTable
        query={deliveries}
        label="Deliveries"
        columns={columns}
        rowKey={(d) => d.id}
        skeletonRows={4}
        onRowClick={(d) => setOpenId(d.id)}
        empty={
          <EmptyState
            icon={
              <TintedIcon>
                <HistoryOutlinedIcon />
              </TintedIcon>
            }
            title={DELIVERIES_EMPTY_TITLE}
          >
            Every event sent to this endpoint shows here with the answer your receiver gave. Send a test event to try
            it.
          </EmptyState>
        }
      />
      <DeliveryDetailDialog orgId={orgId} endpointId={endpointId} deliveryId={openId} onClose={() => setOpenId(null)} />
    </Box>
  );
}
