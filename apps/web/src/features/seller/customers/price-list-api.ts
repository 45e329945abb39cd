import type { CustomerPriceList, PriceList } from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api';
import { priceListKeys } from '../../../lib/query-keys';

const customerListPath = (orgId: string, customerId: string) =>
  apiPath`/api/order/organization/${orgId}/purchasers/${customerId}/price_list`;

/** The seller's price lists, to choose from (the same key as the Price lists page: one cache). */
export function useSellerPriceLists(orgId: string) {
  return useQuery({
    queryKey: priceListKeys.list(orgId),
    queryFn: () => api.get<PriceList[]>(apiPath`/api/organization/${orgId}/price_lists`),
    enabled: Boolean(orgId),
  });
}

/** The price list the customer buys on (price_list null: wholesale prices). */
export function useCustomerPriceList(orgId: string, customerId: string) {
  return useQuery({
    queryKey: priceListKeys.customer(orgId, customerId),
    queryFn: () => api.get<CustomerPriceList>(customerListPath(orgId, customerId)),
    enabled: Boolean(orgId && customerId),
  });
}

/** PUT …/price_list: the answer replaces the cached one; the lists' customer counts are read again. */
export function useSetCustomerPriceList(orgId: string, customerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (priceListId: string | null) =>
      api.put<CustomerPriceList>(customerListPath(orgId, customerId), { price_list_id: priceListId }),
    onSuccess: (answer) => {
      client.setQueryData(priceListKeys.customer(orgId, customerId), answer);
      void client.invalidateQueries({ queryKey: priceListKeys.list(orgId) });
    },
  });
}
