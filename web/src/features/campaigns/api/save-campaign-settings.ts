import type { CampaignSettingsFields } from '@zelo/contracts/campaigns/events';
import type { CampaignSettingRow } from '@zelo/contracts/campaigns/read-models';
import { apiRequest } from '../../../lib/api.ts';
import { formToRequest, rowsToSettings, type SettingsFormValues } from '../lib/settings-form.ts';

/** POST /campaign-settings `{ settings }`; answers the rows as they are now. */
export const saveCampaignSettings = (values: SettingsFormValues): Promise<CampaignSettingsFields> =>
  apiRequest<CampaignSettingRow[]>('/campaign-settings', {
    method: 'POST',
    body: formToRequest(values),
  }).then(rowsToSettings);
