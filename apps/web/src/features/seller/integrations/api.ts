import type {
  ApiKey,
  ApiKeyList,
  CreateApiKeyBody,
  CreatedApiKey,
  CreateWebhookEndpointBody,
  UpdateWebhookEndpointBody,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookEndpoint,
  WebhookEndpointSecret,
} from '@cratebase/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath, keysetPaging, withQuery, type Page } from '../../../lib/api';
import { integrationKeys } from '../../../lib/query-keys';
import type { AccountingExportFormat, AccountingExportKind } from './format';

// ── API keys ────────────────────────────────────────────────────────────────────────────────

const apiKeysPath = (orgId: string) => apiPath`/api/organization/${orgId}/api_keys`;

/** GET /api/organization/{org_id}/api_keys: every key, revoked ones too (newest first). */
export function useApiKeys(orgId: string) {
  return useQuery({
    queryKey: integrationKeys.apiKeys(orgId),
    queryFn: async () => (await api.get<ApiKeyList>(apiKeysPath(orgId))).api_keys,
    enabled: Boolean(orgId),
  });
}

/** POST …/api_keys: the answer carries the key's token, the only time it is shown. */
export function useCreateApiKey(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api.post<CreatedApiKey>(apiKeysPath(orgId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys(orgId) }),
  });
}

/** DELETE …/api_keys/{api_key_id}: the key stops working at once; the answer is the key with revoked_at set. */
export function useRevokeApiKey(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => api.delete<ApiKey>(apiPath`/api/organization/${orgId}/api_keys/${keyId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys(orgId) }),
  });
}

// ── Webhooks ────────────────────────────────────────────────────────────────────────────────

const webhooksPath = (orgId: string) => apiPath`/api/organization/${orgId}/webhooks`;
const endpointPath = (orgId: string, endpointId: string) => apiPath`/api/organization/${orgId}/webhooks/${endpointId}`;
const deliveryPath = (orgId: string, deliveryId: string) =>
  apiPath`/api/organization/${orgId}/webhooks/deliveries/${deliveryId}`;

/** Rows per page of an endpoint's delivery log. */
export const DELIVERIES_PAGE_SIZE = 25;

/** GET …/webhooks: the organization's endpoints. */
export function useWebhookEndpoints(orgId: string) {
  return useQuery({
    queryKey: integrationKeys.webhooks(orgId),
    queryFn: () => api.get<WebhookEndpoint[]>(webhooksPath(orgId)),
    enabled: Boolean(orgId),
  });
}

/** GET …/webhooks/{endpoint_id}. */
export function useWebhookEndpoint(orgId: string, endpointId: string) {
  return useQuery({
    queryKey: integrationKeys.endpoint(orgId, endpointId),
    queryFn: () => api.get<WebhookEndpoint>(endpointPath(orgId, endpointId)),
    enabled: Boolean(orgId && endpointId),
  });
}

/** An endpoint's signing secret: only a rotation changes it (never an edit of the endpoint). */
const isSecretQuery = (queryKey: readonly unknown[]) => queryKey[queryKey.length - 1] === 'secret';

/** Every change to an endpoint reloads the endpoints (the list and each one, with its log), not their secrets. */
function useWebhooksMutation<Input, Output>(orgId: string, mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: integrationKeys.webhooks(orgId),
        predicate: (query) => !isSecretQuery(query.queryKey),
      }),
  });
}

/** POST …/webhooks: the answer carries the new endpoint's signing secret, kept for Reveal. */
export function useCreateWebhookEndpoint(orgId: string) {
  const queryClient = useQueryClient();
  return useWebhooksMutation(orgId, async (body: CreateWebhookEndpointBody) => {
    const { secret, ...endpoint } = await api.post<WebhookEndpoint & { secret: string }>(webhooksPath(orgId), body);
    const signing: WebhookEndpointSecret = { secret, previous_secret: null, previous_secret_expires_at: null };
    queryClient.setQueryData(integrationKeys.secret(orgId, endpoint.id), signing);
    return endpoint;
  });
}

/** PATCH …/webhooks/{endpoint_id}: only what is given changes. */
export function useUpdateWebhookEndpoint(orgId: string) {
  return useWebhooksMutation(orgId, ({ endpointId, body }: { endpointId: string; body: UpdateWebhookEndpointBody }) =>
    api.patch<WebhookEndpoint>(endpointPath(orgId, endpointId), body),
  );
}

/** DELETE …/webhooks/{endpoint_id}. */
export function useDeleteWebhookEndpoint(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => api.delete<void>(endpointPath(orgId, endpointId)),
    // The deleted endpoint's own queries are dropped, not refetched (they would answer 404).
    onSuccess: (_, endpointId) => queryClient.removeQueries({ queryKey: integrationKeys.endpoint(orgId, endpointId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks(orgId), exact: true }),
  });
}

/** GET …/webhooks/{endpoint_id}/secret: only when the seller asks to see it. */
export function useWebhookSecret(orgId: string, endpointId: string, revealed: boolean) {
  return useQuery({
    queryKey: integrationKeys.secret(orgId, endpointId),
    queryFn: () => api.get<WebhookEndpointSecret>(`${endpointPath(orgId, endpointId)}/secret`),
    enabled: revealed && Boolean(orgId && endpointId),
    staleTime: Infinity,
  });
}

/** POST …/webhooks/{endpoint_id}/rotate_secret: the answer is the new secret (and the old one while it still signs). */
export function useRotateWebhookSecret(orgId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WebhookEndpointSecret>(`${endpointPath(orgId, endpointId)}/rotate_secret`),
    onSuccess: (secret) => {
      queryClient.setQueryData(integrationKeys.secret(orgId, endpointId), secret);
      void queryClient.invalidateQueries({ queryKey: integrationKeys.endpoint(orgId, endpointId), exact: true });
    },
  });
}

/** POST …/webhooks/{endpoint_id}/test: queues a `webhook.test` delivery to this endpoint alone. */
export function useSendTestEvent(orgId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WebhookDelivery>(`${endpointPath(orgId, endpointId)}/test`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(orgId, endpointId) }),
  });
}

/** GET …/webhooks/{endpoint_id}/deliveries: newest first, keyset pages; of one status when given. */
export function fetchDeliveriesPage(
  orgId: string,
  endpointId: string,
  status: WebhookDelivery['status'] | null,
  cursor: string | undefined,
) {
  return api.getPage<WebhookDelivery>(
    withQuery(`${endpointPath(orgId, endpointId)}/deliveries`, {
      limit: DELIVERIES_PAGE_SIZE,
      status: status ?? undefined,
      cursor,
    }),
  );
}

/** True while a delivery of the log is still on its way (the log then reads itself again). */
export const isDeliveryInFlight = (delivery: WebhookDelivery) =>
  delivery.status === 'pending' || delivery.status === 'sending';

/** How often the log reads itself again while a delivery has not settled. */
const IN_FLIGHT_REFRESH_MS = 2000;

export function useWebhookDeliveries(orgId: string, endpointId: string, status: WebhookDelivery['status'] | null) {
  return useInfiniteQuery({
    queryKey: integrationKeys.deliveryLog(orgId, endpointId, status),
    queryFn: ({ pageParam }): Promise<Page<WebhookDelivery>> =>
      fetchDeliveriesPage(orgId, endpointId, status, pageParam),
    ...keysetPaging,
    enabled: Boolean(orgId && endpointId),
    // A test event or a redelivery is sent by the job runner a moment later: follow it until it settles.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some(isDeliveryInFlight)) ? IN_FLIGHT_REFRESH_MS : false,
  });
}

/** GET …/webhooks/deliveries/{delivery_id}: one delivery with its attempts and the payload posted. */
export function useWebhookDelivery(orgId: string, endpointId: string, deliveryId: string | null) {
  return useQuery({
    queryKey: integrationKeys.delivery(orgId, endpointId, deliveryId ?? ''),
    queryFn: () => api.get<WebhookDeliveryDetail>(deliveryPath(orgId, deliveryId ?? '')),
    enabled: Boolean(orgId && deliveryId),
    refetchInterval: (query) =>
      query.state.data && isDeliveryInFlight(query.state.data) ? IN_FLIGHT_REFRESH_MS : false,
  });
}

/** POST …/webhooks/deliveries/{delivery_id}/redeliver: sends the same event again, now. */
export function useRedeliver(orgId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => api.post<WebhookDelivery>(`${deliveryPath(orgId, deliveryId)}/redeliver`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(orgId, endpointId) }),
  });
}

// ── Accounting exports ──────────────────────────────────────────────────────────────────────

export interface AccountingExportRequest {
  kind: AccountingExportKind;
  format: AccountingExportFormat;
  /** First and last day, both included (YYYY-MM-DD). */
  from: string;
  to: string;
  /** Xero's account code and tax rate of every line (the server's defaults: 200 and Tax Exempt). */
  account_code?: string;
  tax_type?: string;
}

/** GET /api/organization/{org_id}/exports/{kind}.csv?from&to&format with the bearer token: the CSV and its name. */
export async function fetchAccountingExport(orgId: string, request: AccountingExportRequest) {
  const { kind, ...query } = request;
  const { blob, filename } = await api.download(
    withQuery(apiPath`/api/organization/${orgId}/exports/${kind}.csv`, query),
    'text/csv',
  );
  return { blob, filename: filename ?? `cratebase-${kind}-${request.from}-${request.to}-${request.format}.csv` };
}
