import { useState } from 'react';
import {
  INVOICE_FILTERS,
  INVOICE_FILTER_LABELS,
  INVOICE_PAYMENT_METHOD_LABELS,
  isPaymentStatusAlert,
  paymentStatusLabel,
  type InvoiceFilter,
  type InvoicePaymentMethod,
  type SellerInvoice,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import type { DataColumn } from '../../../../components/DataTable';
import { EmptyState } from '../../../../components/EmptyState';
import { PageHeader } from '../../../../components/PageHeader';
import { PagedTable } from '../../../../components/PagedTable';
import { TintedIcon } from '../../../../components/TintedIcon';
import { useToast } from '../../../../components/Toast';
import { formatCalendarDay, orderNumber } from '../../../../components/orders/order-format';
import { errorMessage } from '../../../../lib/api';
import { formatCents, formatDay } from '../../../../lib/format';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { useInvoiceTotals, useInvoices, useMarkInvoicePaid, useVoidInvoice } from '../api';
import { MarkPaidDialog } from './MarkPaidDialog';
import { STAFF_RECORD_PAYMENTS_MESSAGE, useIsStaff } from '../../money-access';

export const INVOICES_EMPTY: Record<InvoiceFilter, string> = {
  open: 'No open invoices. Orders placed on net terms show here until they are paid.',
  overdue: 'Nothing overdue.',
  paid: 'No paid invoices on net terms yet.',
  void: 'No void invoices.',
};

/** A due day (YYYY-MM-DD) as the browser shows days, or a dash when there is none. */
const formatDueDay = (day: string | null) => (day ? formatCalendarDay(day) : '—');

function StatusText({ invoice }: { invoice: SellerInvoice }) {
  const label = invoice.overdue ? 'OVERDUE' : paymentStatusLabel(invoice.status);
  const alert = invoice.overdue || isPaymentStatusAlert(invoice.status);
  return (
    <Typography
      variant="body2"
      component="span"
      data-status={alert ? 'error' : 'primary'}
      sx={{ color: alert ? 'error.main' : 'primary.main', fontWeight: 600, whiteSpace: 'nowrap' }}
    >
      {label}
    </Typography>
  );
}

/**
 * /app/{org_id}/invoices: the seller's invoices on net terms, by status, with totals (issue 13).
 * Owners and admins mark invoices paid or void them; Staff see the list without those actions.
 */
export function InvoicesPage() {
  useOrganizationPageTitle('Invoices');
  const { orgId = '' } = useParams();
  const [status, setStatus] = useState<InvoiceFilter>('open');
  const invoices = useInvoices(orgId, status);
  const totals = useInvoiceTotals(orgId);
  const markPaid = useMarkInvoicePaid(orgId);
  const voiding = useVoidInvoice(orgId);
  const toast = useToast();
  const readOnly = useIsStaff(orgId);
  // A phone has room for two columns: the invoice and its amount. Customer, due day, status and
  // Mark paid / Void go under the number, so the actions are never pushed off the screen.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [paying, setPaying] = useState<{ invoice: SellerInvoice | null; open: boolean }>({
    invoice: null,
    open: false,
  });
  const [toVoid, setToVoid] = useState<{ invoice: SellerInvoice | null; open: boolean }>({
    invoice: null,
    open: false,
  });

  // Staff see the invoices without Mark paid and Void (the alert above the table says why).
  const actionsFor = (invoice: SellerInvoice) =>
    !readOnly && invoice.status === 'OPEN' ? (
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ justifyContent: phone ? 'flex-start' : 'flex-end', flexWrap: 'wrap' }}
      >
        <Button
          size="small"
          variant="contained"
          onClick={() => {
            markPaid.reset();
            setPaying({ invoice, open: true });
          }}
          aria-label={`Mark paid: ${invoice.number}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Mark paid
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          onClick={() => {
            voiding.reset();
            setToVoid({ invoice, open: true });
          }}
          aria-label={`Void: ${invoice.number}`}
        >
          Void
        </Button>
      </Stack>
    ) : null;

  const statusFor = (invoice: SellerInvoice) => (
    <>
      <StatusText invoice={invoice} />
      {invoice.status === 'PAID' && (
        <Typography variant="caption" component="span" sx={{ display: 'block' }}>
          {`${INVOICE_PAYMENT_METHOD_LABELS[invoice.paid_method as InvoicePaymentMethod] ?? 'Paid'} · ${formatDay(invoice.paid_at)}`}
        </Typography>
      )}
    </>
  );

  const columns: DataColumn<SellerInvoice>[] = [
    {
      header: 'Invoice',
      cell: (invoice) => (
        <>
          <Link
            href={invoice.link}
            target="_blank"
            rel="noopener noreferrer"
            underline="hover"
            aria-label={`Invoice ${invoice.number} (opens in a new tab)`}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, whiteSpace: 'nowrap' }}
          >
            {invoice.number}
            <OpenInNewIcon sx={{ fontSize: 16 }} aria-hidden />
          </Link>
          {phone && (
            <Stack spacing={0.75} sx={{ alignItems: 'flex-start', pt: 0.5 }}>
              <Typography variant="caption" component="span" sx={{ overflowWrap: 'anywhere', color: 'text.secondary' }}>
                {invoice.organization.name}
                {invoice.due_on && (
                  <Box component="span" sx={{ display: 'block', color: invoice.overdue ? 'error.main' : 'inherit' }}>
                    {`Due ${formatDueDay(invoice.due_on)}`}
                  </Box>
                )}
              </Typography>
              <Box>{statusFor(invoice)}</Box>
              {actionsFor(invoice)}
            </Stack>
          )}
        </>
      ),
    },
    {
      header: 'Customer',
      cell: (invoice) => (
        <>
          <Typography
            variant="body2"
            component="span"
            sx={{ display: 'block', color: 'text.primary', overflowWrap: 'anywhere' }}
          >
            {invoice.organization.name}
          </Typography>
          <Typography variant="caption" component="span" sx={{ display: 'block' }}>
            {/* An order goes by its invoice's number (one identity, docs/decisions/007). */}
            {`Order ${orderNumber({ id: invoice.order.id, order_number: invoice.number })}`}
          </Typography>
        </>
      ),
    },
    { header: 'Issued', cell: (invoice) => formatDay(invoice.issued_on) },
    {
      header: 'Due',
      cell: (invoice) => (
        <Typography
          variant="body2"
          component="span"
          sx={{ color: invoice.overdue ? 'error.main' : 'inherit', whiteSpace: 'nowrap' }}
        >
          {formatDueDay(invoice.due_on)}
          {invoice.net_days ? (
            <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
              {`Net ${invoice.net_days}`}
            </Typography>
          ) : null}
        </Typography>
      ),
    },
    { header: 'Amount', align: 'right', cell: (invoice) => formatCents(invoice.amount_cents) },
    { header: 'Status', cell: statusFor },
    { header: 'Actions', align: 'right', cell: (invoice) => actionsFor(invoice) },
  ];
  const shown = columns.filter((column) =>
    phone ? column.header === 'Invoice' || column.header === 'Amount' : !(readOnly && column.header === 'Actions'),
  );

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Invoices"
        subtitle="Every order’s invoice: paid by card at checkout, or open on net terms until it is paid."
      />
      <Box role="group" aria-label="Filter invoices by status" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {INVOICE_FILTERS.map((filter) => {
          const total = totals.data?.[filter];
          const selected = filter === status;
          const alert = filter === 'overdue' && (total?.count ?? 0) > 0;
          return (
            <Chip
              key={filter}
              clickable
              aria-pressed={selected}
              color={alert ? 'error' : selected ? 'primary' : 'default'}
              variant={selected ? 'filled' : 'outlined'}
              onClick={() => setStatus(filter)}
              label={
                total
                  ? `${INVOICE_FILTER_LABELS[filter]} · ${total.count} · ${formatCents(total.amount_cents)}`
                  : INVOICE_FILTER_LABELS[filter]
              }
            />
          );
        })}
      </Box>
      {readOnly && (
        <Alert severity="info" role="status">
          {STAFF_RECORD_PAYMENTS_MESSAGE}
        </Alert>
      )}
      <Box sx={{ minWidth: 0 }}>
        <PagedTable
          query={invoices}
          label={`${INVOICE_FILTER_LABELS[status]} invoices`}
          columns={shown}
          rowKey={(invoice) => invoice.id}
          empty={
            <EmptyState
              icon={
                <TintedIcon>
                  <RequestQuoteOutlinedIcon />
                </TintedIcon>
              }
              title={INVOICES_EMPTY[status]}
            >
              Give a customer net terms on its page under Customers.
            </EmptyState>
          }
        />
      </Box>
      <MarkPaidDialog
        key={paying.invoice?.id ?? 'none'}
        invoice={paying.invoice}
        open={paying.open}
        busy={markPaid.isPending}
        error={markPaid.error}
        onClose={() => setPaying((current) => ({ ...current, open: false }))}
        onConfirm={(method, paidOn) => {
          const invoice = paying.invoice;
          if (!invoice) return;
          markPaid.mutate(
            { id: invoice.id, body: { method, paid_on: paidOn } },
            {
              onSuccess: () => {
                setPaying((current) => ({ ...current, open: false }));
                toast.show(`${invoice.number} marked paid`);
              },
            },
          );
        }}
      />
      <ConfirmDialog
        open={toVoid.open}
        title="Void this invoice?"
        confirmLabel="Void invoice"
        destructive
        busy={voiding.isPending}
        error={voiding.isError ? errorMessage(voiding.error) : null}
        onClose={() => setToVoid((current) => ({ ...current, open: false }))}
        onConfirm={() => {
          const invoice = toVoid.invoice;
          if (!invoice) return;
          voiding.mutate(invoice.id, {
            onSuccess: () => {
              setToVoid((current) => ({ ...current, open: false }));
              toast.show(`${invoice.number} voided`);
            },
          });
        }}
      >
        {toVoid.invoice
          ? `${toVoid.invoice.number} for ${formatCents(toVoid.invoice.amount_cents)} from ${toVoid.invoice.organization.name} will owe nothing. This cannot be undone.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}

export default InvoicesPage;
