import { describe, expect, it } from 'vitest';
import { formatWhen, toHistoryRow } from './history-rows.ts';

const event = {
  position: '42',
  type: 'TicketAccepted',
  actor: 'a6f1c2de-0000-4000-8000-000000000001',
  actorName: 'Ana',
  at: new Date(2025, 0, 5, 8, 3, 9).toISOString(),
  summary: 'accepted by Ana',
  data: '{"ticketId":"t1","userId":"u1"}',
};

describe('ticket history rows', () => {
  it('shows when as dd/MM/yyyy HH:mm:ss in local time', () => {
    expect(formatWhen(new Date(2025, 0, 5, 8, 3, 9))).toBe('05/01/2025 08:03:09');
  });

  it('maps an event to when, who, what and pretty JSON', () => {
    expect(toHistoryRow(event)).toEqual({
      key: '42',
      when: '05/01/2025 08:03:09',
      who: 'Ana',
      what: 'accepted by Ana',
      type: 'TicketAccepted',
      json: '{\n  "ticketId": "t1",\n  "userId": "u1"\n}',
    });
  });

  it('falls back to the raw actor and raw data', () => {
    const row = toHistoryRow({ ...event, actor: 'system:channel', actorName: null, data: 'not json' });
    expect(row.who).toBe('system:channel');
    expect(row.json).toBe('not json');
  });
});
