/** The languages a ticket event's summary is written in (the app's). */
export type AuditLanguage = 'pt' | 'en' | 'es';

/** One fact in a ticket's life as the GraphQL `ticketHistory` answers it (its TicketEvent type). */
export interface TicketEventView {
  position: string;
  type: string;
  /** A user id, or system:<actor> for the channel, workflows and the seed. */
  actor: string;
  actorName: string | null;
  /** ISO instant. */
  at: string;
  summary: string;
  /** The event's data as JSON text. */
  data: string;
}
