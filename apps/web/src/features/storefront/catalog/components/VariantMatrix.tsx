import { useMemo, useState } from 'react';
import {
  combinationKey,
  quantityRuleMessage,
  unitPriceForQuantity,
  variantTitle,
  type Product,
  type ProductVariant,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useQueryClient } from '@tanstack/react-query';
import {
  bodyCell,
  footCell,
  gridLine as line,
  headCell,
  quantityInputSx,
  stickyCell,
  totalCell,
} from '../../../../components/orders/order-grid-cells';
import { useToast } from '../../../../components/Toast';
import { errorMessage } from '../../../../lib/api';
import { useCurrentUser } from '../../../../lib/current-user';
import { formatCents } from '../../../../lib/format';
import { useCart } from '../../cart/api';
import { cartPair } from '../../cart/cart-store';
import { setCartLines } from '../../quick-order/api';
import { addedQuantity, heldQuantity } from '../../quick-order/bulk-lines';
import { typingProblem } from '../../quick-order/components/useQuickOrderDrafts';
import { isOrderable, variantRules } from '../variant-display';

const pieces = (n: number) => `${n} ${n === 1 ? 'piece' : 'pieces'}`;

/** A typed quantity of a variant: what it is, how many the cart will hold, what it costs, what is wrong. */
interface Entry {
  variant: ProductVariant;
  text: string;
  quantity: number;
  problem: string | null;
  cents: number;
}

/**
 * The order grid (issue 24): every variant of a product as a quantity cell of a table — the
 * first option down the side (Size), the second across (Colour); a product with one option is a
 * single column, one with three picks the third option's value first. Row, column and grand
 * totals; the price of each variant at the quantity the cart will hold (its own price breaks);
 * each cell checked against the variant's minimum, increment and stock as typed. One button adds
 * every quantity in one request (PUT /api/cart/{id}/line_items, as the quick-order sheet does),
 * ADDING to what the cart holds; refused lines stay typed with the server's reason.
 */
export function VariantMatrix({ orgId, product, onClose }: { orgId: string; product: Product; onClose: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const pair = cartPair(useCurrentUser().data, orgId);
  const cart = useCart(orgId).data;
  const [texts, setTexts] = useState<ReadonlyMap<string, string>>(new Map());
  const [refusals, setRefusals] = useState<ReadonlyMap<string, string>>(new Map());
  const [adding, setAdding] = useState(false);

  const [rowOption, columnOption, pageOption] = product.options;
  const [page, setPage] = useState(() => pageOption?.values[0] ?? null);
  const columns = columnOption ? columnOption.values : [null];
  const rows = rowOption ? rowOption.values : [];

  const held = (id: string) => (cart ? heldQuantity(cart, { product_id: id }) : 0);

  const entryOf = (variant: ProductVariant, text: string): Entry => {
    const typing = typingProblem(text);
    const quantity = typing === null && text !== '' ? Number(text) : 0;
    const total = addedQuantity(held(variant.id), quantity);
    const rules = variantRules(product, variant);
    let problem = typing ?? refusals.get(variant.id) ?? null;
    if (!problem && quantity > 0) {
      problem =
        variant.track_inventory && total > variant.inventory_count
          ? `Only ${Math.max(0, variant.inventory_count - held(variant.id))} more available`
          : quantityRuleMessage(total, rules);
    }
    const cents = quantity * unitPriceForQuantity(rules.unit_price_in_cents, rules.price_breaks, total);
    return { variant, text, quantity, problem, cents };
  };

  const entries = product.variants
    .filter((v) => texts.has(v.id))
    .map((v) => entryOf(v, texts.get(v.id)!));
  const byId = new Map(entries.map((e) => [e.variant.id, e]));
  const ready = entries.filter((e) => e.quantity > 0 && e.problem === null);
  const problems = entries.filter((e) => e.problem !== null);
  const units = entries.reduce((sum, e) => sum + e.quantity, 0);
  const cents = entries.reduce((sum, e) => sum + e.cents, 0);

  // By combination, so a grid of up to 2,048 cells finds each cell's variant at once.
  const byCombination = useMemo(
    () => new Map(product.variants.map((v) => [combinationKey(v.option_values), v])),
    [product.variants],
  );
  const cellVariant = (row: string, column: string | null) =>
    byCombination.get(combinationKey([row, ...(column === null ? [] : [column]), ...(page === null ? [] : [page])]));
  const unitsOf = (variant: ProductVariant | undefined) => (variant ? (byId.get(variant.id)?.quantity ?? 0) : 0);
  const rowTotal = (row: string) => columns.reduce((sum, c) => sum + unitsOf(cellVariant(row, c)), 0);
  const columnTotal = (column: string | null) => rows.reduce((sum, r) => sum + unitsOf(cellVariant(r, column)), 0);
  const pageTotal = rows.reduce((sum, r) => sum + rowTotal(r), 0);

  // One price for every variant: said once above the grid instead of in each cell.
  const prices = new Set(product.variants.filter((v) => v.available).map((v) => v.unit_price_in_cents));
  const onePrice = prices.size === 1 ? [...prices][0] : undefined;

  const setText = (id: string, text: string) => {
    setTexts((current) => {
      const next = new Map(current);
      if (text === '') next.delete(id);
      else next.set(id, text);
      return next;
    });
    if (refusals.has(id)) setRefusals((current) => new Map([...current].filter(([key]) => key !== id)));
  };

  const addAll = async () => {
    if (!pair || ready.length === 0 || problems.length > 0 || adding) return;
    const sending = ready;
    setAdding(true);
    try {
      const answer = await setCartLines(client, pair, (current) =>
        sending.map((e) => ({
          product_id: e.variant.id,
          quantity: addedQuantity(heldQuantity(current, { product_id: e.variant.id }), e.quantity),
        })),
      );
      const refused = new Map<string, string>();
      const added = new Set<string>();
      let addedUnits = 0;
      for (const result of answer.results) {
        const entry = sending[result.index]!;
        if (result.status === 'refused') refused.set(entry.variant.id, result.message ?? 'Could not be added');
        else {
          added.add(entry.variant.id);
          addedUnits += entry.quantity;
        }
      }
      setTexts((current) => new Map([...current].filter(([id]) => !added.has(id))));
      setRefusals(refused);
      if (refused.size === 0) toast.show(`Added ${pieces(addedUnits)} of ${product.name} to your cart.`, { severity: 'success' });
      else
        toast.show(`Added ${pieces(addedUnits)} to your cart; ${refused.size} could not be added.`, { severity: 'warning' });
    } catch (error) {
      toast.show(errorMessage(error), { severity: 'error' });
    } finally {
      setAdding(false);
    }
  };

  const headingId = 'variant-matrix-heading';
  const refusedEntries = entries.filter((e) => refusals.has(e.variant.id));

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2.5 } }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Box>
          <Typography id={headingId} variant="h6" component="h2">
            Order grid
          </Typography>
          <Typography variant="body2">
            Type how many of each to add{onePrice != null ? ` · ${formatCents(onePrice)} each` : ''}. Quantities are
            added to what your cart holds.
          </Typography>
        </Box>
        <IconButton aria-label="Close the order grid" onClick={onClose} size="small">
          <CloseIcon />
        </IconButton>
      </Stack>

      {pageOption && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="p" sx={{ color: 'text.primary', mb: 0.75 }}>
            {`Pick a ${pageOption.name.toLowerCase()}, then fill its grid`}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            aria-label={`${pageOption.name} of the grid`}
            value={page}
            onChange={(_, value: string | null) => value !== null && setPage(value)}
            sx={{ flexWrap: 'wrap' }}
          >
            {pageOption.values.map((value) => {
              const count = product.variants
                .filter((v) => v.option_values[2] === value)
                .reduce((sum, v) => sum + unitsOf(v), 0);
              return (
                <ToggleButton key={value} value={value} sx={{ textTransform: 'none', px: 1.5 }}>
                  {value}
                  {count > 0 && ` (${count})`}
                </ToggleButton>
              );
            })}
          </ToggleButtonGroup>
        </Box>
      )}

      {refusedEntries.length > 0 && (
        <Alert severity="warning" role="alert" sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="p">
            Not added to your cart
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {refusedEntries.map((e) => (
              <li key={e.variant.id}>
                {e.variant.title}: {refusals.get(e.variant.id)}
              </li>
            ))}
          </Box>
        </Alert>
      )}

      {/* As wide as the grid (up to the card): a phone scrolls it sideways inside, the page stays put. */}
      <Box
        sx={{ mt: 2, width: 'fit-content', maxWidth: '100%', overflowX: 'auto', border: line, borderRadius: 2 }}
      >
        <Box
          component="table"
          aria-label={`Order grid of ${product.name}${page ? `, ${pageOption!.name} ${page}` : ''}`}
          sx={{ borderCollapse: 'separate', borderSpacing: 0 }}
        >
          <thead>
            {columnOption && (
              <tr>
                <Box component="td" sx={{ ...headCell, ...stickyCell, borderBottom: 0 }} />
                <Box component="th" scope="colgroup" colSpan={columns.length} sx={{ ...headCell, borderBottom: 0, pb: 0 }}>
                  {columnOption.name}
                </Box>
                <Box component="td" sx={{ ...headCell, borderBottom: 0 }} />
              </tr>
            )}
            <tr>
              <Box component="th" scope="col" sx={{ ...headCell, ...stickyCell, textAlign: 'left' }}>
                {rowOption?.name}
              </Box>
              {columns.map((column) => (
                <Box key={column ?? 'quantity'} component="th" scope="col" sx={headCell}>
                  {column ?? 'Quantity'}
                </Box>
              ))}
              {columnOption && (
                <Box component="th" scope="col" sx={{ ...headCell, px: 2 }}>
                  Total
                </Box>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row}>
                <Box component="th" scope="row" sx={{ ...bodyCell, ...stickyCell, textAlign: 'left', fontWeight: 600 }}>
                  {row}
                </Box>
                {columns.map((column) => {
                  const variant = cellVariant(row, column);
                  return (
                    <Box key={column ?? 'quantity'} component="td" sx={bodyCell}>
                      <QuantityCell
                        variant={variant}
                        values={[row, ...(column === null ? [] : [column]), ...(page === null ? [] : [page])]}
                        entry={variant ? byId.get(variant.id) : undefined}
                        showPrice={onePrice === undefined}
                        onChange={(text) => variant && setText(variant.id, text)}
                      />
                    </Box>
                  );
                })}
                {columnOption && (
                  <Box component="td" sx={{ ...bodyCell, ...totalCell, px: 2 }}>
                    {rowTotal(row) || '—'}
                  </Box>
                )}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <Box component="th" scope="row" sx={{ ...footCell, ...stickyCell, textAlign: 'left' }}>
                Total
              </Box>
              {columns.map((column) => (
                <Box key={column ?? 'quantity'} component="td" sx={{ ...footCell, ...totalCell }}>
                  {columnTotal(column) || '—'}
                </Box>
              ))}
              {columnOption && (
                <Box component="td" sx={{ ...footCell, ...totalCell, px: 2 }}>
                  {pageTotal || '—'}
                </Box>
              )}
            </tr>
          </tfoot>
        </Box>
      </Box>

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box role="status">
          <Typography variant="body1" sx={{ color: 'text.primary', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {units === 0 ? 'No quantities typed yet' : `${pieces(units)} · ${formatCents(cents)}`}
          </Typography>
          {problems.length > 0 && (
            <Typography variant="body2" sx={{ color: 'error.main' }}>
              {problems.length === 1 ? '1 quantity needs fixing' : `${problems.length} quantities need fixing`}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => (setTexts(new Map()), setRefusals(new Map()))} disabled={texts.size === 0 || adding}>
            Clear
          </Button>
          <Button
            variant="contained"
            onClick={() => void addAll()}
            disabled={units === 0 || problems.length > 0 || adding || !pair}
          >
            {adding ? 'Adding…' : units > 0 ? `Add ${pieces(units)} to cart` : 'Add to cart'}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

/** One cell: the quantity input, and under it the variant's price, stock or the problem to fix. */
function QuantityCell({
  variant,
  values,
  entry,
  showPrice,
  onChange,
}: {
  variant: ProductVariant | undefined;
  values: string[];
  entry: Entry | undefined;
  showPrice: boolean;
  onChange: (text: string) => void;
}) {
  const title = variantTitle(values);
  const orderable = isOrderable(variant);
  const problem = entry?.problem ?? null;
  const noteId = variant ? `matrix-note-${variant.id}` : undefined;
  const note = !variant || !variant.available
    ? 'Unavailable'
    : !orderable
      ? 'Out of stock'
      : (problem ??
        [
          showPrice && variant.unit_price_in_cents !== null ? formatCents(variant.unit_price_in_cents) : null,
          variant.track_inventory ? `${variant.inventory_count} left` : null,
        ]
          .filter(Boolean)
          .join(' · '));
  return (
    <Box sx={{ minWidth: 76, display: 'grid', justifyItems: 'center', gap: 0.25 }}>
      <InputBase
        value={entry?.text ?? ''}
        onChange={(event) => onChange(event.target.value.trim())}
        disabled={!orderable}
        placeholder={orderable ? '0' : '—'}
        inputProps={{
          inputMode: 'numeric',
          autoComplete: 'off',
          'aria-label': `Quantity for ${title}`,
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': note ? noteId : undefined,
        }}
        sx={{
          ...quantityInputSx(Boolean(problem)),
          width: 72,
          bgcolor: orderable ? (entry ? 'rgba(110, 86, 207, 0.06)' : 'background.paper') : 'action.hover',
        }}
      />
      {note && (
        <Box
          id={noteId}
          sx={{
            fontSize: '0.6875rem',
            lineHeight: 1.3,
            textAlign: 'center',
            // One line of facts ("$12.00 · 40 left"); a problem may wrap under a narrow cell.
            ...(problem ? { maxWidth: 104 } : { whiteSpace: 'nowrap' }),
            color: problem ? 'error.main' : 'text.secondary',
          }}
        >
          {note}
        </Box>
      )}
    </Box>
  );
}

export default VariantMatrix;
