import { ORDER_TIMELINE_TITLE, type OrderEvent } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../lib/format';

const SIDE_LABEL: Record<OrderEvent['actor']['side'], string> = {
  seller: 'Seller',
  buyer: 'Retailer',
  system: 'Cratebase',
};

/** Who did it: "Ada Lovelace (Seller)", "Retailer", "Cratebase". */
export function actorLabel(actor: OrderEvent['actor']): string {
  if (actor.side === 'system') return SIDE_LABEL.system;
  return actor.name ? `${actor.name} (${SIDE_LABEL[actor.side]})` : SIDE_LABEL[actor.side];
}

/**
 * The order's timeline (issue 23), oldest first: when, who and what — placed, accepted,
 * shipments, cancellations, requests, refunds and invoice changes — as both sides read it.
 */
export function OrderTimeline({ events }: { events: readonly OrderEvent[] | undefined }) {
  if (!events || events.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="order-timeline-title" sx={{ mt: 2 }}>
      <Typography id="order-timeline-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {ORDER_TIMELINE_TITLE}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {events.map((e) => (
          <Box
            component="li"
            key={e.id}
            data-event-kind={e.kind}
            sx={{ position: 'relative', pl: 2.5, pb: 1.5, borderLeft: 2, borderColor: 'divider', ml: 0.75 }}
          >
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                left: -6,
                top: 4,
                width: 10,
                height: 10,
                borderRadius: '50%',
                bgcolor: e.kind === 'cancelled' || e.kind === 'lines_cancelled' ? 'text.disabled' : 'primary.main',
              }}
            />
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {e.summary}
            </Typography>
            {e.note && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                “{e.note}”
              </Typography>
            )}
            <Typography variant="caption" color="text.secondary">
              <time dateTime={e.at}>{formatDate(e.at)}</time> · {actorLabel(e.actor)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
