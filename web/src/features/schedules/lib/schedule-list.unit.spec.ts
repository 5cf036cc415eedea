import type { ScheduleView } from '@zelo/contracts/schedules/read-models';
import { describe, expect, it } from 'vitest';
import { removeSchedule, upsertSchedule } from './schedule-list.ts';

const schedule = (id: string, sendAt: string, over: Partial<ScheduleView> = {}): ScheduleView => ({
  id,
  body: 'Lembrete da consulta',
  contactId: 'c1',
  contact: { id: 'c1', name: 'Maria', number: '5511999990001' },
  ticketId: null,
  whatsappId: null,
  userId: 'u1',
  sendAt,
  sentAt: null,
  status: 'PENDENTE',
  error: null,
  mediaPath: null,
  mediaName: null,
  mediaUrl: null,
  createdAt: sendAt,
  updatedAt: sendAt,
  ...over,
});

describe('the live schedule list', () => {
  const list = [schedule('a', '2030-01-01T10:00:00.000Z'), schedule('b', '2030-01-02T10:00:00.000Z')];

  it('adds a new schedule in send order', () => {
    const added = upsertSchedule(list, schedule('c', '2030-01-01T12:00:00.000Z'));
    expect(added.map((s) => s.id)).toEqual(['a', 'c', 'b']);
  });

  it('replaces a changed schedule (sent by the worker) and moves it when its time changed', () => {
    const sent = upsertSchedule(list, { ...list[0], status: 'ENVIADA', sentAt: '2030-01-01T10:00:01.000Z' });
    expect(sent).toHaveLength(2);
    expect(sent[0].status).toBe('ENVIADA');
    const moved = upsertSchedule(list, { ...list[0], sendAt: '2030-01-03T10:00:00.000Z' });
    expect(moved.map((s) => s.id)).toEqual(['b', 'a']);
  });

  it('keeps the newer version when an older answer arrives late', () => {
    const sent = { ...list[0], status: 'ENVIADA' as const, updatedAt: '2030-01-01T10:00:01.000Z' };
    const late = upsertSchedule(upsertSchedule(list, sent), list[0]);
    expect(late[0].status).toBe('ENVIADA');
  });

  it('removes a deleted schedule and ignores an unknown id', () => {
    expect(removeSchedule(list, 'a').map((s) => s.id)).toEqual(['b']);
    expect(removeSchedule(list, 'zzz')).toEqual(list);
  });
});
