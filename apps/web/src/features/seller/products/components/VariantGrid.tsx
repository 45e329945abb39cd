import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { PRODUCT_LIMITS } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import {
  centsToDollarsText,
  dollarsTextToCents,
  MoneyInput,
  sanitizeDollarsInput,
} from '../../../../components/MoneyInput';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { PAGED_ABOVE, rowKey, rowTitle, VARIANT_PAGE_SIZE, type VariantRow } from '../variants-form';

export interface VariantGridProps {
  rows: VariantRow[];
  onChange: (rows: VariantRow[]) => void;
  /** Whether stock is tracked (the Stock column shows only then). */
  trackInventory: boolean;
  /** Problems by path ("variants.3.stock_keeping_unit"); the index is the row's. */
  issues: Partial<Record<string, string>>;
  /** Opens the inventory dialog for a saved variant. */
  onInventory?: (row: VariantRow) => void;
  disabled?: boolean;
}

/**
 * The variant grid: a row per combination with its price, SKU, stock (when tracked) and
 * Available switch; bulk "Set all prices" and "Set all stock"; pages of 50 beyond 100 rows.
 * Scrolls sideways inside its section on a phone.
 */
export function VariantGrid({ rows, onChange, trackInventory, issues, onInventory, disabled }: VariantGridProps) {
  const [page, setPage] = useState(0);
  const paged = rows.length > PAGED_ABOVE;
  const pages = Math.max(1, Math.ceil(rows.length / VARIANT_PAGE_SIZE));
  const shownPage = paged ? Math.min(page, pages - 1) : 0;
  const first = paged ? shownPage * VARIANT_PAGE_SIZE : 0;
  const shown = paged ? rows.slice(first, first + VARIANT_PAGE_SIZE) : rows;

  // The latest rows and handler for the memoized rows' callbacks.
  const latest = useRef({ rows, onChange });
  useEffect(() => {
    latest.current = { rows, onChange };
  }, [rows, onChange]);
  const updateRow = useCallback((index: number, next: Partial<VariantRow>) => {
    const { rows: all, onChange: change } = latest.current;
    change(all.map((r, i) => (i === index ? { ...r, ...next } : r)));
  }, []);
  const removeRow = useCallback((index: number) => {
    const { rows: all, onChange: change } = latest.current;
    change(all.filter((_, i) => i !== index));
  }, []);

  const columns: Array<{ name: string; sx?: object; hidden?: boolean }> = [
    { name: 'Variant' },
    { name: 'Price', sx: { width: 108 } },
    { name: 'SKU', sx: { minWidth: 110 } },
    ...(trackInventory ? [{ name: 'Stock', sx: { width: 80 } }] : []),
    { name: 'Available', sx: { width: 72 } },
    { name: 'Actions', sx: { width: onInventory ? 76 : 44 }, hidden: true },
  ];

  return (
    <Stack spacing={2}>
      <BulkActions rows={rows} onChange={onChange} trackInventory={trackInventory} disabled={disabled} />
      <Typography variant="body2" sx={{ display: { xs: 'block', sm: 'none' }, mb: -1 }}>
        Scroll the grid sideways for SKU, stock and availability.
      </Typography>
      <Box
        // Positioned: the hidden header text and the switches' inputs (absolute) stay inside the scroll.
        sx={{ position: 'relative', overflowX: 'auto', mx: { xs: -2.5, sm: 0 }, px: { xs: 2.5, sm: 0 } }}
      >
        <Table
          size="small"
          aria-label="Variants"
          sx={{
            minWidth: trackInventory ? 560 : 480,
            // Compact cells: the grid fits the form's main column at 1280 px.
            '& .MuiTableCell-root': { px: 0.75 },
            '& .MuiTableCell-root:first-of-type': { pl: 0 },
            // The variant's title stays in view while the row scrolls sideways (phones).
            '& th:first-of-type': { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' },
          }}
        >
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.name} component="th" scope="col" sx={column.sx}>
                  {column.hidden ? (
                    <Box component="span" sx={visuallyHidden}>
                      {column.name}
                    </Box>
                  ) : (
                    column.name
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row, k) => {
              const index = first + k;
              return (
                <VariantGridRow
                  key={rowKey(row)}
                  index={index}
                  row={row}
                  trackInventory={trackInventory}
                  skuIssue={issues[`variants.${index}.stock_keeping_unit`]}
                  priceIssue={issues[`variants.${index}.unit_price_in_cents`]}
                  stockIssue={issues[`variants.${index}.stock`]}
                  disabled={disabled}
                  onUpdate={updateRow}
                  onRemove={removeRow}
                  onInventory={onInventory}
                />
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {paged && (
        <TablePagination
          component="div"
          count={rows.length}
          page={shownPage}
          rowsPerPage={VARIANT_PAGE_SIZE}
          rowsPerPageOptions={[]}
          onPageChange={(_, next) => setPage(next)}
        />
      )}
    </Stack>
  );
}

interface VariantGridRowProps {
  index: number;
  row: VariantRow;
  trackInventory: boolean;
  skuIssue?: string;
  priceIssue?: string;
  stockIssue?: string;
  disabled?: boolean;
  onUpdate: (index: number, next: Partial<VariantRow>) => void;
  onRemove: (index: number) => void;
  onInventory?: (row: VariantRow) => void;
}

/** One variant; memoized so typing in one row of hundreds re-renders that row only. */
const VariantGridRow = memo(function VariantGridRow({
  index,
  row,
  trackInventory,
  skuIssue,
  priceIssue,
  stockIssue,
  disabled,
  onUpdate,
  onRemove,
  onInventory,
}: VariantGridRowProps) {
  const title = rowTitle(row);
  const cellInput = { '& .MuiInputBase-input': { py: 0.75 } } as const;
  return (
    <TableRow sx={{ verticalAlign: 'top' }}>
      <TableCell
        component="th"
        scope="row"
        sx={{ pt: 1.5, minWidth: 76, fontWeight: 600, color: row.available ? 'text.primary' : 'text.secondary' }}
      >
        {title}
      </TableCell>
      <TableCell>
        <PriceCell
          label={`Price for ${title}`}
          cents={row.priceCents}
          onChange={(cents) => onUpdate(index, { priceCents: cents })}
          error={priceIssue}
          disabled={disabled}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          value={row.sku}
          disabled={disabled}
          onChange={(event) => onUpdate(index, { sku: event.target.value })}
          error={Boolean(skuIssue)}
          helperText={skuIssue}
          sx={cellInput}
          slotProps={{
            htmlInput: { 'aria-label': `SKU for ${title}`, maxLength: PRODUCT_LIMITS.sku, autoComplete: 'off' },
          }}
        />
      </TableCell>
      {trackInventory && (
        <TableCell>
          <TextField
            size="small"
            value={row.stock}
            disabled={disabled}
            placeholder="0"
            onChange={(event) => onUpdate(index, { stock: event.target.value.trim().slice(0, 9) })}
            error={Boolean(stockIssue)}
            helperText={stockIssue}
            sx={cellInput}
            slotProps={{ htmlInput: { 'aria-label': `Stock for ${title}`, inputMode: 'numeric', autoComplete: 'off' } }}
          />
        </TableCell>
      )}
      <TableCell sx={{ pt: 1.25 }}>
        <Switch
          size="small"
          checked={row.available}
          disabled={disabled}
          onChange={(event) => onUpdate(index, { available: event.target.checked })}
          slotProps={{ input: { 'aria-label': `${title} available` } }}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', pt: 1 }}>
        {onInventory && (
          <Tooltip title={row.id ? 'Inventory history and adjustments' : 'Save first to adjust its inventory'}>
            <span>
              <IconButton
                size="small"
                aria-label={`Adjust inventory for ${title}`}
                disabled={disabled || !row.id}
                onClick={() => onInventory(row)}
              >
                <Inventory2OutlinedIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
        <IconButton
          size="small"
          aria-label={`Remove variant ${title}`}
          disabled={disabled}
          onClick={() => onRemove(index)}
        >
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
});

/** A dollar amount in a grid cell, named by `label` (the grid's headers say what it is). */
function PriceCell({
  label,
  cents,
  onChange,
  error,
  disabled,
}: {
  label: string;
  cents: number | null;
  onChange: (cents: number | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState(() => centsToDollarsText(cents));
  // Follow the value when it changes from outside (Set all prices), not while it echoes typing.
  if (dollarsTextToCents(text) !== cents && !(text === '' && cents === null)) setText(centsToDollarsText(cents));
  return (
    <TextField
      size="small"
      value={text}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error}
      onChange={(event) => {
        const next = sanitizeDollarsInput(event.target.value);
        if (next === null) return;
        setText(next);
        onChange(dollarsTextToCents(next));
      }}
      onBlur={() => setText(centsToDollarsText(cents))}
      sx={{ '& .MuiInputBase-input': { py: 0.75 } }}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        htmlInput: { 'aria-label': label, inputMode: 'decimal', autoComplete: 'off' },
      }}
    />
  );
}

/** "Set all prices" and, when stock is tracked, "Set all stock". */
function BulkActions({
  rows,
  onChange,
  trackInventory,
  disabled,
}: Pick<VariantGridProps, 'rows' | 'onChange' | 'trackInventory' | 'disabled'>) {
  const [price, setPrice] = useState<number | null>(null);
  const [stock, setStock] = useState('');
  const stockValid = /^\d+$/.test(stock.trim());
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', width: { xs: '100%', sm: 'auto' } }}>
        <Box sx={{ width: { xs: '100%', sm: 190 } }}>
          <MoneyInput
            label="Price for all variants"
            size="small"
            value={price}
            onChange={setPrice}
            disabled={disabled}
          />
        </Box>
        <Button
          variant="outlined"
          disabled={disabled || price === null}
          onClick={() => onChange(rows.map((r) => ({ ...r, priceCents: price })))}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0, height: 40 }}
        >
          Set all prices
        </Button>
      </Stack>
      {trackInventory && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', width: { xs: '100%', sm: 'auto' } }}>
          <TextField
            label="Stock for all variants"
            size="small"
            sx={{ width: { xs: '100%', sm: 190 } }}
            value={stock}
            disabled={disabled}
            onChange={(event) => setStock(event.target.value.trim().slice(0, 9))}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          />
          <Button
            variant="outlined"
            disabled={disabled || !stockValid}
            onClick={() => onChange(rows.map((r) => ({ ...r, stock: String(Number(stock.trim())) })))}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0, height: 40 }}
          >
            Set all stock
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
