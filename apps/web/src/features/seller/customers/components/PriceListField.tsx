import { percentOffLabel, percentToBasisPoints } from '@cratebase/contract';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import { Link as RouterLink } from 'react-router';
import { useToast } from '../../../../components/Toast';
import { errorMessage } from '../../../../lib/api';
import { useCustomerPriceList, useSellerPriceLists, useSetCustomerPriceList } from '../price-list-api';
import { STAFF_PRICE_LISTS_MESSAGE, useIsStaff } from '../../money-access';

/** The select's value for "Wholesale prices" (no list; list ids are uuids). */
const WHOLESALE = 'wholesale';

/**
 * "Price list" on the customer's page (issue 25 part 1): Wholesale prices, or one of the
 * seller's lists. The customer sees the list's prices everywhere in the store from its next
 * page. Staff see the list but cannot change it (owners and admins only).
 */
export function PriceListField({ orgId, customerId, name }: { orgId: string; customerId: string; name: string }) {
  const current = useCustomerPriceList(orgId, customerId);
  const lists = useSellerPriceLists(orgId);
  const change = useSetCustomerPriceList(orgId, customerId);
  const toast = useToast();
  const readOnly = useIsStaff(orgId);
  if (current.isPending || lists.isPending) {
    return <Skeleton variant="rounded" width={240} height={56} aria-label="Loading price list" />;
  }
  const failed = current.isError ? current.error : lists.isError ? lists.error : null;
  const value = (change.isPending ? change.variables : current.data?.price_list?.id) ?? WHOLESALE;
  // The customer's list is offered even when the lists could not be read.
  const options = lists.data ?? (current.data?.price_list ? [current.data.price_list] : []);
  return (
    <FormControl sx={{ minWidth: 240, maxWidth: 360 }} error={Boolean(failed)}>
      <InputLabel id="price-list-label">Price list</InputLabel>
      <Select
        labelId="price-list-label"
        label="Price list"
        value={value}
        disabled={current.isError || change.isPending || readOnly}
        aria-describedby="price-list-help"
        onChange={(event) => {
          const id = event.target.value === WHOLESALE ? null : event.target.value;
          const chosen = options.find((l) => l.id === id);
          change.mutate(id, {
            onSuccess: () =>
              toast.show(chosen ? `${name} now buys on ${chosen.name}` : `${name} now buys at wholesale prices`),
            onError: (error) => toast.show(errorMessage(error), { severity: 'error' }),
          });
        }}
      >
        <MenuItem value={WHOLESALE}>Wholesale prices</MenuItem>
        {options.map((list) => (
          <MenuItem key={list.id} value={list.id}>
            {list.name} ({percentOffLabel(percentToBasisPoints(list.percent_off))})
          </MenuItem>
        ))}
      </Select>
      <FormHelperText id="price-list-help">
        {failed ? (
          errorMessage(failed)
        ) : readOnly ? (
          STAFF_PRICE_LISTS_MESSAGE
        ) : options.length === 0 ? (
          <>
            Give this customer its own prices with a{' '}
            <Link component={RouterLink} to={`/app/${orgId}/price-lists`}>
              price list
            </Link>
            .
          </>
        ) : (
          'The prices this customer sees in your store, pays at checkout and finds on its invoices.'
        )}
      </FormHelperText>
    </FormControl>
  );
}
