import type { Intent } from '@blueprintjs/core';
import type { CampaignStatus } from '@zelo/contracts/campaigns/events';
import type { TKey } from '../../../lib/i18n.ts';

/** How each status reads in the list and the report (doc 2 §4). */
export const STATUS_LOOK: Record<CampaignStatus, { label: TKey; intent: Intent }> = {
  INATIVA: { label: 'campaigns.statusINATIVA', intent: 'none' },
  PROGRAMADA: { label: 'campaigns.statusPROGRAMADA', intent: 'primary' },
  EM_ANDAMENTO: { label: 'campaigns.statusEM_ANDAMENTO', intent: 'warning' },
  CANCELADA: { label: 'campaigns.statusCANCELADA', intent: 'danger' },
  FINALIZADA: { label: 'campaigns.statusFINALIZADA', intent: 'success' },
};
