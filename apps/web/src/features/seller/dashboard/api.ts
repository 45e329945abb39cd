/** The seller dashboard (issue 13 item 6): GET /api/organization/{org_id}/dashboard. */
import type { Dashboard } from '@cratebase/contract';
import { useQuery } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api';
import { dashboardKeys } from '../../../lib/query-keys';

export function fetchDashboard(orgId: string): Promise<Dashboard> {
  return api.get<Dashboard>(apiPath`/api/organization/${orgId}/dashboard`);
}

/** The seller's dashboard; read again when the page is opened again (a new order may be in). */
export function useDashboard(orgId: string) {
  return useQuery({
    queryKey: dashboardKeys.of(orgId),
    queryFn: () => fetchDashboard(orgId),
    enabled: Boolean(orgId),
    refetchOnMount: 'always',
  });
}

const weekFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Mar 4": a week's label from its Monday (YYYY-MM-DD, UTC). */
export function weekLabel(weekStart: string): string {
  return weekFormat.format(new Date(`${weekStart}T00:00:00Z`));
}

/** 0.5 → "50%"; null (nobody ordered in the period) → "—". */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}
