import { CHANGES_CHANNEL } from '@zelo/projections/runner';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// The socket gateway pushes one change notification (one projection batch) as one write per socket,
// and a ticket changed several times in that batch as one frame with its row as it is now.

interface Frame {
  event: string;
  data: any;
}

describe('socket gateway: one batch of changes', () => {
  let system: TestSystem;
  let ws: WebSocket;
  const frames: Frame[] = [];

  beforeAll(async () => {
    system = await startTestSystem();
    const { token } = await system.login(DEMO.email, DEMO.password);
    ws = new WebSocket(`${system.url.replace(/^http/, 'ws')}/socket?token=${encodeURIComponent(token)}`);
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
    await eventually(async () => frames.some((f) => f.event === 'ready'), 5_000, 'socket ready');
    ws.send(JSON.stringify({ type: 'join', room: 'notification' }));
    await eventually(async () => frames.some((f) => f.event === 'joined'), 5_000, 'joined');
  });
  afterAll(async () => {
    ws?.close();
    await system?.close();
  });

  it('sends a ticket changed three times in one batch once, beside each of its messages, in order', async () => {
    const number = `5511977${String(Date.now() % 100_000).padStart(5, '0')}`;
    await system.simulator!.customerSends(DEMO.whatsappId, { number, name: 'Lote' }, 'primeira');
    await system.simulator!.customerSends(DEMO.whatsappId, { number, name: 'Lote' }, 'segunda');
    const rows = await eventually(
      async () => {
        const { rows } = await system.ctx.pool.query(
          `SELECT m.id, m.ticket_id FROM messages m JOIN contacts c ON c.id = m.contact_id
            WHERE c.number = $1 AND NOT m.from_me ORDER BY m.created_at`,
          [number],
        );
        return rows.length === 2 ? rows : null;
      },
      5_000,
      'both messages projected',
    );
    const ticketId = rows[0].ticket_id as string;
    // Let the live pushes of those messages pass, then play one batch as the projections would notify it.
    await new Promise((r) => setTimeout(r, 500));
    frames.length = 0;
    const change = (kind: string, id: string, extra = {}) => ({
      companyId: DEMO.companyId,
      kind,
      action: kind === 'message' ? 'create' : 'update',
      id,
      ...extra,
    });
    await system.ctx.pool.query('SELECT pg_notify($1, $2)', [
      CHANGES_CHANNEL,
      JSON.stringify([
        change('ticket', ticketId),
        change('message', rows[0].id, { ticketId }),
        change('ticket', ticketId),
        change('message', rows[1].id, { ticketId }),
        change('ticket', ticketId),
      ]),
    ]);
    await eventually(
      async () => frames.filter((f) => f.event.endsWith('-appMessage')).length === 2,
      5_000,
      'both message frames',
    );
    await new Promise((r) => setTimeout(r, 200));
    const mine = frames.filter(
      (f) => f.data?.ticket?.id === ticketId || f.data?.message?.ticketId === ticketId,
    );
    expect(mine.map((f) => [f.event.replace(`company-${DEMO.companyId}-`, ''), f.data.action])).toEqual([
      ['ticket', 'update'],
      ['appMessage', 'create'],
      ['appMessage', 'create'],
    ]);
    expect(mine.slice(1).map((f) => f.data.message.id)).toEqual([rows[0].id, rows[1].id]);
  });
});
