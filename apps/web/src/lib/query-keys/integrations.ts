// ── Integrations (issue 26): API keys, webhook endpoints and their delivery log ──────────────

/**
 * Everything of a seller's integrations is under `organization(orgId)`. A webhook endpoint's
 * deliveries sit under `endpoint(…)`, so sending a test event or redelivering refreshes its log.
 */
export const integrationKeys = {
  organization: (orgId: string) => ['integrations', orgId] as const,
  apiKeys: (orgId: string) => ['integrations', orgId, 'api-keys'] as const,
  webhooks: (orgId: string) => ['integrations', orgId, 'webhooks'] as const,
  endpoint: (orgId: string, endpointId: string) => ['integrations', orgId, 'webhooks', endpointId] as const,
  secret: (orgId: string, endpointId: string) => ['integrations', orgId, 'webhooks', endpointId, 'secret'] as const,
  deliveries: (orgId: string, endpointId: string) =>
    ['integrations', orgId, 'webhooks', endpointId, 'deliveries'] as const,
  /** The log's pages, of one status or all (null). */
  deliveryLog: (orgId: string, endpointId: string, status: string | null) =>
    ['integrations', orgId, 'webhooks', endpointId, 'deliveries', 'log', { status }] as const,
  delivery: (orgId: string, endpointId: string, deliveryId: string) =>
    ['integrations', orgId, 'webhooks', endpointId, 'deliveries', deliveryId] as const,
};
