import type { ReactNode } from 'react';
import { groupByShipWindow, type Order, type OrderLine } from '@cratebase/contract';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { wholesalePriceText } from '../../lib/unit-price';
import { formatCents } from '../../lib/format';
import { QueryErrorAlert } from '../QueryErrorAlert';
import { orderUnitLabel } from './order-format';

interface Column {
  header: string;
  /** Right-aligned (quantities and prices). */
  numeric?: boolean;
  cell: (line: OrderLine) => ReactNode;
}

const quantity: Column = { header: 'Quantity', numeric: true, cell: (line) => line.quantity };
const unitPrice = (header: string): Column => ({
  header,
  numeric: true,
  cell: (line) => formatCents(line.unit_price_in_cents),
});
const linePrice = (header: string): Column => ({
  header,
  numeric: true,
  cell: (line) => formatCents(line.line_total_cents),
});

/** Units shipped and cancelled since the order was placed (issue 23), after the quantity. */
const FULFILMENT: Column[] = [
  { header: 'Shipped', numeric: true, cell: (line) => line.shipped_quantity ?? 0 },
  { header: 'Cancelled', numeric: true, cell: (line) => line.cancelled_quantity ?? 0 },
];

/** The columns with the fulfilment counts just after the quantity column. */
function withFulfilment(columns: Column[]): Column[] {
  const at = columns.findIndex((column) => column.numeric) + 1;
  return [...columns.slice(0, at), ...FULFILMENT, ...columns.slice(at)];
}

/** At phone width the counts sit under the item's name: "Shipped 1 · Cancelled 1". */
function fulfilmentCaption(line: OrderLine): string {
  return `Shipped ${line.shipped_quantity ?? 0} · Cancelled ${line.cancelled_quantity ?? 0}`;
}

/**
 * The line's name: for a variant (issue 24) the product's name, with the variant's values ("M /
 * Black") — and its SKU, where no column shows it — on a line under it. The stored name is
 * composed ("Tee — M / Black"); the product's part is the name without that suffix.
 */
function LineName({ line, withSku }: { line: OrderLine; withSku: boolean }) {
  const title = line.variant_title;
  if (!title) return <>{line.name}</>;
  const suffix = ` — ${title}`;
  const product = line.name.endsWith(suffix) ? line.name.slice(0, -suffix.length) : line.name;
  return (
    <>
      {product}
      <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.primary' }}>
        {[title, withSku && line.stock_keeping_unit && `SKU ${line.stock_keeping_unit}`].filter(Boolean).join(' · ')}
      </Typography>
    </>
  );
}

/** The seller's columns: the SKU and the order unit each have one. */
const DETAILED: Column[] = [
  { header: 'Product', cell: (line) => <LineName line={line} withSku={false} /> },
  { header: 'SKU', cell: (line) => line.stock_keeping_unit || '—' },
  quantity,
  { header: 'Unit', cell: orderUnitLabel },
  unitPrice('Unit price'),
  linePrice('Line price'),
];

/**
 * Phone width, for both: the name with the SKU (seller), the unit and the unit price under it,
 * then quantity and line total — three columns that fit 390 px without scrolling.
 */
const PHONE = (withSku: boolean, fulfilment = false): Column[] => [
  {
    header: 'Item',
    cell: (line) => (
      <>
        <LineName line={line} withSku={false} />
        <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
          {[withSku && line.stock_keeping_unit, wholesalePriceText(line.unit_price_in_cents, line)]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        {fulfilment && (
          <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
            {fulfilmentCaption(line)}
          </Typography>
        )}
      </>
    ),
  },
  { ...quantity, header: 'Qty' },
  linePrice('Total'),
];

/**
 * The buyer's columns: no SKU, the order unit (when the product has one) under the name — and,
 * with `fulfilment`, the units shipped and cancelled under it too, so the table fits the dialog.
 */
const COMPACT = (fulfilment = false): Column[] => [
  {
    header: 'Item',
    cell: (line) => (
      <>
        <LineName line={line} withSku />
        {line.order_unit && (
          <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
            {orderUnitLabel(line)}
          </Typography>
        )}
        {fulfilment && (
          <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
            {fulfilmentCaption(line)}
          </Typography>
        )}
      </>
    ),
  },
  quantity,
  unitPrice('Price'),
  linePrice('Total'),
];

/**
 * Issue 25: an order with pre-order lines shows them by ship window — "Ships now", then
 * "Ships Mar 1 – 15, 2027"… (each line keeps the window it was sold under); other orders as one
 * group without a heading.
 */
function shipGroups(lines: OrderLine[]): { key: string; heading: string | null; items: OrderLine[] }[] {
  if (!lines.some((line) => line.ships_from)) return [{ key: '', heading: null, items: lines }];
  return groupByShipWindow(lines, (line) => ({ ships_from: line.ships_from ?? null, ships_until: line.ships_until ?? null }));
}

export interface OrderLinesTableProps {
  /** The order's lines; undefined while they load (three rows of placeholders). */
  lines: OrderLine[] | undefined;
  /** The table's accessible name. */
  label: string;
  /** Columns for the SKU and the unit (the seller's view); otherwise the unit sits under the name. */
  showSkuAndUnit?: boolean;
  /** Columns for the units shipped and cancelled (at phone width, a line under the name). */
  showFulfilment?: boolean;
}

/** The lines of an order: what was bought, how many, and at what price. */
export function OrderLinesTable({
  lines,
  label,
  showSkuAndUnit = false,
  showFulfilment = false,
}: OrderLinesTableProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const columns = phone
    ? PHONE(showSkuAndUnit, showFulfilment)
    : showSkuAndUnit
      ? showFulfilment
        ? withFulfilment(DETAILED)
        : DETAILED
      : COMPACT(showFulfilment);
  return (
    // Focusable, so a keyboard can scroll it when a narrow window makes it wider than the dialog.
    <TableContainer
      tabIndex={0}
      role="group"
      aria-label={label}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflowX: 'auto' }}
    >
      <Table
        size="small"
        aria-label={label}
        aria-busy={!lines || undefined}
        sx={{ minWidth: phone ? undefined : showSkuAndUnit ? 560 + (showFulfilment ? 160 : 0) : 420 }}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.numeric ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines
            ? shipGroups(lines).map((group) => [
                group.heading && (
                  <TableRow key={`window-${group.key}`} data-testid="ship-window-heading">
                    <TableCell
                      component="th"
                      scope="colgroup"
                      colSpan={columns.length}
                      sx={{ bgcolor: 'action.hover', color: 'text.primary', fontWeight: 700 }}
                    >
                      {group.heading}
                    </TableCell>
                  </TableRow>
                ),
                ...group.items.map((line) => (
                  <TableRow key={line.id}>
                    {columns.map((column, index) => (
                      <TableCell
                        key={column.header}
                        align={column.numeric ? 'right' : undefined}
                        sx={index === 0 ? { color: 'text.primary', fontWeight: 500 } : undefined}
                      >
                        {column.cell(line)}
                      </TableCell>
                    ))}
                  </TableRow>
                )),
              ])
            : Array.from({ length: 3 }, (_, row) => (
                <TableRow key={row}>
                  {columns.map((column) => (
                    <TableCell key={column.header}>
                      <Skeleton variant="text" />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export interface OrderLinesProps extends Omit<OrderLinesTableProps, 'lines'> {
  /** The order being read: its lines (placeholders while it loads), or why it failed with "Try again". */
  query: { data: Order | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  /** Words before the error's message ("We could not load the order’s lines."). */
  errorPrefix: string;
}

/** The order's lines table, or the error that kept them from loading. */
export function OrderLines({ query, errorPrefix, ...table }: OrderLinesProps) {
  if (query.isError) {
    return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} prefix={errorPrefix} />;
  }
  return <OrderLinesTable lines={query.data?.cart.line_items} {...table} />;
}
