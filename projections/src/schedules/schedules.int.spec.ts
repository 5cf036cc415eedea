import type { AnyEvent } from '@zelo/contracts/events';
import {
  scheduleCreated,
  scheduleDeleted,
  scheduleFailed,
  scheduleMediaAttached,
  scheduleMediaRemoved,
  scheduleSent,
  scheduleUpdated,
  testId,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { getSchedule } from './queries.ts';
import { schedulesProjection } from './schedules.ts';

// Rows are read as the table holds them, and the attachment as `getSchedule` answers it.
describe('schedules read model', () => {
  const db = useReadModelDatabase();
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

  it('shows the attached image, keeps it through an edit, replaces it and removes it', async () => {
    const companyId = testId();
    const created = scheduleCreated({ companyId });
    const { scheduleId } = created.data;
    const first = `/public/${companyId}/2030/01/1-${'a'.repeat(32)}-lembrete.png`;
    const history = await given(
      created,
      scheduleMediaAttached({ companyId, scheduleId, mediaPath: first, mediaName: 'lembrete.png' }),
    );
    expect(await getSchedule(db.pool, companyId, scheduleId)).toMatchObject({
      mediaPath: first,
      mediaName: 'lembrete.png',
      mediaUrl: first,
      updatedAt: history[1].metadata.at,
    });
    // Another company's reader sees nothing of it.
    expect(await getSchedule(db.pool, testId(), scheduleId)).toBeNull();

    await given(scheduleUpdated({ ...created.data, body: 'Lembrete editado' }));
    expect(await getSchedule(db.pool, companyId, scheduleId)).toMatchObject({
      body: 'Lembrete editado',
      mediaName: 'lembrete.png',
    });

    const second = `/public/${companyId}/2030/01/2-${'b'.repeat(32)}-foto.jpg`;
    await given(scheduleMediaAttached({ companyId, scheduleId, mediaPath: second, mediaName: 'foto.jpg' }));
    expect(await getSchedule(db.pool, companyId, scheduleId)).toMatchObject({
      mediaPath: second,
      mediaName: 'foto.jpg',
      mediaUrl: second,
    });

    await given(scheduleMediaRemoved({ companyId, scheduleId }));
    expect(await getSchedule(db.pool, companyId, scheduleId)).toMatchObject({
      mediaPath: null,
      mediaName: null,
      mediaUrl: null,
    });
  });
});
