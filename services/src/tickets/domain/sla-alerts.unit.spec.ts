import {
  ticketClosed,
  ticketCreated,
  ticketSlaBreached,
  ticketSlaWarned,
} from '@zelo/contracts/testing/events';
import type { SlaAlert } from '@zelo/contracts/tickets/commands';
import type { TicketEvent } from '@zelo/contracts/tickets/events';
import { describe, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import { decideTicket, type TicketCommand } from './decide-ticket.ts';
import { evolveTicket, initialTicketState, type TicketState } from './ticket.ts';

const spec = decider<TicketState, TicketCommand, TicketEvent>({
  initialState: initialTicketState,
  evolve: evolveTicket,
  decide: decideTicket,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const ticketId = '00000000-0000-4000-8000-000000000002';
const policyId = '00000000-0000-4000-8000-000000000003';
const ref = { ticketId, companyId };
const created = ticketCreated({ ...ref, isGroup: false, status: 'pending', userId: null, queueId: null });

const alert = (type: SlaAlert['type'], clockId = 'firstResponse:1'): SlaAlert => ({
  type,
  policyId,
  target: 'firstResponse',
  clockId,
  startedAt: '2026-03-02T12:00:00.000Z',
  dueAt: '2026-03-02T12:30:00.000Z',
});
const { type: _w, ...warning } = alert('TicketSlaWarned');
const warned = ticketSlaWarned({ ...ref, ...warning });
const breached = ticketSlaBreached({ ...ref, ...warning });
const record = (...alerts: SlaAlert[]): TicketCommand => ({ type: 'RecordSlaAlerts', alerts });

describe('SLA alerts on a ticket', () => {
  describe('When open', () => {
    it('records each warning and breach the timer found due, in order', () =>
      spec
        .given([created])
        .when(record(alert('TicketSlaWarned'), alert('TicketSlaBreached')))
        .then([warned, breached]));
  });

  describe('When the warning was recorded', () => {
    it('a timer that fires again records it no second time, only the breach', () =>
      spec
        .given([created, warned])
        .when(record(alert('TicketSlaWarned'), alert('TicketSlaBreached')))
        .then([breached]));

    it('another clock of the ticket is still recorded', () => {
      const { type: _b, ...next } = alert('TicketSlaWarned', 'nextResponse:abc');
      spec
        .given([created, warned])
        .when(record(alert('TicketSlaWarned', 'nextResponse:abc')))
        .then([ticketSlaWarned({ ...ref, ...next })]);
    });
  });

  describe('When closed before the timer read it', () => {
    it('records nothing', () =>
      spec
        .given([created, ticketClosed({ ...ref, userId: null, queueId: null })])
        .when(record(alert('TicketSlaBreached')))
        .thenNothing());
  });
});
