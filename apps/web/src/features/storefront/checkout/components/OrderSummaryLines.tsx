import { useId, useState } from 'react';
import type { Cart, LineItem } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { SizedImage } from '../../../../components/SizedImage';
import { formatCents } from '../../../../lib/format';
import { wholesalePriceText } from '../../../../lib/unit-price';
import { LineName, lineUnit } from '../../components/LineName';

/** The lines listed before "Show all": a long cart does not push the summary's button away. */
export const SUMMARY_LINES_SHOWN = 4;
const THUMB_PX = 40;

export const showAllLinesLabel = (count: number) => `Show all ${count} products`;
export const SHOW_FEWER_LINES_LABEL = 'Show fewer';

function LineThumb({ line }: { line: LineItem }) {
  const media = line.product.media[0]?.media;
  return (
    <Box
      sx={{
        width: THUMB_PX,
        height: THUMB_PX,
        flexShrink: 0,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        bgcolor: '#f4f2fb',
        color: 'text.disabled',
      }}
    >
      {media ? (
        // The name is written beside it.
        <SizedImage image={{ url: media.cloudinary_url, variants: media.variants }} place={THUMB_PX} alt="" />
      ) : (
        <ImageOutlinedIcon fontSize="small" aria-hidden />
      )}
    </Box>
  );
}

function SummaryLine({ line }: { line: LineItem }) {
  const each = wholesalePriceText(line.unit_price_in_cents, lineUnit(line));
  return (
    <Box
      component="li"
      aria-label={line.product.name}
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', py: 1 }}
    >
      <LineThumb line={line} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <LineName line={line} />
        <Typography variant="caption" component="p" data-testid="summary-line-quantity">
          {`${line.quantity} × ${each}`}
        </Typography>
      </Box>
      <Typography
        variant="body2"
        sx={{ color: 'text.primary', fontWeight: 500, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        data-testid="summary-line-total"
      >
        {formatCents(line.line_total_cents)}
      </Typography>
    </Box>
  );
}

/**
 * The order summary's items (issue 27 §3): each line's photo, name (and variant), quantity ×
 * price per order unit, and line total — the first few, with "Show all N products" for the rest.
 */
export function OrderSummaryLines({ cart }: { cart: Cart }) {
  const listId = useId();
  const [all, setAll] = useState(false);
  const lines = cart.line_items.filter((line) => line.available);
  const shown = all ? lines : lines.slice(0, SUMMARY_LINES_SHOWN);
  return (
    <Box>
      <Box
        component="ul"
        id={listId}
        aria-label="Items in your order"
        sx={{ listStyle: 'none', p: 0, m: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
      >
        {shown.map((line) => (
          <SummaryLine key={line.id} line={line} />
        ))}
      </Box>
      {lines.length > SUMMARY_LINES_SHOWN && (
        <Button
          size="small"
          onClick={() => setAll((open) => !open)}
          aria-expanded={all}
          aria-controls={listId}
          sx={{ ml: -0.5 }}
        >
          {all ? SHOW_FEWER_LINES_LABEL : showAllLinesLabel(lines.length)}
        </Button>
      )}
    </Box>
  );
}
