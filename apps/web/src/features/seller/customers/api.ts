import type { Customer, CustomerOrder, PaymentTerms } from '@cratebase/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, apiPath, keysetPaging, withQuery, type Page } from '../../../lib/api';
import { customerKeys } from '../../../lib/query-keys';

export const CUSTOMERS_PAGE_SIZE = 25;
export const CUSTOMER_ORDERS_PAGE_SIZE = 25;

/** GET /api/order/organization/{org_id}/purchasers: customers, newest first. */
export function fetchCustomersPage(
  orgId: string,
  cursor: string | undefined,
  q = '',
  limit = CUSTOMERS_PAGE_SIZE,
): Promise<Page<Customer>> {
  return api.getPage<Customer>(
    withQuery(apiPath`/api/order/organization/${orgId}/purchasers`, { limit, cursor, q: q.trim() || undefined }),
  );
}

/** GET /api/order/organization/{org_id}/purchasing_organization/{id}: the customer's completed orders. */
export function fetchCustomerOrdersPage(
  orgId: string,
  customerId: string,
  cursor: string | undefined,
): Promise<Page<CustomerOrder>> {
  return api.getPage<CustomerOrder>(
    withQuery(apiPath`/api/order/organization/${orgId}/purchasing_organization/${customerId}`, {
      limit: CUSTOMER_ORDERS_PAGE_SIZE,
      cursor,
    }),
  );
}

/** GET /api/order/organization/{org_id}/purchasers/{id}: one customer; null when not a customer. */
export async function findCustomer(orgId: string, customerId: string): Promise<Customer | null> {
  try {
    return await api.get<Customer>(apiPath`/api/order/organization/${orgId}/purchasers/${customerId}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useCustomers(orgId: string, q = '') {
  return useInfiniteQuery({
    queryKey: customerKeys.list(orgId, q.trim()),
    queryFn: ({ pageParam }) => fetchCustomersPage(orgId, pageParam, q),
    ...keysetPaging,
    enabled: Boolean(orgId),
    placeholderData: keepPreviousData,
  });
}

/** The customer's entry; `initial` (from the list the user came from) shows at once. */
export function useCustomer(orgId: string, customerId: string, initial?: Customer) {
  return useQuery({
    queryKey: customerKeys.detail(orgId, customerId),
    queryFn: () => findCustomer(orgId, customerId),
    enabled: Boolean(orgId && customerId),
    initialData: initial,
    // The list's entry shows at once but lacks the customer's people: read the customer anyway.
    initialDataUpdatedAt: 0,
  });
}

export function useCustomerOrders(orgId: string, customerId: string) {
  return useInfiniteQuery({
    queryKey: customerKeys.orders(orgId, customerId),
    queryFn: ({ pageParam }) => fetchCustomerOrdersPage(orgId, customerId, pageParam),
    ...keysetPaging,
    enabled: Boolean(orgId && customerId),
  });
}

const termsPath = (orgId: string, customerId: string) =>
  apiPath`/api/order/organization/${orgId}/purchasers/${customerId}/payment_terms`;

/** The payment terms the seller gives the customer (net_days 0: card only). */
export function useCustomerPaymentTerms(orgId: string, customerId: string) {
  return useQuery({
    queryKey: customerKeys.terms(orgId, customerId),
    queryFn: () => api.get<PaymentTerms>(termsPath(orgId, customerId)),
    enabled: Boolean(orgId && customerId),
  });
}

/** PUT …/payment_terms: the answer replaces the cached terms. */
export function useSetCustomerPaymentTerms(orgId: string, customerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (netDays: number) => api.put<PaymentTerms>(termsPath(orgId, customerId), { net_days: netDays }),
    onSuccess: (terms) => client.setQueryData(customerKeys.terms(orgId, customerId), terms),
  });
}
