import type { CampaignSettingsFields } from '@zelo/contracts/campaigns/events';
import type { CampaignSettingRow } from '@zelo/contracts/campaigns/read-models';
import { apiRequest } from '../../../lib/api.ts';
import { rowsToSettings } from '../lib/settings-form.ts';

/** GET /campaign-settings: the reference's rows, read as settings (defaults for what was never saved). */
export const getCampaignSettings = (signal?: AbortSignal): Promise<CampaignSettingsFields> =>
  apiRequest<CampaignSettingRow[]>('/campaign-settings', { signal }).then(rowsToSettings);
