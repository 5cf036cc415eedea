import type { CampaignSettingsFields, CampaignStatus } from './events.ts';

/** A campaign as the list, the dialog and the report show it (doc 2 §3 Campaign). Times are ISO. */
export interface CampaignView {
  id: string;
  companyId: string;
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  status: CampaignStatus;
  scheduledAt: string | null;
  completedAt: string | null;
  whatsappId: string | null;
  whatsapp: { id: string; name: string } | null;
  contactListId: string | null;
  contactList: { id: string; name: string } | null;
  /** The tag whose contacts receive it (the form's tagListId, echoed under both names). */
  tagId: string | null;
  tagListId: string | null;
  fileListId: string | null;
  fileList: { id: string; name: string } | null;
  mediaPath: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
  /** Why the last start was refused (CampaignStartRefused), until the campaign is saved again. */
  lastError: string | null;
  /** The run's figures (0 before it starts): recipients fixed at the start, and their shipments. */
  validContacts: number;
  sent: number;
  delivered: number;
  failed: number;
  /** Recipients skipped because they opted out ("descadastrado", LGPD issue 25): never failed. */
  optedOut: number;
  pending: number;
  createdAt: string;
  updatedAt: string;
}

export interface CampaignPage {
  records: CampaignView[];
  hasMore: boolean;
}

export type ShipmentStatus = 'pending' | 'sent' | 'delivered' | 'failed' | 'optedOut';

/** One recipient of a run, in send order (the report's list of shipments). */
export interface CampaignShipmentView {
  index: number;
  number: string;
  name: string;
  status: ShipmentStatus;
  messageId: string | null;
  sentAt: string | null;
  deliveredAt: string | null;
  failedAt: string | null;
  reason: string | null;
}

export interface CampaignShipmentPage {
  records: CampaignShipmentView[];
  hasMore: boolean;
}

/**
 * GET /campaign-settings answers the reference's rows: one per setting, its value JSON-encoded
 * (`{ key: 'messageInterval', value: '20' }`, `{ key: 'variables', value: '[{"key":"a","value":"b"}]' }`).
 */
export interface CampaignSettingRow {
  key: keyof CampaignSettingsFields;
  value: string;
}
