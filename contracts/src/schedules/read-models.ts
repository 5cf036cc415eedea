import type { ContactView } from '../contacts/read-models.ts';
import type { ScheduleStatus } from './events.ts';

/** The read model the API answers with (the spec's Schedule entity). */
export interface ScheduleView {
  id: string;
  body: string;
  contactId: string;
  contact: Pick<ContactView, 'id' | 'name' | 'number'> | null;
  ticketId: string | null;
  whatsappId: string | null;
  userId: string;
  sendAt: string;
  sentAt: string | null;
  status: ScheduleStatus;
  /** Why the send failed, when status is ERRO. */
  error: string | null;
  /** The attached image (png, jpg, jpeg), sent with the body as its caption; `mediaUrl` is the same path. */
  mediaPath: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ScheduleList {
  schedules: ScheduleView[];
  count: number;
  hasMore: boolean;
}
