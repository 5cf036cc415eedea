import * as v from 'valibot';
import { event, Id, IsoDate, NullableId } from '../common.ts';

/** What every event of a schedule's stream names. */
const ScheduleRef = { scheduleId: Id, companyId: Id };

export const ScheduleStatus = v.picklist(['PENDENTE', 'ENVIADA', 'ERRO']);
export type ScheduleStatus = v.InferOutput<typeof ScheduleStatus>;

/** What the user chose; ticketId and whatsappId pick the connection (else the company's default). */
const ScheduleFields = {
  body: v.string(),
  contactId: Id,
  sendAt: IsoDate,
  ticketId: NullableId,
  whatsappId: NullableId,
};

export const ScheduleCreated = event('ScheduleCreated', { ...ScheduleRef, userId: Id, ...ScheduleFields });
export type ScheduleCreated = v.InferOutput<typeof ScheduleCreated>;
export const ScheduleUpdated = event('ScheduleUpdated', { ...ScheduleRef, userId: Id, ...ScheduleFields });
export type ScheduleUpdated = v.InferOutput<typeof ScheduleUpdated>;
export const ScheduleDeleted = event('ScheduleDeleted', ScheduleRef);
export type ScheduleDeleted = v.InferOutput<typeof ScheduleDeleted>;
/** `late`: sent more than a minute after sendAt (the system was down, or the timer was set in the past). */
export const ScheduleSent = event('ScheduleSent', {
  ...ScheduleRef,
  messageId: Id,
  sentAt: IsoDate,
  late: v.boolean(),
});
export type ScheduleSent = v.InferOutput<typeof ScheduleSent>;
export const ScheduleFailed = event('ScheduleFailed', {
  ...ScheduleRef,
  reason: v.string(),
  failedAt: IsoDate,
});
export type ScheduleFailed = v.InferOutput<typeof ScheduleFailed>;

/** The image sent with the body (doc 2 §2.8: png, jpg, jpeg); attaching again replaces it. */
export const ScheduleMediaAttached = event('ScheduleMediaAttached', {
  ...ScheduleRef,
  /** Where the media storage serves it: `/public/<companyId>/...`. */
  mediaPath: v.string(),
  mediaName: v.string(),
});
export type ScheduleMediaAttached = v.InferOutput<typeof ScheduleMediaAttached>;
export const ScheduleMediaRemoved = event('ScheduleMediaRemoved', ScheduleRef);
export type ScheduleMediaRemoved = v.InferOutput<typeof ScheduleMediaRemoved>;

export const ScheduleEvent = v.variant('type', [
  ScheduleCreated,
  ScheduleUpdated,
  ScheduleDeleted,
  ScheduleSent,
  ScheduleFailed,
  ScheduleMediaAttached,
  ScheduleMediaRemoved,
]);
export type ScheduleEvent = v.InferOutput<typeof ScheduleEvent>;
