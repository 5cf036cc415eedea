import type { CampaignRequest } from '@zelo/contracts/campaigns/api';
import type { CampaignView } from '@zelo/contracts/campaigns/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';
import { localInputToIso, toLocalInput } from '../../../lib/datetime-local.ts';
import type { EditMode } from '../lib/editability.ts';

export const MESSAGE_FIELDS = ['message1', 'message2', 'message3', 'message4', 'message5'] as const;
export type MessageField = (typeof MESSAGE_FIELDS)[number];

/** The dialog's values: selects hold '' for none, scheduledAt is the datetime-local box's text. */
export interface CampaignFormValues extends Record<MessageField, string> {
  name: string;
  whatsappId: string;
  scheduledAt: string;
  contactListId: string;
  tagListId: string;
  fileListId: string;
}

const message = v.pipe(v.string(), v.maxLength(4096, 'validation.tooLong'));

/** Doc 2 §5: the name is required, 2 to 50; the rest is checked by the server when it is scheduled. */
export const CampaignForm = v.object({
  name: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.minLength(2, 'validation.tooShort'),
    v.maxLength(50, 'validation.tooLong'),
  ),
  message1: v.optional(message),
  message2: v.optional(message),
  message3: v.optional(message),
  message4: v.optional(message),
  message5: v.optional(message),
  scheduledAt: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => s === '' || localInputToIso(s) !== null, 'campaigns.invalidDate'),
    ),
  ),
});

export function initialCampaignValues(c: CampaignView | null): CampaignFormValues {
  return {
    name: c?.name ?? '',
    message1: c?.message1 ?? '',
    message2: c?.message2 ?? '',
    message3: c?.message3 ?? '',
    message4: c?.message4 ?? '',
    message5: c?.message5 ?? '',
    whatsappId: c?.whatsappId ?? '',
    scheduledAt: c?.scheduledAt ? toLocalInput(c.scheduledAt) : '',
    contactListId: c?.contactListId ?? '',
    tagListId: c?.tagListId ?? c?.tagId ?? '',
    fileListId: c?.fileListId ?? '',
  };
}

const orNull = (s: string | undefined) => (s ? s : null);

/**
 * The request for the form. A cancelled campaign changes only its messages and file list (doc 2 §4):
 * everything else is sent as the campaign has it, so the server sees nothing else moved.
 */
export function toCampaignRequest(
  values: CampaignFormValues,
  existing: CampaignView | null,
  mode: EditMode,
): CampaignRequest {
  const messages = Object.fromEntries(MESSAGE_FIELDS.map((f) => [f, (values[f] ?? '').trim()])) as Record<
    MessageField,
    string
  >;
  if (existing && mode === 'messages') {
    return {
      name: existing.name,
      ...messages,
      whatsappId: existing.whatsappId,
      scheduledAt: existing.scheduledAt,
      contactListId: existing.contactListId,
      tagListId: existing.tagListId ?? existing.tagId,
      fileListId: orNull(values.fileListId),
    };
  }
  return {
    name: values.name.trim(),
    ...messages,
    whatsappId: orNull(values.whatsappId),
    scheduledAt: values.scheduledAt ? localInputToIso(values.scheduledAt) : null,
    contactListId: orNull(values.contactListId),
    tagListId: orNull(values.tagListId),
    fileListId: orNull(values.fileListId),
  };
}

/** POST /campaigns or PUT /campaigns/{id}; answers the campaign as saved (with its new status). */
export const saveCampaign = (values: CampaignFormValues, existing: CampaignView | null, mode: EditMode) =>
  apiRequest<CampaignView>(existing ? `/campaigns/${encodeURIComponent(existing.id)}` : '/campaigns', {
    method: existing ? 'PUT' : 'POST',
    body: toCampaignRequest(values, existing, mode),
  });
