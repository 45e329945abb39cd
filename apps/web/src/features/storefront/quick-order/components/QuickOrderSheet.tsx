import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputBase from '@mui/material/InputBase';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import {
  priceBreakLabel,
  quantityRuleMessage,
  unitPriceForQuantity,
  type ProductSheetRow,
} from '@cratebase/contract';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { SearchField } from '../../../../components/SearchField';
import { useToast } from '../../../../components/Toast';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { errorMessage, loadedItems } from '../../../../lib/api';
import { useCurrentUser } from '../../../../lib/current-user';
import { formatCents } from '../../../../lib/format';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useCart } from '../../cart/api';
import { cartPair } from '../../cart/cart-store';
import { isNotAvailableError, isOutOfStock, orderUnitLabel, stockLabel } from '../../catalog/catalog-display';
import { setCartLines, useSheetRows } from '../api';
import { addedQuantity, heldQuantity, looksLikePastedLines } from '../bulk-lines';
import { useBuyerShell } from '../../components/BuyerShell';
import { PasteLinesDialog } from './PasteLinesDialog';
import { CatalogEmpty } from '../../catalog/components/CatalogEmpty';

/** Every row is this tall (two lines of text), so the sheet can draw only the rows in view. */
const ROW_HEIGHT = 56;
const HEADER_HEIGHT = 44;
/** Rows drawn above and below the visible ones, so fast scrolling and arrow keys meet drawn rows. */
const OVERSCAN = 8;
/** The next page is asked for when the drawn rows come this close to the end of the loaded ones. */
const PRELOAD_ROWS = 60;

/** A quantity typed for a product, with the row it was typed in (it stays when the filter changes). */
interface Draft {
  row: ProductSheetRow;
  text: string;
}

const WHOLE_NUMBER = /^\d+$/;

/** Why the typed text cannot be sent ("" = nothing typed), or null when it can. */
function typingProblem(text: string): string | null {
  if (text === '' || WHOLE_NUMBER.test(text)) return null;
  return 'Type a whole number';
}

/** The rules line under a product's name: volume price, minimum and increment. */
function rulesText(row: ProductSheetRow): string {
  const parts: string[] = [];
  if (row.minimum_order_quantity > 1) parts.push(`Min ${row.minimum_order_quantity}`);
  if (row.order_increment > 1) parts.push(`Multiples of ${row.order_increment}`);
  for (const b of row.price_breaks) parts.push(priceBreakLabel(b));
  return parts.join(' · ');
}


const cellSx = {
  px: 1.5,
  height: ROW_HEIGHT,
  borderBottom: 1,
  borderColor: 'divider',
  fontSize: '0.875rem',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
} as const;

const headSx = {
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

/**
 * The quick-order sheet (issue 13 item 4): the store's whole catalogue as a dense table — SKU,
 * name, unit, price, stock, how many the cart holds, and a quantity to add. The buyer filters
 * by SKU or name, types quantities down the column (Enter or ↓ to the next row, ↑ back) and adds
 * them all with one click (or Ctrl+Enter); a paste of "SKU, quantity" lines goes through the
 * paste dialog. Only the rows in view are drawn, so a 100,000-product store scrolls as a small
 * one does; pages of 200 rows load as the buyer scrolls.
 */
export function QuickOrderSheet({ orgId, storeName }: { orgId: string; storeName: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const shell = useBuyerShell();
  const pair = cartPair(useCurrentUser().data, orgId);
  const cart = useCart(orgId).data;
  // A phone shows product, in cart and quantity; the other columns' facts join the product's second line.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const columns = wide ? 7 : 3;

  const [filter, setFilter] = useState('');
  const q = useDebouncedValue(filter.trim(), 250);
  const sheet = useSheetRows(orgId, q);
  const rows = useMemo(() => loadedItems(sheet.data) ?? [], [sheet.data]);

  const [drafts, setDrafts] = useState<ReadonlyMap<string, Draft>>(new Map());
  /** The server's reasons for the lines it refused, by product, until the quantity is changed. */
  const [refusals, setRefusals] = useState<ReadonlyMap<string, { name: string; message: string }>>(new Map());
  const [adding, setAdding] = useState(false);
  const [pasteText, setPasteText] = useState<string | null>(null);

  // ── Drawing only the rows in view ──
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 640 });
  // The scroller exists once there are rows to show: measure it then.
  const hasRows = rows.length > 0;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setView({ top: element.scrollTop, height: element.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasRows]);
  const onScroll = () => {
    const element = scroller.current;
    if (element) setView({ top: element.scrollTop, height: element.clientHeight });
  };
  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = sheet;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError && last >= rows.length - PRELOAD_ROWS) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, last, rows.length, fetchNextPage]);

  // A new filter starts at the top.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [q]);

  // ── Keyboard: Enter or ↓ to the next row's quantity, ↑ to the previous one ──
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const moveTo = useCallback(
    (from: number, step: 1 | -1) => {
      let target = from + step;
      while (target >= 0 && target < rows.length && isOutOfStock(rows[target]!.track_inventory, rows[target]!.inventory_count)) {
        target += step;
      }
      if (target < 0 || target >= rows.length) return;
      const element = scroller.current;
      if (element) {
        const rowTop = target * ROW_HEIGHT;
        const visible = element.clientHeight - HEADER_HEIGHT;
        if (rowTop < element.scrollTop) element.scrollTop = rowTop;
        else if (rowTop + ROW_HEIGHT > element.scrollTop + visible) element.scrollTop = rowTop + ROW_HEIGHT - visible;
      }
      setFocusRow(target);
    },
    [rows],
  );
  useLayoutEffect(() => {
    if (focusRow === null) return;
    const input = inputs.current.get(focusRow);
    if (!input) return;
    input.focus();
    input.select();
    setFocusRow(null);
  }, [focusRow, first, last]);

  // ── What the buyer typed ──
  const typed = [...drafts.values()].filter((d) => d.text !== '');
  const ready = typed.filter((d) => typingProblem(d.text) === null && Number(d.text) > 0);
  const units = ready.reduce((sum, d) => sum + Number(d.text), 0);
  const held = (productId: string) => (cart ? heldQuantity(cart, { product_id: productId }) : 0);
  const valueCents = ready.reduce((sum, d) => {
    const total = addedQuantity(held(d.row.id), Number(d.text));
    return sum + Number(d.text) * unitPriceForQuantity(d.row.unit_price_in_cents, d.row.price_breaks, total);
  }, 0);
  const blocked = typed.length - ready.length;

  const setDraft = (row: ProductSheetRow, text: string) => {
    setDrafts((current) => {
      const next = new Map(current);
      if (text === '') next.delete(row.id);
      else next.set(row.id, { row, text });
      return next;
    });
    if (refusals.has(row.id)) {
      setRefusals((current) => {
        const next = new Map(current);
        next.delete(row.id);
        return next;
      });
    }
  };

  const addAll = async () => {
    if (!pair || ready.length === 0 || adding) return;
    const sending = ready;
    setAdding(true);
    try {
      const answer = await setCartLines(client, pair, (current) =>
        sending.map((d) => ({
          product_id: d.row.id,
          quantity: addedQuantity(heldQuantity(current, { product_id: d.row.id }), Number(d.text)),
        })),
      );
      const refused = new Map<string, { name: string; message: string }>();
      const added = new Set<string>();
      for (const result of answer.results) {
        const draft = sending[result.index]!;
        if (result.status === 'refused') {
          refused.set(draft.row.id, { name: draft.row.name, message: result.message ?? 'Could not be added' });
        } else {
          added.add(draft.row.id);
        }
      }
      setDrafts((current) => new Map([...current].filter(([id]) => !added.has(id))));
      setRefusals(refused);
      const products = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;
      if (refused.size === 0) {
        toast.show(`Added ${products(added.size)} to your cart.`, { severity: 'success' });
      } else {
        toast.show(`Added ${products(added.size)} to your cart; ${refused.size} could not be added.`, {
          severity: 'warning',
        });
      }
    } catch (error) {
      toast.show(errorMessage(error), { severity: 'error' });
    } finally {
      setAdding(false);
    }
  };

  const onQuantityKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void addAll();
    } else if (event.key === 'Enter' || event.key === 'ArrowDown') {
      event.preventDefault();
      moveTo(index, 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      moveTo(index, -1);
    }
  };

  /** A spreadsheet selection pasted into the sheet opens the paste dialog with it. */
  const onPaste = (event: ClipboardEvent) => {
    const text = event.clipboardData.getData('text');
    if (!looksLikePastedLines(text)) return;
    event.preventDefault();
    setPasteText(text);
  };

  // ── States around the table ──
  if (sheet.isError && rows.length === 0 && !sheet.data) {
    if (isNotAvailableError(sheet.error)) return <Navigate to={`/storefront/${orgId}/not-found`} replace />;
    return (
      <QueryErrorAlert
        error={sheet.error}
        onRetry={() => void sheet.refetch()}
        prefix={`We could not load ${storeName}’s products.`}
      />
    );
  }

  const loadingFirst = !sheet.data;
  const empty = !loadingFirst && rows.length === 0;
  const refusedList = [...refusals.values()];

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box onPaste={onPaste}>
          <SearchField label="Filter by SKU or name" value={filter} onChange={setFilter} />
        </Box>
        <Button variant="outlined" startIcon={<ContentPasteIcon />} onClick={() => setPasteText('')}>
          Paste from spreadsheet
        </Button>
      </Stack>
      <Typography variant="body2">
        Type how many to add in the last column — Enter moves down — then add everything at once. Quantities are added
        to what your cart holds.
      </Typography>

      {refusedList.length > 0 && (
        <Alert severity="warning" role="alert">
          <Typography variant="subtitle2" component="p">
            Not added to your cart
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {refusedList.slice(0, 5).map((r) => (
              <li key={r.name}>
                {r.name}: {r.message}
              </li>
            ))}
            {refusedList.length > 5 && <li>and {refusedList.length - 5} more, marked in the sheet</li>}
          </Box>
        </Alert>
      )}

      <Card variant="outlined" sx={{ overflow: 'hidden' }}>
        {empty ? (
          <CatalogEmpty q={q} storeName={storeName} onClearSearch={() => setFilter('')} />
        ) : (
          <Box
            ref={scroller}
            onScroll={onScroll}
            onPaste={onPaste}
            sx={{
              height: { xs: '62vh', md: 'min(640px, 66vh)' },
              overflow: 'auto',
              transition: 'opacity 120ms',
              opacity: sheet.isPlaceholderData ? 0.55 : 1,
            }}
          >
            <Box
              component="table"
              aria-label={`${storeName} quick order`}
              aria-rowcount={rows.length + 1}
              aria-busy={loadingFirst || sheet.isPlaceholderData || isFetchingNextPage}
              sx={{ width: '100%', borderCollapse: 'separate', borderSpacing: 0, tableLayout: 'fixed' }}
            >
              <colgroup>
                {wide && <col style={{ width: 140 }} />}
                <col />
                {wide && (
                  <>
                    <col style={{ width: 130 }} />
                    <col style={{ width: 100 }} />
                    <col style={{ width: 116 }} />
                  </>
                )}
                <col style={{ width: wide ? 80 : 72 }} />
                <col style={{ width: wide ? 104 : 84 }} />
              </colgroup>
              <thead>
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
              </thead>
              <tbody>
                {loadingFirst ? (
                  Array.from({ length: 8 }, (_, i) => (
                    <tr key={i} aria-hidden>
                      <Box component="td" colSpan={columns} sx={cellSx}>
                        <Skeleton variant="text" width={`${60 + ((i * 13) % 35)}%`} />
                      </Box>
                    </tr>
                  ))
                ) : (
                  <>
                    {first > 0 && (
                      <tr aria-hidden>
                        <td colSpan={columns} style={{ height: first * ROW_HEIGHT, padding: 0 }} />
                      </tr>
                    )}
                    {rows.slice(first, last).map((row, offset) => {
                      const index = first + offset;
                      const draft = drafts.get(row.id);
                      const text = draft?.text ?? '';
                      const inCart = held(row.id);
                      const typing = typingProblem(text);
                      const rule =
                        typing === null && text !== '' && Number(text) > 0
                          ? quantityRuleMessage(addedQuantity(inCart, Number(text)), row)
                          : null;
                      const problem = typing ?? refusals.get(row.id)?.message ?? rule;
                      const soldOut = isOutOfStock(row.track_inventory, row.inventory_count);
                      const unit = orderUnitLabel(row.order_unit, row.quantity_per_unit);
                      const stock = stockLabel(row.track_inventory, row.inventory_count) ?? 'Available';
                      const price = row.unit_price_in_cents === null ? '—' : formatCents(row.unit_price_in_cents);
                      const problemId = `quick-order-problem-${row.id}`;
                      const phoneFacts = [row.stock_keeping_unit, price, stockLabel(row.track_inventory, row.inventory_count)]
                        .filter(Boolean)
                        .join(' · ');
                      const rules = rulesText(row);
                      return (
                        <Box
                          component="tr"
                          key={row.id}
                          aria-rowindex={index + 2}
                          sx={{ bgcolor: problem ? 'rgba(211, 47, 47, 0.04)' : text ? 'rgba(110, 86, 207, 0.05)' : undefined }}
                        >
                          {wide && (
                            <Box component="td" sx={{ ...cellSx, fontFamily: 'monospace' }}>
                              {row.stock_keeping_unit ?? '—'}
                            </Box>
                          )}
                          <Box component="td" sx={{ ...cellSx, py: 0.5 }}>
                            <Box sx={{ overflow: 'hidden', textOverflow: 'ellipsis', color: 'text.primary', fontWeight: 500 }}>
                              {row.name}
                            </Box>
                            {problem ? (
                              <Box
                                id={problemId}
                                sx={{ fontSize: '0.75rem', color: 'error.main', overflow: 'hidden', textOverflow: 'ellipsis' }}
                              >
                                {problem}
                              </Box>
                            ) : (
                              <Box
                                sx={{ fontSize: '0.75rem', color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis' }}
                              >
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
                              onChange={(event) => setDraft(row, event.target.value.trim())}
                              onKeyDown={(event) => onQuantityKeyDown(event as KeyboardEvent<HTMLInputElement>, index)}
                              disabled={soldOut}
                              placeholder={soldOut ? '—' : '0'}
                              inputRef={(element: HTMLInputElement | null) => {
                                if (element) inputs.current.set(index, element);
                                else inputs.current.delete(index);
                              }}
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
                    })}
                    {last < rows.length && (
                      <tr aria-hidden>
                        <td colSpan={columns} style={{ height: (rows.length - last) * ROW_HEIGHT, padding: 0 }} />
                      </tr>
                    )}
                  </>
                )}
              </tbody>
            </Box>
            {isFetchNextPageError && (
              <Box sx={{ p: 2 }}>
                <QueryErrorAlert
                  error={sheet.error}
                  onRetry={() => void fetchNextPage()}
                  prefix="We could not load more products."
                />
              </Box>
            )}
          </Box>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{
            px: 2,
            py: 1.5,
            borderTop: 1,
            borderColor: 'divider',
            alignItems: { sm: 'center' },
            justifyContent: 'space-between',
            bgcolor: 'background.default',
          }}
        >
          <Box role="status">
            <Typography variant="body2" sx={{ color: 'text.primary', fontWeight: 500 }}>
              {ready.length === 0
                ? 'No quantities typed yet'
                : `${ready.length} ${ready.length === 1 ? 'product' : 'products'} · ${units} ${units === 1 ? 'unit' : 'units'} · ${formatCents(valueCents)}`}
            </Typography>
            {blocked > 0 && (
              <Typography variant="caption" sx={{ color: 'error.main' }}>
                {blocked} {blocked === 1 ? 'quantity needs' : 'quantities need'} fixing
              </Typography>
            )}
            <Box component="span" sx={visuallyHidden}>
              {loadingFirst ? 'Loading products' : `Showing ${rows.length}${hasNextPage ? '+' : ''} products`}
            </Box>
          </Box>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              onClick={() => {
                setDrafts(new Map());
                setRefusals(new Map());
              }}
              disabled={typed.length === 0 || adding}
            >
              Clear
            </Button>
            <Button variant="outlined" onClick={shell.openCart}>
              View cart
            </Button>
            <Button variant="contained" onClick={() => void addAll()} disabled={ready.length === 0 || adding || !pair}>
              {adding ? 'Adding…' : 'Add to cart'}
            </Button>
          </Stack>
        </Stack>
      </Card>

      {pasteText !== null && pair && (
        <PasteLinesDialog
          pair={pair}
          initialText={pasteText}
          onClose={() => setPasteText(null)}
        />
      )}
    </Stack>
  );
}

export default QuickOrderSheet;
