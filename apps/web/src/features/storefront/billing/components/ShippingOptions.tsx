import { useId, useState } from 'react';
import { SHIPPING_ESTIMATES_ERROR, type Cart, type ShippingEstimate } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../../lib/api';
import { formatCents } from '../../../../lib/format';
import { checkoutPath } from '../../checkout/api';
import { RadioCardGroup } from '../../components/RadioCardGroup';
import { deliveryEstimate, estimateChips, type useShippingEstimates } from '../api';
import { rateShortlist } from '../rate-shortlist';

export const BACK_TO_ADDRESS_LABEL = 'Back to shipping address';
export const moreOptionsLabel = (hidden: number) => `More options (${hidden})`;
export const FEWER_OPTIONS_LABEL = 'Fewer options';

/** The carrier's logo, the service, when it arrives, the chips; the amount on the right. */
function EstimateCardText({ estimate }: { estimate: ShippingEstimate }) {
  const arrives = deliveryEstimate(estimate);
  const chips = estimateChips(estimate);
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 1, minWidth: 0 }}>
      <Box
        component="img"
        src={estimate.provider_image_200}
        // The carrier's name is written beside it.
        alt=""
        sx={{ width: 40, height: 40, objectFit: 'contain', flexShrink: 0 }}
      />
      <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography variant="subtitle2" component="span" sx={{ display: 'block', color: 'text.primary' }}>
          {`${estimate.provider} ${estimate.servicelevel.name}`}
        </Typography>
        {arrives && (
          <Typography variant="body2" component="span" sx={{ display: 'block' }}>
            {arrives}
          </Typography>
        )}
        {chips.length > 0 && (
          <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {chips.map((chip) => (
              <Chip key={chip} label={chip} size="small" color="primary" variant="outlined" component="span" />
            ))}
          </Box>
        )}
      </Box>
      <Typography
        variant="subtitle1"
        component="span"
        sx={{ color: 'text.primary', fontWeight: 600, flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {formatCents(estimate.amount_cents)}
      </Typography>
    </Stack>
  );
}

/** Spec section 8: estimates failed or none came back; the server's line says what to fix. */
function EstimatesError({
  detail,
  retrying,
  onRetry,
}: {
  detail: string | null;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying} sx={{ whiteSpace: 'nowrap' }}>
          Try again
        </Button>
      }
    >
      <Box component="span" sx={{ display: 'block' }}>
        {SHIPPING_ESTIMATES_ERROR}
      </Box>
      {detail && detail !== SHIPPING_ESTIMATES_ERROR && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          {detail}
        </Box>
      )}
    </Alert>
  );
}

/** Where the order ships (chosen at step 1), with the way back to change it. */
function ShipsTo({ cart, orgId }: { cart: Cart; orgId: string }) {
  const a = cart.order.shipping_address;
  if (!a) return null;
  const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
  const street = a.line2 ? `${a.line1}, ${a.line2}` : a.line1;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        Ships to {[name, street, `${a.city}, ${a.state} ${a.postal_code}`].filter(Boolean).join(', ')}
      </Typography>
      <Button
        component={RouterLink}
        to={checkoutPath(orgId)}
        startIcon={<ArrowBackIcon />}
        size="small"
        sx={{ ml: -0.5 }}
      >
        {BACK_TO_ADDRESS_LABEL}
      </Button>
    </Stack>
  );
}

/**
 * Step 2's Shipping Options (spec sections 2 "billing" and 8): where the order ships, with the
 * way back to change it, and the carriers' estimates as radio cards (loading, or why there are
 * none, with Try again); a failed choice says so above nothing else changing.
 */
export function ShippingOptions({
  cart,
  orgId,
  estimates,
  selected,
  onChoose,
  choice,
}: {
  cart: Cart;
  orgId: string;
  estimates: ReturnType<typeof useShippingEstimates>;
  /** The rate shown as chosen (the one just clicked, else the order's). */
  selected: string | null;
  onChoose: (rateId: string) => void;
  /** The choice of a rate on its way: its failure, and how to dismiss it. */
  choice: { isError: boolean; error: unknown; reset: () => void };
}) {
  const headingId = useId();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const list = estimates.data ?? [];
  // The tagged options first and the others behind "More options"; the chosen one always shows.
  const shortlist = rateShortlist(list, selected, expanded);
  let options;
  if (estimates.isPending) {
    options = (
      <Stack spacing={1.5} role="status" aria-busy aria-label="Loading shipping options">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} variant="rounded" height={84} />
        ))}
      </Stack>
    );
  } else if (estimates.isError || list.length === 0) {
    options = (
      <EstimatesError
        detail={estimates.isError ? errorMessage(estimates.error) : null}
        retrying={estimates.isFetching}
        onRetry={() => void estimates.refetch()}
      />
    );
  } else {
    // The shipping options as radio cards: one radio group, so arrow keys move between them.
    options = (
      <Stack spacing={1}>
        <Box id={listId}>
          <RadioCardGroup
            labelledBy={headingId}
            items={shortlist.shown}
            valueOf={(estimate) => estimate.object_id}
            selected={selected}
            onChoose={onChoose}
            renderLabel={(estimate) => <EstimateCardText estimate={estimate} />}
            cardSx={{ pl: 0.5, pr: 2 }}
            labelSx={{ '& .MuiFormControlLabel-label': { flex: 1, minWidth: 0 } }}
          />
        </Box>
        {shortlist.hidden > 0 && (
          <Button
            onClick={() => setExpanded((open) => !open)}
            aria-expanded={expanded}
            aria-controls={listId}
            startIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            sx={{ alignSelf: 'flex-start' }}
          >
            {expanded ? FEWER_OPTIONS_LABEL : moreOptionsLabel(shortlist.hidden)}
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Shipping Options
      </Typography>
      <Stack spacing={2}>
        <ShipsTo cart={cart} orgId={orgId} />
        {options}
        {choice.isError && (
          <Alert severity="error" onClose={() => choice.reset()}>
            {`We could not choose that shipping option. ${errorMessage(choice.error)}`}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}
