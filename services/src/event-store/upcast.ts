import type { RecordedEvent } from './port.ts';

// Stored events are never edited: an event recorded under an older name or shape is brought to the
// current contract here, on every read of both adapters, so deciders, projections and reactors only
// ever see today's events. One entry per old type.

type Data = Record<string, unknown>;
type Upcaster = (e: RecordedEvent) => RecordedEvent;

/** The event under the name `to`, its data's fields renamed as `fields` maps them (old: new). */
const renamed =
  (to: string, fields: Record<string, string> = {}): Upcaster =>
  (e) => ({ ...e, type: to, data: renameFields(e.data, fields) });

function renameFields(data: Data, fields: Record<string, string>): Data {
  const out: Data = {};
  for (const [key, value] of Object.entries(data)) out[fields[key] ?? key] = value;
  return out;
}

/** Issue 27: the campaign's tag was `tagId` inside `fields`; it is the request's `tagListId` now. */
const campaignTagRenamed: Upcaster = (e) => {
  const fields = e.data.fields as Data | undefined;
  if (!fields || !('tagId' in fields)) return e;
  return { ...e, data: { ...e.data, fields: renameFields(fields, { tagId: 'tagListId' }) } };
};

/**
 * Issue 27: a campaign's text was known by its actor alone (its files had another one); it carries
 * `campaignText` now. The actor strings are frozen here, as the stored events hold them.
 */
const campaignTextMarked: Upcaster = (e) =>
  e.metadata.actor === 'system:campaigns' && !e.data.campaignText
    ? { ...e, data: { ...e.data, campaignText: true } }
    : e;

const upcasters: Record<string, Upcaster> = {
  // Issue 27: a campaign's message events are named after what happened to the message.
  CampaignShipmentSent: renamed('CampaignMessageQueued', { sentAt: 'queuedAt' }),
  CampaignShipmentDelivered: renamed('CampaignMessageSent', { deliveredAt: 'sentAt' }),
  CampaignShipmentFailed: renamed('CampaignMessageFailed'),
  CampaignCreated: campaignTagRenamed,
  CampaignUpdated: campaignTagRenamed,
  OutboundMessageQueued: campaignTextMarked,
};

/** The event as the current contracts name and shape it. */
export const upcast = (e: RecordedEvent): RecordedEvent => upcasters[e.type]?.(e) ?? e;
