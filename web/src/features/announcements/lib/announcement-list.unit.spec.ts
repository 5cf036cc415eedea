import type { AnnouncementView } from '@zelo/contracts/announcements/read-models';
import { describe, expect, it } from 'vitest';
import { applyAnnouncementFrame, unseenCount } from './announcement-list.ts';

const a = (id: string, createdAt: string, status = true): AnnouncementView => ({
  id,
  title: id,
  text: '',
  priority: 3,
  status,
  mediaPath: null,
  mediaName: null,
  createdAt,
  updatedAt: createdAt,
});
const older = a('older', '2026-01-01T10:00:00.000Z');
const newer = a('newer', '2026-01-02T10:00:00.000Z');

describe('the bell list under company-announcement frames', () => {
  it('puts a new one first', () => {
    expect(applyAnnouncementFrame([older], { action: 'create', record: newer }).map((x) => x.id)).toEqual([
      'newer',
      'older',
    ]);
  });
  it('replaces an updated one in its place, once', () => {
    const edited = { ...older, title: 'edited' };
    const list = applyAnnouncementFrame([newer, older], { action: 'update', record: edited });
    expect(list.map((x) => x.title)).toEqual(['newer', 'edited']);
  });
  it('drops one deleted or turned inactive, and shows one turned active again', () => {
    expect(applyAnnouncementFrame([newer, older], { action: 'delete', id: 'newer' })).toEqual([older]);
    const off = { ...older, status: false };
    expect(applyAnnouncementFrame([newer, older], { action: 'update', record: off })).toEqual([newer]);
    expect(applyAnnouncementFrame([older], { action: 'update', record: newer })).toEqual([newer, older]);
  });
  it('counts the ones not seen yet', () => {
    expect(unseenCount([newer, older], new Set(['older']))).toBe(1);
    expect(unseenCount([], new Set())).toBe(0);
  });
});
