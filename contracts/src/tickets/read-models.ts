import type { ContactView } from '../contacts/read-models.ts';
import type { SlaTarget, TicketStatus } from './events.ts';

/**
 * A ticket as the lists, GET /tickets/{id}, every PUT/POST answer and the `company-<id>-ticket` socket
 * frames show it: the row with its agent, queue, connection, contact and tags. Times are ISO strings,
 * as they cross the wire.
 */
export interface TicketView {
  id: string;
  /** The same id, under the name the spec's client also reads. */
  uuid: string;
  status: TicketStatus;
  userId: string | null;
  queueId: string | null;
  whatsappId: string;
  contactId: string;
  isGroup: boolean;
  chatbot: boolean;
  lastMessage: string;
  unreadMessages: number;
  updatedAt: string;
  createdAt: string;
  companyId: string;
  user: { id: string; name: string } | null;
  queue: { id: string; name: string; color: string } | null;
  whatsapp: { id: string; name: string };
  contact: Pick<ContactView, 'id' | 'name' | 'number' | 'profilePicUrl'>;
  tags: { id: string; name: string; color: string }[];
  /** An automation (flow, Typebot, Dialogflow) holds the ticket (doc 1 §3), so the queue chatbot keeps quiet. */
  useIntegration: boolean;
  /** The AI prompt holding the ticket, or null. */
  promptId: string | null;
  /** The queue integration (Typebot, Dialogflow) holding the ticket, or null. */
  integrationId: string | null;
  /**
   * Only in GET /tickets with a search text (ticket search, issue 24): the newest message of the
   * ticket holding the text, or null when only the contact's name or number holds it.
   */
  searchMatch?: TicketSearchMatch | null;
  /** The SLA clock of this ticket closest to its breach (issue 24), or null when none runs. */
  sla: TicketSla | null;
}

/** A running SLA clock as the ticket list's badge shows it: `warned` past 80 %, `breached` past 100 %. */
export interface TicketSla {
  target: SlaTarget;
  state: 'ok' | 'warned' | 'breached';
  /** ISO instant of the 80 % warning, so the badge turns by itself; null like dueAt. */
  warnAt: string | null;
  /** ISO instant of the breach; null when the target's hours never open. */
  dueAt: string | null;
}

/** GET /tickets: one page of the list, newest first. */
export interface TicketPage {
  tickets: TicketView[];
  count: number;
  hasMore: boolean;
}

/** GET /ticket/kanban: the board's tickets (not closed), each with its tags; the lanes are GET /tags/kanban. */
export interface KanbanTickets {
  tickets: TicketView[];
}

/** A message holding the searched text (issue 24): its id, to open the conversation there, and a cut of it. */
export interface TicketSearchMatch {
  messageId: string;
  /** About 120 characters of the body around the text, "…" where cut (search-text.ts). */
  excerpt: string;
  createdAt: string;
}
