import { useEffect, useMemo, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import { Navigate } from 'react-router';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { SearchField } from '../../../../components/SearchField';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { loadedItems } from '../../../../lib/api';
import { useCurrentUser } from '../../../../lib/current-user';
import { formatCents } from '../../../../lib/format';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useCart } from '../../cart/api';
import { cartPair } from '../../cart/cart-store';
import { isNotAvailableError, isOutOfStock } from '../../catalog/catalog-display';
import { useSheetRows } from '../api';
import { looksLikePastedLines } from '../bulk-lines';
import { useBuyerShell } from '../../components/BuyerShell';
import { PasteLinesDialog } from './PasteLinesDialog';
import { CatalogEmpty } from '../../catalog/components/CatalogEmpty';
import { HEADER_HEIGHT, QuickOrderHead, QuickOrderRow, ROW_HEIGHT, cellSx } from './QuickOrderRow';
import { useQuickOrderDrafts } from './useQuickOrderDrafts';
import { useRowWindow } from './useRowWindow';

/** The next page is asked for when the drawn rows come this close to the end of the loaded ones. */
const PRELOAD_ROWS = 60;

/**
 * The quick-order sheet (issue 13 item 4): the store's whole catalogue as a dense table — SKU,
 * name, unit, price, stock, how many the cart holds, and a quantity to add. The buyer filters
 * by SKU or name, types quantities down the column (Enter or ↓ to the next row, ↑ back) and adds
 * them all with one click (or Ctrl+Enter); a paste of "SKU, quantity" lines goes through the
 * paste dialog. Only the rows in view are drawn, so a 100,000-product store scrolls as a small
 * one does; pages of 200 rows load as the buyer scrolls.
 */
export function QuickOrderSheet({ orgId, storeName }: { orgId: string; storeName: string }) {
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

  const drafts = useQuickOrderDrafts(pair, cart);
  const { ready, units, valueCents, blocked, adding, addAll } = drafts;
  const [pasteText, setPasteText] = useState<string | null>(null);

  // ── Drawing only the rows in view ──
  const rowWindow = useRowWindow({ rowCount: rows.length, rowHeight: ROW_HEIGHT, headerHeight: HEADER_HEIGHT, resetKey: q });
  const { scroller, onScroll, first, last } = rowWindow;

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = sheet;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError && last >= rows.length - PRELOAD_ROWS) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, last, rows.length, fetchNextPage]);

  // ── Keyboard: Enter or ↓ to the next row's quantity, ↑ to the previous one (sold-out rows skipped) ──
  const moveTo = (from: number, step: 1 | -1) => {
    let target = from + step;
    while (target >= 0 && target < rows.length && isOutOfStock(rows[target]!.track_inventory, rows[target]!.inventory_count)) {
      target += step;
    }
    if (target < 0 || target >= rows.length) return;
    rowWindow.focusInput(target);
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
  const refusedList = [...drafts.refusals.values()];

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
              // Up to this tall, then it scrolls; a small catalog's sheet ends with its last row (issue 27).
              maxHeight: { xs: '62vh', md: 'min(640px, 66vh)' },
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
                <QuickOrderHead wide={wide} />
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
                      return (
                        <QuickOrderRow
                          key={row.id}
                          row={row}
                          index={index}
                          text={drafts.drafts.get(row.id)?.text ?? ''}
                          inCart={drafts.held(row.id)}
                          refusal={drafts.refusals.get(row.id)?.message}
                          wide={wide}
                          continues={index > 0 && rows[index - 1]!.product_id === row.product_id}
                          onChange={(text) => drafts.setDraft(row, text)}
                          onKeyDown={(event) => onQuantityKeyDown(event, index)}
                          inputRef={rowWindow.inputRef(index)}
                        />
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
            <Button onClick={drafts.clear} disabled={drafts.typed.length === 0 || adding}>
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
