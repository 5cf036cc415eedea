import '../../components/ui/admin-page.css';
import { Card, Tab, Tabs } from '@blueprintjs/core';
import { CompaniesPanel } from '../../features/companies/components/companies-panel.tsx';
import { HelpsAdminPanel } from '../../features/helps/components/helps-admin-panel.tsx';
import { PlansPanel } from '../../features/plans/components/plans-panel.tsx';
import { PrivacySettings } from '../../features/settings/components/privacy-settings.tsx';
import {
  CompanyHours,
  SettingsOptions,
  useSettings,
} from '../../features/settings/components/settings-panels.tsx';
import { useT } from '../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../lib/store.ts';

/**
 * Doc 1 §2 settings screen: Options and Privacy (LGPD, issue 25) always, Schedules when scheduleType is
 * company, and Companies, Plans and Help for the super user only (the server refuses their calls to
 * anyone else anyway).
 */
export function SettingsRoute() {
  const t = useT();
  const settings = useSettings();
  const isSuper = !!useAtomValue(sessionAtom)?.user.super;
  const scheduleType = settings.data?.find((s) => s.key === 'scheduleType')?.value;

  return (
    <div className="admin-page" data-testid="settings-page">
      <div className="admin-page-head">
        <h2>{t('settings.title')}</h2>
      </div>
      <Card className="admin-page-card" style={{ padding: '0 12px' }}>
        <Tabs id="settings-tabs" renderActiveTabPanelOnly>
          <Tab
            id="options"
            title={t('settings.tabOptions')}
            panel={<SettingsOptions settings={settings} />}
            data-testid="settings-options-tab"
          />
          <Tab
            id="privacy"
            title={t('privacy.settingsTab')}
            panel={<PrivacySettings settings={settings} />}
            data-testid="settings-privacy-tab"
          />
          {scheduleType === 'company' && (
            <Tab
              id="schedules"
              title={t('settings.tabSchedules')}
              panel={<CompanyHours />}
              data-testid="settings-schedules-tab"
            />
          )}
          {isSuper && (
            <Tab
              id="companies"
              title={t('settings.tabCompanies')}
              panel={<CompaniesPanel />}
              data-testid="settings-companies-tab"
            />
          )}
          {isSuper && (
            <Tab
              id="plans"
              title={t('settings.tabPlans')}
              panel={<PlansPanel />}
              data-testid="settings-plans-tab"
            />
          )}
          {isSuper && (
            <Tab
              id="helps"
              title={t('settings.tabHelp')}
              panel={<HelpsAdminPanel />}
              data-testid="settings-helps-tab"
            />
          )}
        </Tabs>
      </Card>
    </div>
  );
}
