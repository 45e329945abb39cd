import type { Customer, CustomerOrder } from '@cratebase/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, apiPath, type Page } from '../../../lib/api';

export const CUSTOMERS_PAGE_SIZE = 25;
export const CUSTOMER_ORDERS_PAGE_SIZE = 25;
/** Page size when looking one customer up by id (the list has no single-customer read). */
const LOOKUP_PAGE_SIZE = 200;
const LOOKUP_MAX_PAGES = 10;

export const customerKeys = {
  organization: (orgId: string) => ['customers', orgId] as const,
  list: (orgId: string, q = '') => ['customers', orgId, 'list', { q }] as const,
  detail: (orgId: string, customerId: string) => ['customers', orgId, 'detail', customerId] as const,
  orders: (orgId: string, customerId: string) => ['customers', orgId, 'orders', customerId] as const,
};

function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

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

/**
 * One customer's list entry (its name). The API has no single-customer read, so this walks the
 * customer list in large pages; null when the organization is not a customer.
 */
export async function findCustomer(orgId: string, customerId: string): Promise<Customer | null> {
  let cursor: string | undefined;
  for (let page = 0; page < LOOKUP_MAX_PAGES; page += 1) {
    const result = await fetchCustomersPage(orgId, cursor, '', LOOKUP_PAGE_SIZE);
    const found = result.items.find((customer) => customer.organization.id === customerId);
    if (found) return found;
    if (!result.nextCursor) return null;
    cursor = result.nextCursor;
  }
  return null;
}

export function useCustomers(orgId: string, q = '') {
  return useInfiniteQuery({
    queryKey: customerKeys.list(orgId, q.trim()),
    queryFn: ({ pageParam }) => fetchCustomersPage(orgId, pageParam, q),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
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
  });
}

export function useCustomerOrders(orgId: string, customerId: string) {
  return useInfiniteQuery({
    queryKey: customerKeys.orders(orgId, customerId),
    queryFn: ({ pageParam }) => fetchCustomerOrdersPage(orgId, customerId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(orgId && customerId),
  });
}
