import type { AnyEvent } from '@zelo/contracts/events';
import {
  scheduleCreated,
  scheduleDeleted,
  scheduleFailed,
  scheduleSent,
  scheduleUpdated,
  testId,
} from '@zelo/contracts/testing/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelDatabase, type ReadModelDatabase } from '../testing/read-model-database.ts';
import { schedulesProjection } from './schedules.ts';

// The schedules read model has no queries module of its own yet: its rows are read as the table holds them.
describe('schedules read model', () => {
  let db: ReadModelDatabase;
  beforeAll(async () => {
    db = await createReadModelDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });
  const given = async (...events: AnyEvent[]) => (await db.given([schedulesProjection], events)).history;
  const rowOf = async (scheduleId: string) =>
    (
      await db.pool.query(
        `SELECT body, contact_id, ticket_id, whatsapp_id, user_id, send_at, sent_at, status, error, created_at, updated_at
           FROM schedules WHERE id = $1`,
        [scheduleId],
      )
    ).rows[0] ?? null;

  it('shows a schedule pending as last edited, then sent', async () => {
    const companyId = testId();
    const created = scheduleCreated({ companyId, body: 'Lembrete', sendAt: '2026-03-01T12:00:00.000Z' });
    const { scheduleId } = created.data;
    const ticketId = testId();
    const whatsappId = testId();
    const history = await given(
      created,
      scheduleUpdated({
        ...created.data,
        body: 'Lembrete da consulta',
        sendAt: '2026-03-02T15:30:00.000Z',
        ticketId,
        whatsappId,
      }),
    );
    expect(await rowOf(scheduleId)).toEqual({
      body: 'Lembrete da consulta',
      contact_id: created.data.contactId,
      ticket_id: ticketId,
      whatsapp_id: whatsappId,
      user_id: created.data.userId,
      send_at: new Date('2026-03-02T15:30:00.000Z'),
      sent_at: null,
      status: 'PENDENTE',
      error: null,
      created_at: new Date(history[0].metadata.at),
      updated_at: new Date(history[1].metadata.at),
    });
    await given(
      scheduleSent({
        companyId,
        scheduleId,
        messageId: testId(),
        sentAt: '2026-03-02T15:30:05.000Z',
        late: false,
      }),
    );
    expect(await rowOf(scheduleId)).toMatchObject({
      status: 'ENVIADA',
      sent_at: new Date('2026-03-02T15:30:05.000Z'),
      error: null,
    });
  });

  it('keeps why a schedule failed until an edit arms it again, and drops a deleted one', async () => {
    const companyId = testId();
    const created = scheduleCreated({ companyId });
    const { scheduleId } = created.data;
    await given(created, scheduleFailed({ companyId, scheduleId, reason: 'no connection' }));
    expect(await rowOf(scheduleId)).toMatchObject({ status: 'ERRO', error: 'no connection', sent_at: null });
    await given(scheduleUpdated({ ...created.data, body: 'De novo' }));
    expect(await rowOf(scheduleId)).toMatchObject({ status: 'PENDENTE', error: null, body: 'De novo' });
    await given(scheduleDeleted({ companyId, scheduleId }));
    expect(await rowOf(scheduleId)).toBeNull();
  });
});
