/**
 * The ticket commands sent from outside services: by a fired ticket timer (workflows'
 * tickets/ticket-timer), decided by services' `decideTicket` like every other ticket command.
 */
export type EndBot = { type: 'EndBot'; reason: 'maxUse' | 'timeout' };
export type TransferUnanswered = { type: 'TransferUnanswered'; queueId: string };
export type CloseInactive = { type: 'CloseInactive' };
export type TicketTimerCommand = EndBot | TransferUnanswered | CloseInactive;
