/**
 * The waiting parts of a ticket's automation (BEHAVIOUR.md): how long the bot keeps trying
 * (`botTimeout`), when an unanswered ticket moves to the transfer queue (`transfer`), when a quiet
 * ticket closes (`expire`), and the next warning or breach of its SLA clocks (`sla`, issue 24). One
 * durable timer per ticket and kind; what happens when it fires is decided against the ticket as it is
 * then, so a timer that lost its reason does nothing. Services arm them (chatbot/timers.ts,
 * sla/timers.ts), workflows keep them (tickets/ticket-timer).
 */
export type TicketTimerKind = 'botTimeout' | 'transfer' | 'expire' | 'sla';

export interface TicketTimerInput {
  ticketId: string;
  kind: TicketTimerKind;
  /** ISO instant. */
  dueAt: string;
}
