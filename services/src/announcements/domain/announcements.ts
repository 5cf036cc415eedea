import type { AnnouncementCreated, AnnouncementEvent } from '@zelo/contracts/announcements/events';
import { DomainError } from '@zelo/contracts/errors';

export type Announcement = AnnouncementCreated['data'];

/** One stream per announcement; announcements are the platform's, so the stream names no company. */
export type AnnouncementState =
  | { status: 'absent' }
  | { status: 'active'; announcement: Announcement; mediaPath: string | null }
  | { status: 'deleted' };
export const announcementStreamId = (announcementId: string) => `announcement-${announcementId}`;
export const initialAnnouncementState = (): AnnouncementState => ({ status: 'absent' });

export function evolveAnnouncement(state: AnnouncementState, event: AnnouncementEvent): AnnouncementState {
  const mediaPath = state.status === 'active' ? state.mediaPath : null;
  switch (event.type) {
    case 'AnnouncementCreated':
    case 'AnnouncementUpdated':
      return { status: 'active', announcement: event.data, mediaPath };
    case 'AnnouncementDeleted':
      return { status: 'deleted' };
    case 'AnnouncementMediaAttached':
      return state.status === 'active' ? { ...state, mediaPath: event.data.mediaPath } : state;
    case 'AnnouncementMediaRemoved':
      return state.status === 'active' ? { ...state, mediaPath: null } : state;
  }
}

export type AnnouncementCommand =
  | { type: 'CreateAnnouncement'; announcement: Announcement }
  | { type: 'UpdateAnnouncement'; announcement: Announcement }
  | { type: 'DeleteAnnouncement'; announcementId: string }
  | { type: 'AttachAnnouncementMedia'; announcementId: string; mediaPath: string; mediaName: string }
  | { type: 'RemoveAnnouncementMedia'; announcementId: string };

function existing(state: AnnouncementState) {
  if (state.status !== 'active') throw new DomainError('ERR_NO_ANNOUNCEMENT_FOUND', 'announcement not found');
  return state;
}

export function decideAnnouncement(
  command: AnnouncementCommand,
  state: AnnouncementState,
): AnnouncementEvent[] {
  switch (command.type) {
    case 'CreateAnnouncement':
      // A retried create of the same id decides nothing.
      if (state.status !== 'absent') return [];
      return [{ type: 'AnnouncementCreated', data: command.announcement }];
    case 'UpdateAnnouncement':
      existing(state);
      return [{ type: 'AnnouncementUpdated', data: command.announcement }];
    case 'DeleteAnnouncement':
      existing(state);
      return [{ type: 'AnnouncementDeleted', data: { announcementId: command.announcementId } }];
    case 'AttachAnnouncementMedia': {
      const { type: _t, ...data } = command;
      existing(state);
      return [{ type: 'AnnouncementMediaAttached', data }];
    }
    case 'RemoveAnnouncementMedia':
      // Removing what is not there changes nothing: a repeated click is not an error.
      if (!existing(state).mediaPath) return [];
      return [{ type: 'AnnouncementMediaRemoved', data: { announcementId: command.announcementId } }];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
