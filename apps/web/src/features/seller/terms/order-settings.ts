/**
 * The seller's order settings (issue 23): how many hours after placing an order the retailer may
 * still cancel or reduce it itself — GET|PUT /api/organization/{org_id}/order-settings.
 */
import type { OrderSettings } from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api';
import { organizationKeys } from '../../../lib/query-keys';

/** Under the organization's key: refreshing the organization refreshes its settings too. */
export const orderSettingsKey = (orgId: string) => [...organizationKeys.detail(orgId), 'order-settings'] as const;

export function useOrderSettings(orgId: string) {
  return useQuery({
    queryKey: orderSettingsKey(orgId),
    queryFn: () => api.get<OrderSettings>(apiPath`/api/organization/${orgId}/order-settings`),
    enabled: Boolean(orgId),
  });
}

export function useSaveOrderSettings(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: OrderSettings) =>
      api.put<OrderSettings>(apiPath`/api/organization/${orgId}/order-settings`, settings),
    onSuccess: (saved) => client.setQueryData(orderSettingsKey(orgId), saved),
  });
}
