import type { AnyEvent } from '@zelo/contracts/events';
import {
  announcementCreated,
  announcementDeleted,
  announcementMediaAttached,
  announcementMediaRemoved,
  announcementUpdated,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { announcementsProjection } from './announcements.ts';
import { getAnnouncement, searchAnnouncements } from './queries.ts';

describe('announcements read model', () => {
  const db = useReadModelDatabase();
  const given = (...events: AnyEvent[]) => db.given([announcementsProjection], events);
  const everyone = { super: false };
  const superUser = { super: true };

  it('lists announcements newest first; inactive ones only to super users; an update keeps the image', async () => {
    const first = announcementCreated({ title: 'Primeiro' });
    const second = announcementCreated({ title: 'Segundo', priority: 1 });
    const draft = announcementCreated({ title: 'Rascunho', status: false });
    const { announcementId } = first.data;
    const image = { announcementId, mediaPath: '/public/announcements/a.png', mediaName: 'a.png' };
    const { changes } = await given(
      first,
      second,
      draft,
      announcementMediaAttached(image),
      announcementUpdated({ ...first.data, text: 'editado' }),
    );
    expect(changes.map((c) => [c.kind, c.action])).toEqual([
      ['announcement', 'create'],
      ['announcement', 'create'],
      ['announcement', 'create'],
      ['announcement', 'update'],
      ['announcement', 'update'],
    ]);
    const titles = async (reader: { super: boolean }) =>
      (await searchAnnouncements(db.pool, reader, { pageNumber: 1 })).records.map((a) => a.title);
    expect(await titles(everyone)).toEqual(['Segundo', 'Primeiro']);
    expect(await titles(superUser)).toEqual(['Rascunho', 'Segundo', 'Primeiro']);
    expect(await getAnnouncement(db.pool, everyone, draft.data.announcementId)).toBeNull();
    expect(await getAnnouncement(db.pool, everyone, announcementId)).toMatchObject({
      text: 'editado',
      mediaPath: '/public/announcements/a.png',
      mediaName: 'a.png',
    });
    await given(announcementMediaRemoved({ announcementId }), announcementDeleted(second.data));
    expect(await getAnnouncement(db.pool, everyone, announcementId)).toMatchObject({ mediaPath: null });
    expect(await titles(everyone)).toEqual(['Primeiro']);
  });
});
