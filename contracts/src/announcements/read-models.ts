import type { AnnouncementPriority } from './events.ts';

/** An announcement as its page, the top bar's bell and every route answer it. Times are ISO strings. */
export interface AnnouncementView {
  id: string;
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
  /** The image's public path on the API host (`/public/...`), or null. */
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /announcements/: one page, newest first. */
export interface AnnouncementPage {
  records: AnnouncementView[];
  hasMore: boolean;
}

/**
 * `company-announcement`, sent to every company's sockets. An announcement turned inactive reaches the
 * users who may no longer see it as a `delete`.
 */
export type AnnouncementFrame =
  | { action: 'create' | 'update'; record: AnnouncementView }
  | { action: 'delete'; id: string };
