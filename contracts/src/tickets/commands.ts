/**
 * The ticket commands sent from outside services: by a fired ticket timer (workflows'
 * tickets/ticket-timer), decided by services' `decideTicket` like every other ticket command.
 */
export type EndBot = { type: 'EndBot'; reason: 'maxUse' | 'timeout' };
export type TransferUnanswered = { type: 'TransferUnanswered'; queueId: string };
export type CloseInactive = { type: 'CloseInactive' };
/** One SLA warning or breach the fired `sla` timer found due (see sla/alerts.ts). */
export interface SlaAlert {
  type: 'TicketSlaWarned' | 'TicketSlaBreached';
  policyId: string;
  target: 'firstResponse' | 'nextResponse' | 'resolution';
  clockId: string;
  /** ISO instants: when the clock started, and when it is (or was) due. */
  startedAt: string;
  dueAt: string;
}
/** Records each alert once per clock (the ticket remembers them): a timer fired twice records nothing new. */
export type RecordSlaAlerts = { type: 'RecordSlaAlerts'; alerts: SlaAlert[] };
export type TicketTimerCommand = EndBot | TransferUnanswered | CloseInactive | RecordSlaAlerts;
