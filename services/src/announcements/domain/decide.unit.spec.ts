import type { AnnouncementEvent } from '@zelo/contracts/announcements/events';
import {
  announcementCreated,
  announcementDeleted,
  announcementMediaAttached,
  announcementMediaRemoved,
  announcementUpdated,
} from '@zelo/contracts/testing/events';
import { describe, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  type AnnouncementCommand,
  type AnnouncementState,
  decideAnnouncement,
  evolveAnnouncement,
  initialAnnouncementState,
} from './announcements.ts';

const spec = decider<AnnouncementState, AnnouncementCommand, AnnouncementEvent>({
  initialState: initialAnnouncementState,
  evolve: evolveAnnouncement,
  decide: decideAnnouncement,
});

const announcementId = '00000000-0000-4000-8000-000000000040';
const announcement = {
  announcementId,
  title: 'Manutenção',
  text: 'Fora do ar às 22h',
  priority: 1 as const,
  status: true,
};
const created = announcementCreated(announcement);
const image = { announcementId, mediaPath: '/public/x/aviso.png', mediaName: 'aviso.png' };

describe('Announcements', () => {
  describe('When it does not exist', () => {
    it('it is created', () =>
      spec.given([]).when({ type: 'CreateAnnouncement', announcement }).then([created]));
    it('updating refuses with ERR_NO_ANNOUNCEMENT_FOUND', () =>
      spec
        .given([])
        .when({ type: 'UpdateAnnouncement', announcement })
        .thenThrows('ERR_NO_ANNOUNCEMENT_FOUND'));
    it('attaching an image refuses with ERR_NO_ANNOUNCEMENT_FOUND', () =>
      spec
        .given([])
        .when({ type: 'AttachAnnouncementMedia', ...image })
        .thenThrows('ERR_NO_ANNOUNCEMENT_FOUND'));
  });

  describe('When it exists', () => {
    it('it is updated (turned inactive)', () =>
      spec
        .given([created])
        .when({ type: 'UpdateAnnouncement', announcement: { ...announcement, status: false } })
        .then([announcementUpdated({ ...announcement, status: false })]));
    it('an image is attached', () =>
      spec
        .given([created])
        .when({ type: 'AttachAnnouncementMedia', ...image })
        .then([announcementMediaAttached(image)]));
    it('removing an image it does not have decides nothing', () =>
      spec.given([created]).when({ type: 'RemoveAnnouncementMedia', announcementId }).then([]));
    it('its image is removed', () =>
      spec
        .given([created, announcementMediaAttached(image)])
        .when({ type: 'RemoveAnnouncementMedia', announcementId })
        .then([announcementMediaRemoved({ announcementId })]));
    it('an update keeps its image', () =>
      spec
        .given([created, announcementMediaAttached(image), announcementUpdated(announcement)])
        .when({ type: 'RemoveAnnouncementMedia', announcementId })
        .then([announcementMediaRemoved({ announcementId })]));
    it('it is deleted', () =>
      spec
        .given([created])
        .when({ type: 'DeleteAnnouncement', announcementId })
        .then([announcementDeleted({ announcementId })]));
  });

  describe('When deleted', () => {
    it('deleting again refuses with ERR_NO_ANNOUNCEMENT_FOUND', () =>
      spec
        .given([created, announcementDeleted({ announcementId })])
        .when({ type: 'DeleteAnnouncement', announcementId })
        .thenThrows('ERR_NO_ANNOUNCEMENT_FOUND'));
  });
});
