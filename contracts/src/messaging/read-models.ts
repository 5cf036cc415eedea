import type { ContactView } from '../contacts/read-models.ts';
import type { TicketView } from '../tickets/read-models.ts';
import type { MediaType } from './events.ts';

/**
 * A message as the conversation shows it (GET /messages/{ticketId}, each send's answer and the
 * `company-<id>-appMessage` socket frames). Times are ISO strings, as they cross the wire.
 */
export interface MessageView {
  id: string;
  ticketId: string;
  body: string;
  fromMe: boolean;
  read: boolean;
  mediaType: MediaType;
  mediaUrl: string | null;
  /** 0 queued, 1 sent, 2 delivered, 3 read, 4-5 played. */
  ack: number;
  error: string | null;
  isDeleted: boolean;
  isEdited: boolean;
  createdAt: string;
  updatedAt: string;
  /** The agent who sent it (outbound only); only they may delete it. */
  userId: string | null;
  senderName: string;
  waMessageId: string;
  contactId: string;
  companyId: string;
  /** The customer who wrote it; null on the business's own messages. */
  contact: Pick<ContactView, 'id' | 'name'> | null;
  quotedMsg: { id: string; body: string; fromMe: boolean } | null;
}

/** One page of a ticket's conversation, oldest first within the page (page 1 = the newest). */
export interface MessagePage {
  messages: MessageView[];
  count: number;
  hasMore: boolean;
}

/** GET /messages/{ticketId}: the page and the ticket as it is once read. */
export interface TicketMessagesPage extends MessagePage {
  ticket: TicketView;
}
