/**
 * The send of a scheduled message, asked by the schedule's workflow (workflows) and carried out by
 * the messaging side (services' `scheduledMessageSender`). `messageId` is stable per schedule, so a
 * retried send queues nothing new.
 */
export interface ScheduledSend {
  messageId: string;
  companyId: string;
  contactId: string;
  ticketId: string | null;
  whatsappId: string | null;
  body: string;
  userId: string;
  /** The attached image, sent as one image message with the body as its caption. */
  media: { mediaPath: string; mediaName: string } | null;
}

/** What the schedule's workflow records once it tried the send (services decide them on the schedule). */
export type MarkScheduleSent = {
  type: 'MarkScheduleSent';
  scheduleId: string;
  companyId: string;
  messageId: string;
  sentAt: string;
};
export type MarkScheduleFailed = {
  type: 'MarkScheduleFailed';
  scheduleId: string;
  companyId: string;
  reason: string;
  failedAt: string;
};
export type ScheduleOutcomeCommand = MarkScheduleSent | MarkScheduleFailed;
