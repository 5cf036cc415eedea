import * as v from 'valibot';
import { event, Id, IsoDate, NullableId } from '../common.ts';

// One stream per campaign (`campaign-<id>`): its fields, its life, and every shipment of its run, so the
// report is a projection and a restart knows exactly which recipients were already attempted.

/** What every event of a campaign's stream names. */
const CampaignRef = { campaignId: Id, companyId: Id };

export const CampaignStatus = v.picklist([
  'INATIVA',
  'PROGRAMADA',
  'EM_ANDAMENTO',
  'CANCELADA',
  'FINALIZADA',
]);
export type CampaignStatus = v.InferOutput<typeof CampaignStatus>;

/**
 * What the campaign dialog sets (doc 2 §2.9, §3). Empty variants are ''. `tagListId` is the spec's name
 * for the tag whose contacts receive it (recorded as `tagId` before issue 27; upcast on read).
 */
export const CampaignFields = v.object({
  name: v.string(),
  message1: v.string(),
  message2: v.string(),
  message3: v.string(),
  message4: v.string(),
  message5: v.string(),
  whatsappId: NullableId,
  /** null: not scheduled (INATIVA). */
  scheduledAt: v.nullable(IsoDate),
  contactListId: NullableId,
  tagListId: NullableId,
  fileListId: NullableId,
});
export type CampaignFields = v.InferOutput<typeof CampaignFields>;

/** status: PROGRAMADA when scheduledAt is set, else INATIVA. */
export const CampaignCreated = event('CampaignCreated', {
  ...CampaignRef,
  userId: Id,
  fields: CampaignFields,
  status: v.picklist(['INATIVA', 'PROGRAMADA']),
});
export type CampaignCreated = v.InferOutput<typeof CampaignCreated>;

/**
 * status: PROGRAMADA when scheduledAt is set, else INATIVA; CANCELADA when a cancelled campaign changed
 * its messages or file list (it stays cancelled; they apply on restart).
 */
export const CampaignUpdated = event('CampaignUpdated', {
  ...CampaignRef,
  fields: CampaignFields,
  status: v.picklist(['INATIVA', 'PROGRAMADA', 'CANCELADA']),
});
export type CampaignUpdated = v.InferOutput<typeof CampaignUpdated>;

export const CampaignDeleted = event('CampaignDeleted', CampaignRef);
export type CampaignDeleted = v.InferOutput<typeof CampaignDeleted>;

export const CampaignMediaAttached = event('CampaignMediaAttached', {
  ...CampaignRef,
  mediaPath: v.string(),
  mediaName: v.string(),
});
export type CampaignMediaAttached = v.InferOutput<typeof CampaignMediaAttached>;

export const CampaignMediaRemoved = event('CampaignMediaRemoved', CampaignRef);
export type CampaignMediaRemoved = v.InferOutput<typeof CampaignMediaRemoved>;

/** One recipient of a run, as the list (or the tag's contacts) held it when the campaign started. */
export const CampaignRecipient = v.object({
  number: v.string(),
  name: v.string(),
  email: v.string(),
});
export type CampaignRecipient = v.InferOutput<typeof CampaignRecipient>;

/**
 * The run began (EM_ANDAMENTO): the recipients are fixed here, in the order they will be sent to, so a
 * restart or a crashed worker walks the same list and a list edited meanwhile changes nothing.
 */
export const CampaignStarted = event('CampaignStarted', {
  ...CampaignRef,
  whatsappId: Id,
  startedAt: IsoDate,
  recipients: v.array(CampaignRecipient),
});
export type CampaignStarted = v.InferOutput<typeof CampaignStarted>;

/**
 * At scheduledAt the campaign could not start (no recipient, no message, connection gone or not
 * connected): it goes back to INATIVA with the reason, to be fixed and scheduled again.
 */
export const CampaignStartRefused = event('CampaignStartRefused', {
  ...CampaignRef,
  reason: v.string(),
  refusedAt: IsoDate,
});
export type CampaignStartRefused = v.InferOutput<typeof CampaignStartRefused>;

/**
 * Recipient `index` (of CampaignStarted.recipients) was handed to the outbound queue as `messageId`
 * (the report's "sent"; recorded as CampaignShipmentSent with `sentAt` before issue 27, upcast on read).
 */
export const CampaignMessageQueued = event('CampaignMessageQueued', {
  ...CampaignRef,
  index: v.number(),
  number: v.string(),
  messageId: Id,
  ticketId: Id,
  /** Which of message1..5 was picked (1-5). */
  variant: v.number(),
  queuedAt: IsoDate,
});
export type CampaignMessageQueued = v.InferOutput<typeof CampaignMessageQueued>;

/**
 * The channel sent the queued message (the report's "delivered" and its deliveredAt; no delivery
 * receipt). Recorded as CampaignShipmentDelivered with `deliveredAt` before issue 27, upcast on read.
 */
export const CampaignMessageSent = event('CampaignMessageSent', {
  ...CampaignRef,
  index: v.number(),
  sentAt: IsoDate,
});
export type CampaignMessageSent = v.InferOutput<typeof CampaignMessageSent>;

/**
 * Recipient `index` could not be sent to (its number is not on WhatsApp, the channel refused it or gave
 * up on the queued message). Recorded as CampaignShipmentFailed before issue 27, upcast on read.
 */
export const CampaignMessageFailed = event('CampaignMessageFailed', {
  ...CampaignRef,
  index: v.number(),
  number: v.string(),
  reason: v.string(),
  failedAt: IsoDate,
});
export type CampaignMessageFailed = v.InferOutput<typeof CampaignMessageFailed>;

/**
 * Recipient `index` was not sent to because they opted out (LGPD, issue 25): the report counts them
 * as "descadastrado", not failed.
 */
export const CampaignMessageSkipped = event('CampaignMessageSkipped', {
  ...CampaignRef,
  index: v.number(),
  reason: v.picklist(['optedOut']),
  skippedAt: IsoDate,
});
export type CampaignMessageSkipped = v.InferOutput<typeof CampaignMessageSkipped>;

export const CampaignCancelled = event('CampaignCancelled', { ...CampaignRef, cancelledAt: IsoDate });
export type CampaignCancelled = v.InferOutput<typeof CampaignCancelled>;

/** Back to EM_ANDAMENTO: the run resumes at the first recipient without a shipment. */
export const CampaignRestarted = event('CampaignRestarted', { ...CampaignRef, restartedAt: IsoDate });
export type CampaignRestarted = v.InferOutput<typeof CampaignRestarted>;

/** Every recipient was attempted (FINALIZADA). */
export const CampaignFinished = event('CampaignFinished', { ...CampaignRef, completedAt: IsoDate });
export type CampaignFinished = v.InferOutput<typeof CampaignFinished>;

export const CampaignEvent = v.variant('type', [
  CampaignCreated,
  CampaignUpdated,
  CampaignDeleted,
  CampaignMediaAttached,
  CampaignMediaRemoved,
  CampaignStarted,
  CampaignStartRefused,
  CampaignMessageQueued,
  CampaignMessageSent,
  CampaignMessageFailed,
  CampaignMessageSkipped,
  CampaignCancelled,
  CampaignRestarted,
  CampaignFinished,
]);
export type CampaignEvent = v.InferOutput<typeof CampaignEvent>;

/** HH:MM, 00:00 to 23:59. */
export const ClockTime = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM'));

/** The company's campaign settings (doc 2 §2.9, §9), plus Zelo's safeguards against number bans. */
export const CampaignSettingsFields = v.object({
  /** Seconds between two messages: 0, 5, 10, 15 or 20. */
  messageInterval: v.number(),
  /** After this many messages one longer pause (0: never). */
  longerIntervalAfter: v.number(),
  /** The longer pause, in seconds. */
  greaterInterval: v.number(),
  /** Substituted as {key}; keys unique. */
  variables: v.array(v.object({ key: v.string(), value: v.string() })),
  /** Each gap is moved by a random amount within ± this many seconds (0: exact). */
  jitterSeconds: v.number(),
  /** At most this many campaign messages per connection per day, company time (0: no cap). */
  dailyLimitPerConnection: v.number(),
  /** Campaign messages leave only between these hours of the day, company time (null: any hour). */
  sendingWindow: v.nullable(v.object({ start: ClockTime, end: ClockTime })),
});
export type CampaignSettingsFields = v.InferOutput<typeof CampaignSettingsFields>;

/**
 * What a run reads at its start and after every long pause (services' runtime answers it, the
 * workflow paces by it): the settings but the variables (the send fills those), in the company's zone.
 */
export type RunSettings = Omit<CampaignSettingsFields, 'variables'> & {
  /** IANA zone of the company's hours (the sending window, the daily cap's day). */
  timeZone: string;
};

/** One stream per company: `campaignsettings-<companyId>`. */
export const CampaignSettingsChanged = event('CampaignSettingsChanged', {
  companyId: Id,
  settings: CampaignSettingsFields,
});
export type CampaignSettingsChanged = v.InferOutput<typeof CampaignSettingsChanged>;

/**
 * One stream per connection and day (`campaigndaily-<whatsappId>-<yyyy-mm-dd>`): a campaign message
 * takes one of the day's slots before it is queued, so two campaigns on one connection never pass the
 * daily cap together. `slotKey` (campaign and recipient) makes a retried reservation take nothing new.
 * `at` (ISO), on a paced message: when it went, so the next one on the connection keeps the interval
 * whichever campaign sends it.
 */
export const CampaignDailySlotTaken = event('CampaignDailySlotTaken', {
  companyId: Id,
  whatsappId: Id,
  day: v.string(),
  slotKey: v.string(),
  at: v.optional(v.string()),
});
export type CampaignDailySlotTaken = v.InferOutput<typeof CampaignDailySlotTaken>;

export const CampaignSettingsEvent = v.variant('type', [CampaignSettingsChanged, CampaignDailySlotTaken]);
export type CampaignSettingsEvent = v.InferOutput<typeof CampaignSettingsEvent>;

export const CAMPAIGN_SETTINGS_DEFAULTS: CampaignSettingsFields = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  jitterSeconds: 0,
  dailyLimitPerConnection: 0,
  sendingWindow: null,
};
/** doc 2 §9: the choices the settings page offers. */
export const MESSAGE_INTERVAL_CHOICES = [0, 5, 10, 15, 20] as const;
export const LONGER_INTERVAL_CHOICES = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
/** doc 2 §4: a PROGRAMADA campaign is editable while its start is more than this far away. */
export const CAMPAIGN_EDIT_LOCK_MS = 60 * 60 * 1000;
/**
 * Whether a PROGRAMADA campaign starting at `scheduledAt` is too close to its start to be edited at
 * `now` (ms); without a (valid) start it is. The decider's rule, which the dialog shows before the save.
 */
export function isWithinEditLock(scheduledAt: string | null, now: number): boolean {
  const startsIn = (scheduledAt ? Date.parse(scheduledAt) : now) - now;
  return !(startsIn > CAMPAIGN_EDIT_LOCK_MS);
}
