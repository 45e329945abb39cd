import { NET_TERMS_DAYS, paymentTermsLabel } from '@cratebase/contract';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import { useToast } from '../../../../components/Toast';
import { errorMessage } from '../../../../lib/api';
import { useCustomerPaymentTerms, useSetCustomerPaymentTerms } from '../api';
import { STAFF_TERMS_MESSAGE, useIsStaff } from '../../money-access';

/**
 * "Payment terms" on the customer's page (issue 13): Pay by card only, Net 15, Net 30 or Net 60.
 * With terms, the customer may choose to pay by invoice at checkout. Staff see the terms but
 * cannot change them (terms are credit: owners and admins only).
 */
export function PaymentTermsField({ orgId, customerId, name }: { orgId: string; customerId: string; name: string }) {
  const terms = useCustomerPaymentTerms(orgId, customerId);
  const change = useSetCustomerPaymentTerms(orgId, customerId);
  const toast = useToast();
  const readOnly = useIsStaff(orgId);
  if (terms.isPending) return <Skeleton variant="rounded" width={240} height={56} aria-label="Loading payment terms" />;
  const value = change.isPending ? (change.variables ?? 0) : (terms.data?.net_days ?? 0);
  return (
    <FormControl sx={{ minWidth: 240, maxWidth: 360 }} error={terms.isError}>
      <InputLabel id="payment-terms-label">Payment terms</InputLabel>
      <Select
        labelId="payment-terms-label"
        label="Payment terms"
        value={value}
        disabled={terms.isError || change.isPending || readOnly}
        aria-describedby="payment-terms-help"
        onChange={(event) => {
          const netDays = Number(event.target.value);
          change.mutate(netDays, {
            onSuccess: () =>
              toast.show(
                netDays > 0
                  ? `${name} can now pay by invoice (${paymentTermsLabel(netDays)})`
                  : `${name} now pays by card only`,
              ),
            onError: (error) => toast.show(errorMessage(error), { severity: 'error' }),
          });
        }}
      >
        {NET_TERMS_DAYS.map((days) => (
          <MenuItem key={days} value={days}>
            {paymentTermsLabel(days)}
          </MenuItem>
        ))}
      </Select>
      <FormHelperText id="payment-terms-help">
        {terms.isError
          ? errorMessage(terms.error)
          : readOnly
            ? STAFF_TERMS_MESSAGE
            : 'With net terms, this customer may pay by invoice at checkout; the invoice is due after the days chosen.'}
      </FormHelperText>
    </FormControl>
  );
}
