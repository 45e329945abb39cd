import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import {
  formatShipWindow,
  preorderClosed,
  quantityRuleMessage,
  type ProductSheetRow,
} from '@cratebase/contract';
import { formatCents } from '../../../../lib/format';
import { volumePriceText, wholesalePriceText } from '../../../../lib/unit-price';
import { isOutOfStock, orderUnitLabel, stockLabel } from '../../catalog/catalog-display';
import { addedQuantity } from '../bulk-lines';
import { splitLineName } from '../../catalog/variant-display';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { typingProblem } from './useQuickOrderDrafts';

/** Every row is this tall (two lines of text), so the sheet can draw only the rows in view. */
export const ROW_HEIGHT = 56;
export const HEADER_HEIGHT = 44;

/** The rules line under a product's name: volume price, minimum and increment. */
function rulesText(row: ProductSheetRow): string {
  const parts: string[] = [];
  if (row.minimum_order_quantity > 1) parts.push(`Min ${row.minimum_order_quantity}`);
  if (row.order_increment > 1) parts.push(`Multiples of ${row.order_increment}`);
  for (const b of row.price_breaks) parts.push(volumePriceText(b, row));
  return parts.join(' · ');
}

export const cellSx = {
  px: 1.5,
  height: ROW_HEIGHT,
  borderBottom: 1,
  borderColor: 'divider',
  fontSize: '0.875rem',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
} as const;

export const headSx = {
  ...cellSx,
  height: HEADER_HEIGHT,
  position: 'sticky',
  top: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  fontWeight: 600,
  color: 'text.secondary',
  textAlign: 'left',
} as const;

/** The sheet's header row: SKU, unit, price and stock only when `wide`. */
export function QuickOrderHead({ wide }: { wide: boolean }) {
  return (
    <tr aria-rowindex={1}>
      {wide && (
        <Box component="th" scope="col" sx={headSx}>
          SKU
        </Box>
      )}
      <Box component="th" scope="col" sx={headSx}>
        Product
      </Box>
      {wide && (
        <>
          <Box component="th" scope="col" sx={headSx}>
            Unit
          </Box>
          <Box component="th" scope="col" sx={{ ...headSx, textAlign: 'right' }}>
            Price
          </Box>
          <Box component="th" scope="col" sx={headSx}>
            Stock
          </Box>
        </>
      )}
      <Box component="th" scope="col" sx={{ ...headSx, textAlign: 'right' }}>
        In cart
      </Box>
      <Box component="th" scope="col" sx={headSx}>
        Add
      </Box>
    </tr>
  );
}

/**
 * The row's name: the product's, and its variant's values after it ("Heavy tee · M / Black"); a
 * further variant of the same product names its values alone, indented under the first, so a
 * product's variants read together (readers hear the whole name on the quantity input).
 */
function RowName({ row, continues }: { row: ProductSheetRow; continues: boolean }) {
  const { product, variant } = splitLineName(row.name, row.variant_title);
  const line = { overflow: 'hidden', textOverflow: 'ellipsis', color: 'text.primary', fontWeight: 500 } as const;
  if (!variant) return <Box sx={line}>{row.name}</Box>;
  return (
    <Box sx={{ ...line, ...(continues ? { pl: 2, borderLeft: 2, borderColor: 'divider', ml: 0.5 } : {}) }}>
      {continues ? (
        <Box component="span" sx={visuallyHidden}>
          {product} ·{' '}
        </Box>
      ) : (
        <>{product} · </>
      )}
      <Box component="span" sx={{ color: 'primary.dark', fontWeight: 600 }}>
        {variant}
      </Box>
    </Box>
  );
}

/**
 * One product of the sheet: its facts, how many the cart holds, and the quantity to add, with
 * the problem to fix under the name (not a whole number, the server's refusal, or the product's
 * order rules for the quantity the cart would hold). A phone shows product, in cart and
 * quantity; the other columns' facts join the product's second line.
 */
export function QuickOrderRow({
  row,
  index,
  text,
  inCart,
  refusal,
  wide,
  continues = false,
  onChange,
  onKeyDown,
  inputRef,
}: {
  row: ProductSheetRow;
  /** The row's place among all loaded rows (0-based). */
  index: number;
  text: string;
  inCart: number;
  /** The server's reason for refusing this product's line, if it did. */
  refusal: string | undefined;
  wide: boolean;
  /** The row before is a variant of the same product: only the variant is named (indented). */
  continues?: boolean;
  onChange: (text: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  inputRef: (element: HTMLInputElement | null) => void;
}) {
  const typing = typingProblem(text);
  const rule =
    typing === null && text !== '' && Number(text) > 0 ? quantityRuleMessage(addedQuantity(inCart, Number(text)), row) : null;
  const problem = typing ?? refusal ?? rule;
  // A pre-order (issue 25) says when it ships instead of its stock, and closes after its order-by day.
  const closed = Boolean(row.preorder && preorderClosed(row.preorder));
  const preorder = row.preorder
    ? closed
      ? 'Pre-orders closed'
      : `Pre-order · ships ${formatShipWindow(row.preorder.ships_from, row.preorder.ships_until)}`
    : null;
  const soldOut = isOutOfStock(row.track_inventory, row.inventory_count) || closed;
  const unit = orderUnitLabel(row.order_unit, row.quantity_per_unit);
  const stock = preorder ?? stockLabel(row.track_inventory, row.inventory_count) ?? 'Available';
  const price = row.unit_price_in_cents === null ? '—' : formatCents(row.unit_price_in_cents);
  const problemId = `quick-order-problem-${row.id}`;
  // On a phone there is no Unit column: the price says what it is per ("$4.50 / case of 12").
  const phoneFacts = [row.stock_keeping_unit, wholesalePriceText(row.unit_price_in_cents, row), preorder ?? stockLabel(row.track_inventory, row.inventory_count)]
    .filter(Boolean)
    .join(' · ');
  const rules = rulesText(row);
  // Under an indented variant name, the second line is indented as far.
  const secondLine = { fontSize: '0.75rem', overflow: 'hidden', textOverflow: 'ellipsis', pl: continues ? '22px' : 0 } as const;
  return (
    <Box
      component="tr"
      aria-rowindex={index + 2}
      sx={{ bgcolor: problem ? 'rgba(211, 47, 47, 0.04)' : text ? 'rgba(110, 86, 207, 0.05)' : undefined }}
    >
      {wide && (
        <Box component="td" sx={{ ...cellSx, fontFamily: 'monospace' }}>
          {row.stock_keeping_unit ?? '—'}
        </Box>
      )}
      <Box component="td" sx={{ ...cellSx, py: 0.5 }}>
        <RowName row={row} continues={continues} />
        {problem ? (
          <Box id={problemId} sx={{ ...secondLine, color: 'error.main' }}>
            {problem}
          </Box>
        ) : (
          <Box sx={{ ...secondLine, color: 'text.secondary' }}>
            {wide ? rules : [phoneFacts, rules].filter(Boolean).join(' · ')}
          </Box>
        )}
      </Box>
      {wide && (
        <>
          <Box component="td" sx={cellSx}>
            {unit ?? '—'}
          </Box>
          <Box component="td" sx={{ ...cellSx, textAlign: 'right' }}>
            {price}
          </Box>
          <Box component="td" sx={{ ...cellSx, color: soldOut ? 'error.main' : 'text.secondary' }}>
            {stock}
          </Box>
        </>
      )}
      <Box component="td" sx={{ ...cellSx, textAlign: 'right', color: inCart ? 'text.primary' : 'text.secondary' }}>
        {inCart || '—'}
      </Box>
      <Box component="td" sx={{ ...cellSx, py: 0 }}>
        <InputBase
          value={text}
          onChange={(event) => onChange(event.target.value.trim())}
          onKeyDown={(event) => onKeyDown(event as KeyboardEvent<HTMLInputElement>)}
          disabled={soldOut}
          placeholder={soldOut ? '—' : '0'}
          inputRef={inputRef}
          inputProps={{
            inputMode: 'numeric',
            autoComplete: 'off',
            'aria-label': `Quantity of ${row.name} to add`,
            'aria-invalid': problem ? true : undefined,
            'aria-describedby': problem ? problemId : undefined,
          }}
          sx={{
            width: '100%',
            border: 1,
            borderColor: problem ? 'error.main' : 'rgba(0, 0, 0, 0.23)',
            borderRadius: 1,
            px: 1,
            height: 36,
            fontSize: '0.9375rem',
            bgcolor: soldOut ? 'action.hover' : 'background.paper',
            '&.Mui-focused': { borderColor: 'primary.main', boxShadow: '0 0 0 1px', color: 'primary.main' },
            '& input': { textAlign: 'right', color: 'text.primary' },
          }}
        />
      </Box>
    </Box>
  );
}
