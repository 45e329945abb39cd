import { lazy, Suspense, type ReactNode } from 'react';
import type { Dashboard } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { TintedIcon } from '../../../../components/TintedIcon';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { importWithReload } from '../../../../lib/chunk-reload';
import { formatCents } from '../../../../lib/format';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { formatRate, useDashboard, weekLabel } from '../api';

const SalesChart = lazy(importWithReload(() => import('./SalesChart')));

export const DASHBOARD_EMPTY_TITLE = 'No orders yet — share your storefront';
const CHART_HEIGHT = 260;

/** Stat cards: two columns on phones, five across on wide screens. */
const cardGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(3, minmax(0, 1fr))',
    lg: 'repeat(5, minmax(0, 1fr))',
  },
} as const;

function StatCard({
  label,
  value,
  detail,
  to,
  wideOnPhone = false,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  to?: string;
  /** Spans both columns on phones (the fifth card would stand alone). */
  wideOnPhone?: boolean;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={label}
      sx={{ p: 2, minWidth: 0, gridColumn: wideOnPhone ? { xs: '1 / -1', sm: 'auto' } : undefined }}
    >
      <Typography variant="body2" component="h2" sx={{ color: 'text.secondary', fontWeight: 500 }}>
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ mt: 0.5, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="body2" component="p" sx={{ mt: 0.5 }}>
          {to ? (
            <Link component={RouterLink} to={to}>
              {detail}
            </Link>
          ) : (
            detail
          )}
        </Typography>
      )}
    </Paper>
  );
}

function DashboardSkeleton() {
  return (
    <Box aria-busy aria-label="Loading dashboard" role="status">
      <Box sx={cardGrid}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={104} data-testid="stat-skeleton" />
        ))}
      </Box>
      <Skeleton variant="rounded" height={CHART_HEIGHT + 56} sx={{ mt: 3 }} />
      <Box sx={{ display: 'grid', gap: 2, mt: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Skeleton variant="rounded" height={220} />
        <Skeleton variant="rounded" height={220} />
      </Box>
    </Box>
  );
}

function NoOrdersYet({ orgId }: { orgId: string }) {
  return (
    <Paper variant="outlined" sx={{ py: 6, px: 2 }}>
      <EmptyState
        icon={
          <TintedIcon>
            <InsightsOutlinedIcon />
          </TintedIcon>
        }
        title={DASHBOARD_EMPTY_TITLE}
        action={
          <Button variant="contained" component={RouterLink} to={`/app/${orgId}/invites`}>
            Invite customers
          </Button>
        }
      >
        Your sales, best sellers and best customers show here once customers order from your store.
      </EmptyState>
    </Paper>
  );
}

/** The 12 weeks as a table for screen readers (the chart draws the same numbers). */
function WeeksTable({ weeks }: { weeks: Dashboard['weeks'] }) {
  return (
    // Hidden in a 1 px box: a table never shrinks below its columns' width, so hiding the table
    // itself would still widen the page on a phone.
    <Box sx={visuallyHidden}>
      <Table size="small">
        <caption>Sales by week, last 12 weeks</caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Week of
            </TableCell>
            <TableCell component="th" scope="col">
              Orders
            </TableCell>
            <TableCell component="th" scope="col">
              Sales
            </TableCell>
            <TableCell component="th" scope="col">
              Refunded
            </TableCell>
            <TableCell component="th" scope="col">
              Net sales
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {weeks.map((w) => (
            <TableRow key={w.week_start}>
              <TableCell component="th" scope="row">
                {weekLabel(w.week_start)}
              </TableCell>
              <TableCell>{w.order_count}</TableCell>
              <TableCell>{formatCents(w.sales_in_cents)}</TableCell>
              <TableCell>{formatCents(w.refunded_in_cents)}</TableCell>
              <TableCell>{formatCents(w.net_sales_in_cents)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function SalesByWeek({ weeks }: { weeks: Dashboard['weeks'] }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="sales-by-week"
      sx={{ p: 2, mt: 3, position: 'relative' }}
    >
      <Typography id="sales-by-week" variant="h6" component="h2">
        Sales by week
      </Typography>
      {/* The chart reads its bars out when focused (arrow keys); the table below has the same numbers. */}
      <Box sx={{ height: CHART_HEIGHT, mt: 1 }}>
        <Suspense fallback={<Skeleton variant="rounded" height={CHART_HEIGHT} />}>
          <SalesChart
            labels={weeks.map((w) => weekLabel(w.week_start))}
            cents={weeks.map((w) => w.sales_in_cents)}
            formatCents={formatCents}
            height={CHART_HEIGHT}
          />
        </Suspense>
      </Box>
      <WeeksTable weeks={weeks} />
    </Paper>
  );
}

interface TopRow {
  id: string;
  name: string;
  to: string;
  detail: string;
  salesInCents: number;
  /** A top product's best-selling variants (issue 24), and how many of its variants sold in all. */
  variants?: { id: string; title: string; units: number }[];
  variantsSold?: number;
}

/**
 * Under a top product with options: its best-selling variants, "M / Black 12 · L / Black 8 ·
 * 2 more variants". A list, named after the product, read as "M / Black 12 units". Every item
 * has its dot before it, drawn in the 1em the list is shifted left into its clipping box, so the
 * dot of an item that starts a line is hidden and no line starts with one.
 */
export function VariantBreakdown({
  productName,
  variants,
  sold,
}: {
  productName: string;
  variants: { id: string; title: string; units: number }[];
  sold: number;
}) {
  if (variants.length === 0) return null;
  const more = sold - variants.length;
  const item = {
    whiteSpace: 'nowrap',
    // Alternative text "" (after the slash): the dot is not read out.
    '&::before': { content: '"·" / ""', display: 'inline-block', width: '1em', textAlign: 'center' },
  };
  return (
    <Box sx={{ overflow: 'hidden', mt: 0.25 }}>
      <Typography
        variant="caption"
        component="ul"
        aria-label={`${productName} by variant`}
        sx={{ listStyle: 'none', p: 0, m: 0, ml: '-1em', display: 'flex', flexWrap: 'wrap', color: 'text.secondary' }}
      >
        {variants.map((v) => (
          <Box component="li" key={v.id} sx={item}>
            {v.title}{' '}
            <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {v.units.toLocaleString('en-US')}
            </Box>
            <Box component="span" sx={visuallyHidden}>
              {v.units === 1 ? ' unit' : ' units'}
            </Box>
          </Box>
        ))}
        {more > 0 && (
          <Box component="li" sx={item}>
            {more.toLocaleString('en-US')} more {more === 1 ? 'variant' : 'variants'}
          </Box>
        )}
      </Typography>
    </Box>
  );
}

function TopList({ title, rows, empty }: { title: string; rows: TopRow[]; empty: string }) {
  const id = `top-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {empty}
        </Typography>
      ) : (
        <List component="ol" disablePadding sx={{ mt: 1 }}>
          {rows.map((row, index) => (
            <ListItem
              key={row.id}
              disableGutters
              divider={index < rows.length - 1}
              sx={{ display: 'flex', gap: 2, alignItems: 'baseline', py: 1 }}
            >
              <Box sx={{ minWidth: 0, flex: '1 1 auto' }}>
                <Link component={RouterLink} to={row.to} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {row.name}
                </Link>
                <Typography variant="body2" component="div">
                  {row.detail}
                </Typography>
                {row.variants && (
                  <VariantBreakdown productName={row.name} variants={row.variants} sold={row.variantsSold ?? 0} />
                )}
              </Box>
              <Typography
                variant="body1"
                component="div"
                sx={{ fontWeight: 600, whiteSpace: 'nowrap', color: 'text.primary' }}
              >
                {formatCents(row.salesInCents)}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function DashboardContent({ orgId, dashboard: d }: { orgId: string; dashboard: Dashboard }) {
  const base = `/app/${orgId}`;
  return (
    <>
      <Box sx={cardGrid}>
        {/* Net sales: the goods sold less the goods refunded (issue 21). */}
        <StatCard
          label="Net sales (12 weeks)"
          value={formatCents(d.totals.net_sales_in_cents)}
          detail={
            d.totals.refunded_in_cents > 0
              ? `${formatCents(d.totals.sales_in_cents)} sales − ${formatCents(d.totals.refunded_in_cents)} refunded`
              : undefined
          }
        />
        <StatCard label="Orders" value={d.totals.orders.toLocaleString('en-US')} />
        <StatCard label="Average order value" value={formatCents(d.totals.average_order_value_in_cents)} />
        <StatCard
          label="Reorder rate"
          value={formatRate(d.reorder_rate)}
          detail={
            d.customers > 0
              ? `${d.returning_customers} of ${plural(d.customers, 'customer', 'customers')} reordered`
              : undefined
          }
        />
        <StatCard
          label="Open invoices"
          value={formatCents(d.open_invoices.amount_in_cents)}
          detail={`${plural(d.open_invoices.count, 'invoice', 'invoices')} · View orders`}
          to={`${base}/orders`}
          wideOnPhone
        />
      </Box>
      <SalesByWeek weeks={d.weeks} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mt: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <TopList
          title="Top products"
          empty="No products sold in the last 12 weeks."
          rows={d.top_products.map((p) => ({
            id: p.product.id,
            name: p.product.name,
            to: `${base}/products/${p.product.id}`,
            detail: plural(p.units, 'unit', 'units'),
            salesInCents: p.sales_in_cents,
            variants: p.variants,
            variantsSold: p.variants_sold,
          }))}
        />
        <TopList
          title="Top customers"
          empty="No orders in the last 12 weeks."
          rows={d.top_customers.map((c) => ({
            id: c.organization.id,
            name: c.organization.name,
            to: `${base}/customers/${c.organization.id}`,
            detail: plural(c.orders, 'order', 'orders'),
            salesInCents: c.sales_in_cents,
          }))}
        />
      </Box>
    </>
  );
}

/** /app/{org_id} (the spec's empty path, the seller's landing view): how the store is selling. */
export function DashboardPage() {
  useOrganizationPageTitle('Dashboard');
  const { orgId = '' } = useParams();
  const dashboard = useDashboard(orgId);
  return (
    <>
      <PageHeader title="Dashboard" subtitle="The last 12 weeks, Monday to Sunday (UTC)" />
      {dashboard.isPending ? (
        <DashboardSkeleton />
      ) : dashboard.isError ? (
        <QueryErrorAlert
          error={dashboard.error}
          prefix="We could not load your dashboard."
          onRetry={() => void dashboard.refetch()}
        />
      ) : dashboard.data.has_orders ? (
        <DashboardContent orgId={orgId} dashboard={dashboard.data} />
      ) : (
        <NoOrdersYet orgId={orgId} />
      )}
    </>
  );
}
