import {
  CAMPAIGN_SETTINGS_DEFAULTS,
  type CampaignSettingsChanged,
  type CampaignSettingsFields,
} from '@zelo/contracts/campaigns/events';

/** The company's campaign settings: the defaults (doc 2 §9) until they are first saved. */
export interface CampaignSettingsState {
  saved: boolean;
  settings: CampaignSettingsFields;
}

export const campaignSettingsStreamId = (companyId: string) => `campaignsettings-${companyId}`;
export const initialCampaignSettingsState = (): CampaignSettingsState => ({
  saved: false,
  settings: CAMPAIGN_SETTINGS_DEFAULTS,
});

export function evolveCampaignSettings(
  _state: CampaignSettingsState,
  event: CampaignSettingsChanged,
): CampaignSettingsState {
  return { saved: true, settings: event.data.settings };
}

export type CampaignSettingsCommand = {
  type: 'ChangeCampaignSettings';
  companyId: string;
  /** Keys left out keep their current value. */
  settings: Partial<CampaignSettingsFields>;
};

/** doc 2 §2.9: a variable key given twice keeps its first value. */
const uniqueVariables = (vars: CampaignSettingsFields['variables']) =>
  vars.filter((x, i) => vars.findIndex((y) => y.key === x.key) === i);

function changeCampaignSettings(
  command: CampaignSettingsCommand,
  state: CampaignSettingsState,
): CampaignSettingsChanged[] {
  const given = Object.fromEntries(
    Object.entries(command.settings).filter(([, value]) => value !== undefined),
  ) as Partial<CampaignSettingsFields>;
  const settings = { ...state.settings, ...given };
  settings.variables = uniqueVariables(settings.variables);
  // Saving what is already there records nothing.
  if (state.saved && JSON.stringify(settings) === JSON.stringify(state.settings)) return [];
  return [{ type: 'CampaignSettingsChanged', data: { companyId: command.companyId, settings } }];
}

export function decideCampaignSettings(
  command: CampaignSettingsCommand,
  state: CampaignSettingsState,
): CampaignSettingsChanged[] {
  switch (command.type) {
    case 'ChangeCampaignSettings':
      return changeCampaignSettings(command, state);
    default: {
      const unknown: never = command.type;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
