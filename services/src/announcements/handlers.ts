import { commandHandler } from '../platform/command-handler.ts';
import {
  announcementStreamId,
  decideAnnouncement,
  evolveAnnouncement,
  initialAnnouncementState,
} from './domain/announcements.ts';

/** `runAnnouncementCommand(deps, announcementId, command, who)`: one announcement's stream. */
export const runAnnouncementCommand = commandHandler(
  { initialState: initialAnnouncementState, evolve: evolveAnnouncement },
  announcementStreamId,
  decideAnnouncement,
);
