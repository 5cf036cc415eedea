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
}
