import { teamRoleAtLeast } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState';
import { PageHeader } from '../../../../components/PageHeader';
import { TintedIcon } from '../../../../components/TintedIcon';
import { useCurrentUser } from '../../../../lib/current-user';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { ApiKeysSection } from './ApiKeysSection';
import { ExportsSection } from './ExportsSection';
import { WebhookEndpointView } from './WebhookEndpointView';
import { WebhooksSection } from './WebhooksSection';

export const STAFF_INTEGRATIONS_MESSAGE = 'Only an owner or admin can manage integrations';
export const INTEGRATIONS_SUBTITLE = 'Connect your web shop, accounting and warehouse: API keys, webhooks and exports.';

const TABS = [
  { value: 'api-keys', label: 'API keys' },
  { value: 'webhooks', label: 'Webhooks' },
  { value: 'exports', label: 'Exports' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

const isTab = (value: string | null): value is TabValue => TABS.some((t) => t.value === value);

/**
 * /app/{org_id}/integrations (issue 26): API keys, webhook endpoints with their delivery log,
 * and accounting exports, for owners and admins. The tab and an opened endpoint live in the
 * URL (?tab=webhooks&endpoint={id}), so a reload or a shared link opens the same view. Staff
 * get a sentence saying who can, and no calls the server would refuse.
 */
export function IntegrationsPage() {
  useOrganizationPageTitle('Integrations');
  const { orgId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const user = useCurrentUser();
  const role = user.data?.organizations.find((o) => o.id === orgId)?.role;
  const tabParam = search.get('tab');
  const tab: TabValue = isTab(tabParam) ? tabParam : 'api-keys';
  const endpointId = tab === 'webhooks' ? search.get('endpoint') : null;
  const base = `/app/${orgId}/integrations`;

  const header = <PageHeader title="Integrations" subtitle={INTEGRATIONS_SUBTITLE} />;
  if (user.isPending) {
    return (
      <>
        {header}
        <Skeleton variant="rounded" height={48} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={240} />
      </>
    );
  }
  if (!teamRoleAtLeast(role, 'admin')) {
    return (
      <>
        {header}
        <Paper variant="outlined" sx={{ p: { xs: 4, sm: 6 }, textAlign: 'center' }}>
          <EmptyState
            icon={
              <TintedIcon>
                <LockOutlinedIcon />
              </TintedIcon>
            }
            title={STAFF_INTEGRATIONS_MESSAGE}
          >
            API keys and webhooks reach your orders, customers and catalog from outside Cratebase, so only the
            organization’s owners and admins create or change them. Ask one of them if you need a key or an export.
          </EmptyState>
        </Paper>
      </>
    );
  }

  return (
    <>
      {header}
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_, value: TabValue) => setSearch(value === 'api-keys' ? {} : { tab: value })}
          aria-label="Integrations"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              label={t.label}
              id={`integrations-tab-${t.value}`}
              aria-controls="integrations-panel"
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id="integrations-panel" aria-labelledby={`integrations-tab-${tab}`}>
        {tab === 'api-keys' && <ApiKeysSection orgId={orgId} />}
        {tab === 'webhooks' &&
          (endpointId ? (
            <WebhookEndpointView
              key={endpointId}
              orgId={orgId}
              endpointId={endpointId}
              backTo={`${base}?tab=webhooks`}
              onDeleted={() => setSearch({ tab: 'webhooks' }, { replace: true })}
            />
          ) : (
            <WebhooksSection orgId={orgId} onOpen={(id) => setSearch({ tab: 'webhooks', endpoint: id })} />
          ))}
        {tab === 'exports' && <ExportsSection orgId={orgId} />}
      </Box>
    </>
  );
}

export default IntegrationsPage;
