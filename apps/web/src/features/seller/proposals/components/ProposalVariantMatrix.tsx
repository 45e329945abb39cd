import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  combinationKey,
  quantityProblem,
  quantityProblemMessage,
  variantTitle,
  type Product,
  type ProductVariant,
  type Proposal,
  type ProposalLineInput,
  type QuantityRules,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
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
import { lineIssue } from '../../../../components/orders/ProposalLines';
import { errorMessage } from '../../../../lib/api';
import { useEditProposalLines } from '../api';

/** A variant's order rules in the builder: the product's minimum, the variant's increment. */
export const variantRules = (product: Product, variant: ProductVariant): QuantityRules => ({
  minimum_order_quantity: product.minimum_order_quantity,
  order_increment: variant.order_increment,
});

/** Whether the seller can put the variant in an order: available, of a Live product. */
export const isSellable = (product: Product, variant: ProductVariant | undefined): variant is ProductVariant =>
  Boolean(variant?.available) && product.state?.state === 'Live';

/** "Order by size and colour": the grid's button, named by the options it lays out. */
export function matrixButtonLabel(product: Product): string {
  const names = product.options.slice(0, 2).map((o) => o.name.trim().toLowerCase());
  return names.length === 2 ? `Order by ${names[0]} and ${names[1]}` : `Order by ${names[0]}`;
}

const pieces = (n: number) => `${n} ${n === 1 ? 'piece' : 'pieces'}`;
const MAX_QUANTITY = 9_999;

/** What is wrong with a typed quantity: not a whole number, too many, or against the rules; null when fine. */
function problemOf(text: string, rules: QuantityRules): string | null {
  if (text === '') return null;
  if (!/^\d+$/.test(text)) return 'Type a whole number';
  const quantity = Number(text);
  if (quantity > MAX_QUANTITY) return 'At most 9,999';
  const problem = quantityProblem(quantity, rules);
  return problem === null ? null : quantityProblemMessage(problem, rules);
}

/**
 * The lines `lines` become with the matrix's quantities: each of the product's variants in the
 * order gets the typed quantity (none: removed), variants not yet in it are added after, the
 * other lines are kept as they are.
 */
export function withMatrixQuantities(
  lines: ProposalLineInput[],
  quantities: ReadonlyMap<string, number>,
): ProposalLineInput[] {
  const kept = lines
    .map((l) => (quantities.has(l.product_id) ? { ...l, quantity: quantities.get(l.product_id)! } : l))
    .filter((l) => l.quantity > 0);
  const present = new Set(lines.map((l) => l.product_id));
  const added = [...quantities]
    .filter(([id, quantity]) => quantity > 0 && !present.has(id))
    .map(([product_id, quantity]) => ({ product_id, quantity }));
  return [...kept, ...added];
}

/**
 * The builder's order grid (issue 25 part 2): the product's variants as quantity cells — the
 * first option down the side, the second across (one option: a single row; a third: picked
 * above the grid) — with row and column totals, each cell checked against the product's minimum
 * and the variant's increment as typed. It opens with the quantities the order holds; "Add to
 * order" sets them all in one PUT of the order's lines (other lines kept; a cleared cell removes
 * its line).
 */
export function ProposalVariantMatrix({
  orgId,
  proposal,
  product,
  onClose,
}: {
  orgId: string;
  proposal: Proposal;
  product: Product;
  onClose: () => void;
}) {
  const edit = useEditProposalLines(orgId, proposal.id);
  const toast = useToast();
  const headingId = useId();
  const table = useRef<HTMLTableElement>(null);
  const [texts, setTexts] = useState<ReadonlyMap<string, string>>(() => {
    const inOrder = new Map(proposal.lines.map((l) => [l.product_id, l.quantity]));
    return new Map(product.variants.filter((v) => inOrder.has(v.id)).map((v) => [v.id, String(inOrder.get(v.id))]));
  });
  const [sent, setSent] = useState<string[]>([]);

  const [first, second, third] = product.options;
  // One option: its values across a single row; more: the first down, the second across.
  const rowOption = second ? first : undefined;
  const columnOption = second ?? first;
  const [page, setPage] = useState(() => third?.values[0] ?? null);
  const rows: (string | null)[] = rowOption ? [...rowOption.values] : [null];
  const columns = columnOption?.values ?? [];

  const byCombination = useMemo(
    () => new Map(product.variants.map((v) => [combinationKey(v.option_values), v])),
    [product.variants],
  );
  const valuesOf = (row: string | null, column: string) => [
    ...(row === null ? [] : [row]),
    column,
    ...(page === null ? [] : [page]),
  ];
  const cellVariant = (row: string | null, column: string) => byCombination.get(combinationKey(valuesOf(row, column)));

  const sellable = product.variants.filter((v) => isSellable(product, v));
  const refused = edit.isError ? lineIssue(edit.error, sent) : null;
  const problemFor = (v: ProductVariant) =>
    problemOf(texts.get(v.id) ?? '', variantRules(product, v)) ??
    (refused?.productId === v.id ? refused.message : null);
  const quantityOf = (v: ProductVariant | undefined) => {
    const text = v ? (texts.get(v.id) ?? '') : '';
    return /^\d+$/.test(text) ? Number(text) : 0;
  };
  const problems = sellable.filter((v) => problemFor(v) !== null);
  const units = sellable.reduce((sum, v) => sum + quantityOf(v), 0);
  const rowTotal = (row: string | null) => columns.reduce((sum, c) => sum + quantityOf(cellVariant(row, c)), 0);
  const columnTotal = (column: string) => rows.reduce((sum, r) => sum + quantityOf(cellVariant(r, column)), 0);
  const pageTotal = rows.reduce((sum, r) => sum + rowTotal(r), 0);
  const unitsOnPage = (value: string) =>
    product.variants.filter((v) => v.option_values[2] === value).reduce((sum, v) => sum + quantityOf(v), 0);

  const inOrder = proposal.lines.some((l) => sellable.some((v) => v.id === l.product_id));
  const setText = (id: string, text: string) => {
    if (refused?.productId === id) edit.reset();
    setTexts((current) => {
      const next = new Map(current);
      if (text === '') next.delete(id);
      else next.set(id, text);
      return next;
    });
  };

  const addToOrder = () => {
    if (problems.length > 0 || (units === 0 && !inOrder)) return;
    const quantities = new Map(sellable.map((v) => [v.id, quantityOf(v)]));
    edit.mutate(
      (lines) => {
        const next = withMatrixQuantities(lines, quantities);
        setSent(next.map((l) => l.product_id));
        return next;
      },
      {
        onSuccess: () => {
          toast.show(
            units > 0 ? `${pieces(units)} of ${product.name} in the order` : `${product.name} removed from the order`,
          );
          onClose();
        },
      },
    );
  };

  /** Up and down move between rows, as in a spreadsheet (Tab and Shift+Tab go along them). */
  const onGridKey = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const input = event.target as HTMLElement;
    const row = Number(input.dataset.row);
    const column = input.dataset.column;
    if (Number.isNaN(row) || column === undefined) return;
    const step = event.key === 'ArrowDown' ? 1 : -1;
    for (let r = row + step; r >= 0 && r < rows.length; r += step) {
      const next = [...(table.current?.querySelectorAll<HTMLInputElement>('input[data-row]') ?? [])].find(
        (i) => i.dataset.row === String(r) && i.dataset.column === column,
      );
      if (next) {
        event.preventDefault();
        next.focus();
        return;
      }
    }
  };

  const gridName = `${product.name}${page !== null ? `, ${third!.name} ${page}` : ''}`;

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ border: line, borderRadius: 2, p: { xs: 1.5, sm: 2 }, bgcolor: 'background.paper' }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant="subtitle1" component="h3" sx={{ color: 'text.primary', fontWeight: 600 }}>
            {product.name}: {matrixButtonLabel(product).replace(/^Order/, 'order')}
          </Typography>
          <Typography variant="body2">
            Type how many of each. They replace what the order holds of {product.name}.
          </Typography>
        </Box>
        <IconButton aria-label={`Close the grid of ${product.name}`} onClick={onClose} size="small">
          <CloseIcon />
        </IconButton>
      </Stack>

      {third && (
        <TextField
          select
          size="small"
          label={third.name}
          value={page ?? ''}
          onChange={(e) => setPage(e.target.value)}
          sx={{ mt: 2, minWidth: 160 }}
        >
          {third.values.map((value) => {
            const count = unitsOnPage(value);
            return (
              <MenuItem key={value} value={value}>
                {value}
                {count > 0 ? ` (${count})` : ''}
              </MenuItem>
            );
          })}
        </TextField>
      )}

      {edit.isError && !sellable.some((v) => v.id === refused?.productId) && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(edit.error)}
        </Alert>
      )}

      {/* As wide as the grid (up to the card): a phone scrolls it sideways inside its own box. */}
      <Box sx={{ mt: 2, width: 'fit-content', maxWidth: '100%', overflowX: 'auto', border: line, borderRadius: 1 }}>
        <Box
          component="table"
          ref={table}
          aria-label={`Quantities of ${gridName}`}
          onKeyDown={onGridKey}
          sx={{ borderCollapse: 'separate', borderSpacing: 0 }}
        >
          <thead>
            {rowOption && (
              <tr>
                <Box component="td" sx={{ ...headCell, ...stickyCell, borderBottom: 0 }} />
                <Box
                  component="th"
                  scope="colgroup"
                  colSpan={columns.length}
                  sx={{ ...headCell, borderBottom: 0, pb: 0 }}
                >
                  {columnOption!.name}
                </Box>
                <Box component="td" sx={{ ...headCell, borderBottom: 0 }} />
              </tr>
            )}
            <tr>
              <Box component="th" scope="col" sx={{ ...headCell, ...stickyCell, textAlign: 'left' }}>
                {(rowOption ?? columnOption)?.name}
              </Box>
              {columns.map((column) => (
                <Box key={column} component="th" scope="col" sx={headCell}>
                  {column}
                </Box>
              ))}
              <Box component="th" scope="col" sx={headCell}>
                Total
              </Box>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={row ?? 'quantity'}>
                <Box component="th" scope="row" sx={{ ...bodyCell, ...stickyCell, textAlign: 'left', fontWeight: 600 }}>
                  {row ?? 'Quantity'}
                </Box>
                {columns.map((column) => {
                  const variant = cellVariant(row, column);
                  return (
                    <Box key={column} component="td" sx={bodyCell}>
                      {isSellable(product, variant) ? (
                        <QuantityCell
                          title={variantTitle(valuesOf(row, column))}
                          text={texts.get(variant.id) ?? ''}
                          problem={problemFor(variant)}
                          position={{ row: r, column }}
                          onChange={(text) => setText(variant.id, text)}
                        />
                      ) : (
                        <Box
                          aria-label={`${variantTitle(valuesOf(row, column))}: ${variant ? 'not for sale' : 'not sold'}`}
                          sx={{ textAlign: 'center', color: 'text.disabled' }}
                        >
                          —
                        </Box>
                      )}
                    </Box>
                  );
                })}
                <Box component="td" sx={{ ...bodyCell, ...totalCell }}>
                  {rowTotal(row) || '—'}
                </Box>
              </tr>
            ))}
          </tbody>
          {rowOption && (
            <tfoot>
              <tr>
                <Box component="th" scope="row" sx={{ ...footCell, ...stickyCell, textAlign: 'left' }}>
                  Total
                </Box>
                {columns.map((column) => (
                  <Box key={column} component="td" sx={{ ...footCell, ...totalCell }}>
                    {columnTotal(column) || '—'}
                  </Box>
                ))}
                <Box component="td" sx={{ ...footCell, ...totalCell }}>
                  {pageTotal || '—'}
                </Box>
              </tr>
            </tfoot>
          )}
        </Box>
      </Box>

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box role="status">
          <Typography variant="body2" sx={{ color: 'text.primary', fontWeight: 600 }}>
            {units === 0 ? 'No quantities yet' : pieces(units)}
          </Typography>
          {problems.length > 0 && (
            <Typography variant="body2" sx={{ color: 'error.main' }}>
              {problems.length === 1 ? '1 quantity needs fixing' : `${problems.length} quantities need fixing`}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="contained"
            onClick={addToOrder}
            disabled={problems.length > 0 || (units === 0 && !inOrder) || edit.isPending}
          >
            {edit.isPending ? 'Adding…' : 'Add to order'}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** One cell: the quantity input, and under it the rule it breaks. */
function QuantityCell({
  title,
  text,
  problem,
  position,
  onChange,
}: {
  title: string;
  text: string;
  problem: string | null;
  position: { row: number; column: string };
  onChange: (text: string) => void;
}) {
  const noteId = useId();
  return (
    <Box sx={{ minWidth: 64, display: 'grid', justifyItems: 'center', gap: 0.25 }}>
      <InputBase
        value={text}
        onChange={(event) => onChange(event.target.value.trim())}
        placeholder="0"
        inputProps={{
          inputMode: 'numeric',
          autoComplete: 'off',
          'aria-label': `${title} quantity`,
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': problem ? noteId : undefined,
          'data-row': position.row,
          'data-column': position.column,
        }}
        sx={{ ...quantityInputSx(Boolean(problem)), width: 60, height: 34 }}
      />
      {problem && (
        <Box
          id={noteId}
          sx={{ fontSize: '0.6875rem', lineHeight: 1.3, textAlign: 'center', maxWidth: 96, color: 'error.main' }}
        >
          {problem}
        </Box>
      )}
    </Box>
  );
}
