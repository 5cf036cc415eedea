import * as v from 'valibot';
import { event, Id, TextUpTo } from '../common.ts';

// Announcements are the platform's: super users write them, every company's users read the active
// ones (the writer's company is in the metadata, as for every event).

/** 1 high (red), 2 medium (orange), 3 low (grey). */
export const AnnouncementPriority = v.picklist([1, 2, 3]);
export type AnnouncementPriority = v.InferOutput<typeof AnnouncementPriority>;

/** AnnouncementRequest's bounds (api.ts). */
const AnnouncementFields = {
  title: TextUpTo(100),
  text: TextUpTo(5000),
  priority: AnnouncementPriority,
  /** Active: shown to every user; inactive ones only to super users. */
  status: v.boolean(),
};

export const AnnouncementCreated = event('AnnouncementCreated', {
  announcementId: Id,
  ...AnnouncementFields,
});
export type AnnouncementCreated = v.InferOutput<typeof AnnouncementCreated>;
export const AnnouncementUpdated = event('AnnouncementUpdated', {
  announcementId: Id,
  ...AnnouncementFields,
});
export type AnnouncementUpdated = v.InferOutput<typeof AnnouncementUpdated>;
export const AnnouncementDeleted = event('AnnouncementDeleted', { announcementId: Id });
export type AnnouncementDeleted = v.InferOutput<typeof AnnouncementDeleted>;

/** Its image (png, jpg or jpeg); attaching again replaces it. */
export const AnnouncementMediaAttached = event('AnnouncementMediaAttached', {
  announcementId: Id,
  /** Where the media storage serves it: `/public/...`. */
  mediaPath: v.string(),
  mediaName: v.string(),
});
export type AnnouncementMediaAttached = v.InferOutput<typeof AnnouncementMediaAttached>;
export const AnnouncementMediaRemoved = event('AnnouncementMediaRemoved', { announcementId: Id });
export type AnnouncementMediaRemoved = v.InferOutput<typeof AnnouncementMediaRemoved>;

export const AnnouncementEvent = v.variant('type', [
  AnnouncementCreated,
  AnnouncementUpdated,
  AnnouncementDeleted,
  AnnouncementMediaAttached,
  AnnouncementMediaRemoved,
]);
export type AnnouncementEvent = v.InferOutput<typeof AnnouncementEvent>;
