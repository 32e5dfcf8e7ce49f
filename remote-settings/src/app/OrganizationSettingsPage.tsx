import {
  can,
  PageHeader,
  PageSkeleton,
  type TSettingsTab,
  useCurrentOrganization,
  useSearchUpdate,
  useT,
} from '@dash/shared';
import { Stack, Tabs } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { GeneralSettings } from '../features/organization/components/GeneralSettings';
import { readSettingsTab } from '../features/organization/settings-tab';
import { AreaProbe } from './AreaProbe';
import '../i18n';
import '../features/audit/i18n';
import '../features/webhooks/i18n';

// The tabs other than General load when first chosen: the page opens on General, and the audit
// log's contracts (transfers, providers) and the members' tables stay off the area's first load.
const MembersSettings = lazy(() => import('../features/members/components/MembersSettings'));
const ApiKeysSettings = lazy(() => import('../features/api-keys/components/ApiKeysSettings'));
const AuditLog = lazy(() => import('../features/audit/components/AuditLog'));
const WebhooksSettings = lazy(() => import('../features/webhooks/components/WebhooksSettings'));
const DangerZone = lazy(() => import('../features/organization/components/DangerZone'));

/** /org/{org}/settings?tab=general|members|api-keys|audit|webhooks|danger-zone (API keys, Audit, Webhooks: Admins only) */
export default function OrganizationSettingsPage() {
  const { t } = useT('settings');
  const { t: audit } = useT('audit');
  const { t: webhooks } = useT('webhooks');
  const [search, updateSearch] = useSearchUpdate();
  const organization = useCurrentOrganization();
  const canAudit = can(organization.role, 'audit.read');
  const canManageKeys = can(organization.role, 'apiKeys.manage');
  const canWebhooks = can(organization.role, 'webhooks.manage');
  const named = readSettingsTab(search.get('tab'));
  const hidden =
    (named === 'audit' && !canAudit) ||
    (named === 'api-keys' && !canManageKeys) ||
    (named === 'webhooks' && !canWebhooks);
  const tab = hidden ? 'general' : named;
  const selectTab = (value: string | null) => updateSearch((next) => next.set('tab', readSettingsTab(value)));

  return (
    <Stack gap="md">
      <AreaProbe />
      <PageHeader title={t('organization.title')} />
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value={'general' satisfies TSettingsTab}>{t('organization.tabs.general')}</Tabs.Tab>
          <Tabs.Tab value={'members' satisfies TSettingsTab}>{t('organization.tabs.members')}</Tabs.Tab>
          {canManageKeys ? (
            <Tabs.Tab value={'api-keys' satisfies TSettingsTab}>{t('organization.tabs.apiKeys')}</Tabs.Tab>
          ) : null}
          {canAudit ? <Tabs.Tab value={'audit' satisfies TSettingsTab}>{audit('tab')}</Tabs.Tab> : null}
          {canWebhooks ? (
            <Tabs.Tab value={'webhooks' satisfies TSettingsTab}>{webhooks('tab')}</Tabs.Tab>
          ) : null}
          <Tabs.Tab value={'danger-zone' satisfies TSettingsTab}>
            {t('organization.tabs.dangerZone')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="general" pt="md">
          <GeneralSettings />
        </Tabs.Panel>
        <Tabs.Panel value="members" pt="md">
          <Suspense fallback={<PageSkeleton rows={3} />}>
            <MembersSettings />
          </Suspense>
        </Tabs.Panel>
        {canManageKeys ? (
          <Tabs.Panel value="api-keys" pt="md">
            <Suspense fallback={<PageSkeleton rows={3} />}>
              <ApiKeysSettings />
            </Suspense>
          </Tabs.Panel>
        ) : null}
        {canAudit ? (
          <Tabs.Panel value="audit" pt="md">
            <Suspense fallback={<PageSkeleton rows={3} />}>
              <AuditLog />
            </Suspense>
          </Tabs.Panel>
        ) : null}
        {canWebhooks ? (
          <Tabs.Panel value="webhooks" pt="md">
            <Suspense fallback={<PageSkeleton rows={3} />}>
              <WebhooksSettings />
            </Suspense>
          </Tabs.Panel>
        ) : null}
        <Tabs.Panel value="danger-zone" pt="md">
          <Suspense fallback={<PageSkeleton rows={3} />}>
            <DangerZone />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
