import { formatShipDay, formatShipWindow, preorderClosed, type Preorder } from '@cratebase/contract';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * The storefront's mark of a pre-order (issue 25): "Pre-order · Ships Mar 1 – 15, 2027 · Order by
 * Feb 1, 2027" — or that its orders closed. `dense` for the grid's tiles.
 */
export function PreorderBadge({ preorder, dense = false }: { preorder: Preorder; dense?: boolean }) {
  const closed = preorderClosed(preorder);
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      data-testid="preorder-badge"
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Chip label="Pre-order" size="small" color={closed ? 'default' : 'secondary'} sx={{ fontWeight: 600 }} />
      <Typography variant="body2" sx={{ color: 'text.primary', fontSize: dense ? '0.8125rem' : undefined }}>
        {closed
          ? `Orders closed ${formatShipDay(preorder.order_by)}`
          : `Ships ${formatShipWindow(preorder.ships_from, preorder.ships_until)} · order by ${formatShipDay(preorder.order_by)}`}
      </Typography>
    </Stack>
  );
}
