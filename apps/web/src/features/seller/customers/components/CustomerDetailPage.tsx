import type { Customer, CustomerOrder } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useLocation, useParams } from 'react-router';
import type { DataColumn } from '../../../../components/DataTable';
import { NotFoundView } from '../../../../components/NotFound';
import { PagedTable } from '../../../../components/PagedTable';
import { ApiError, errorMessage } from '../../../../lib/api';
import { formatCents, formatDate, formatDay } from '../../../../lib/format';
import { useCustomer, useCustomerOrders } from '../api';
import { orderNumber } from '../../../../components/orders/order-format';
import { OrderAmount } from '../../../../components/orders/OrderAmount';
import { OrderStateChip } from '../../../../components/orders/OrderStateChip';
import { RefundChip } from '../../../../components/orders/RefundChip';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { PageHeader } from '../../../../components/PageHeader';
import { PaymentTermsField } from './PaymentTermsField';
import { PriceListField } from './PriceListField';
import { ResaleCertificateCard } from './ResaleCertificateCard';
import { StatementButton } from './StatementButton';
import { CustomerPeople } from './CustomerPeople';
import { useTeamRole } from '../../../../lib/current-user';
import { teamRoleAtLeast } from '@cratebase/contract';

export const CUSTOMER_ORDERS_EMPTY_TEXT = "You don't have any orders yet.";

function isCustomer(value: unknown): value is Customer {
  const organization = (value as { organization?: { id?: unknown; name?: unknown } } | null)?.organization;
  return typeof organization?.id === 'string' && typeof organization.name === 'string';
}

export { orderNumber };

/**
 * " · $134.65 ordered · $20.00 cancelled · $15.00 refunded": what the customer's orders came to,
 * what was cancelled of them since (issue 23) and what was refunded (issue 21; a cancellation of
 * paid units is refunded too, so the two may overlap: each says what happened).
 */
export function customerTotals(
  info: Pick<Customer, 'count' | 'total_cents' | 'refunded_cents' | 'cancelled_cents'>,
): string {
  if (!info.count || info.total_cents === undefined) return '';
  const refunded = info.refunded_cents ?? 0;
  const cancelled = info.cancelled_cents ?? 0;
  return (
    ` · ${formatCents(info.total_cents)} ordered` +
    (cancelled > 0 ? ` · ${formatCents(cancelled)} cancelled` : '') +
    (refunded > 0 ? ` · ${formatCents(refunded)} refunded` : '')
  );
}

const columns: DataColumn<CustomerOrder>[] = [
  {
    header: 'Order',
    cell: (order) => (
      <Typography variant="body2" title={order.id} sx={{ color: 'text.primary', fontWeight: 600 }}>
        {/* The number on one line (it is what the order goes by), as the order lists show it. */}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {orderNumber(order)}
        </Box>
        {/* On a phone the Completed column is hidden: its date goes under the number. */}
        <Typography
          component="span"
          variant="caption"
          sx={{
            display: { xs: 'block', sm: 'none' },
            fontWeight: 400,
            color: 'text.secondary',
          }}
        >
          {formatDate(order.completed_on)}
        </Typography>
      </Typography>
    ),
  },
  { header: 'Completed', cell: (order) => formatDate(order.completed_on), width: 220, hideOnPhone: true },
  // Where the order is now (issue 23): Placed … Shipped, or Cancelled.
  { header: 'State', cell: (order) => <OrderStateChip state={order.state} />, width: 170 },
  // What the buyer paid, with its parts under it (docs/decisions/007), as the order lists show it.
  {
    header: 'Total',
    cell: (order) => (
      <>
        <OrderAmount order={order} />
        {/* What the seller refunded of it (issue 21). */}
        {Boolean(order.refunded_cents) && (
          <Box sx={{ mt: 0.5 }}>
            <RefundChip totalCents={order.total_cents} refundedCents={order.refunded_cents} />
          </Box>
        )}
      </>
    ),
    align: 'right',
    width: 200,
  },
  {
    header: 'Invoice',
    width: 130,
    cell: (order) =>
      order.invoice?.link ? (
        <Link
          href={order.invoice.link}
          target="_blank"
          rel="noopener noreferrer"
          underline="hover"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
          aria-label={`Invoice for order ${orderNumber(order)} (opens in a new tab)`}
        >
          Invoice
          <OpenInNewIcon sx={{ fontSize: 16 }} aria-hidden />
        </Link>
      ) : (
        <Typography variant="body2" component="span" sx={{ color: 'text.disabled' }}>
          —
        </Typography>
      ),
  },
];

/** /app/{org_id}/customers/{customer_id}: the customer's name, people and completed orders. */
export function CustomerDetailPage() {
  useOrganizationPageTitle('Customer');
  const { orgId = '', customerId = '' } = useParams();
  const location = useLocation();
  const fromList = isCustomer((location.state as { customer?: unknown } | null)?.customer)
    ? (location.state as { customer: Customer }).customer
    : undefined;
  const initial = fromList?.organization.id === customerId ? fromList : undefined;
  const customer = useCustomer(orgId, customerId, initial);
  const orders = useCustomerOrders(orgId, customerId);
  // Statements are accounting documents: owners and admins (the server refuses staff).
  const mayDownloadStatement = teamRoleAtLeast(useTeamRole(orgId), 'admin');

  const forbidden = orders.error instanceof ApiError && (orders.error.status === 403 || orders.error.status === 404);
  if (customer.data === null || forbidden) {
    return <NotFoundView homeTo={`/app/${orgId}/customers`} homeLabel="Go to Customers" />;
  }

  const info = customer.data;
  return (
    <Stack spacing={3}>
      <PageHeader
        title={info ? info.organization.name : <Skeleton width={260} aria-label="Loading customer" />}
        subtitle={
          info &&
          `Customer since ${formatDay(info.customer_since)} · ${info.count} ${info.count === 1 ? 'order' : 'orders'}${
            info.last_order ? ` · last order ${formatDate(info.last_order)}` : ''
          }${customerTotals(info)}`
        }
        back={{ to: `/app/${orgId}/customers`, label: 'Customers' }}
        actions={
          info && mayDownloadStatement ? (
            <StatementButton orgId={orgId} customerId={customerId} name={info.organization.name} />
          ) : undefined
        }
      />
      {customer.isError && <Alert severity="error">{errorMessage(customer.error)}</Alert>}
      {/* Issue 27: who to write or call; the list's entry has no people, the customer's read does. */}
      <CustomerPeople people={info?.people} loading={customer.isFetching || customer.isPending} />
      <PaymentTermsField orgId={orgId} customerId={customerId} name={info?.organization.name ?? 'This customer'} />
      <PriceListField orgId={orgId} customerId={customerId} name={info?.organization.name ?? 'This customer'} />
      <ResaleCertificateCard orgId={orgId} customerId={customerId} name={info?.organization.name ?? 'This customer'} />

      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Orders
        </Typography>
        <PagedTable
          query={orders}
          label="Orders"
          columns={columns}
          rowKey={(order) => order.id}
          empty={CUSTOMER_ORDERS_EMPTY_TEXT}
        />
      </Box>
    </Stack>
  );
}

export default CustomerDetailPage;
