import * as v from 'valibot';
import { Id, NullableId, PageNumber } from '../common.ts';
import { TicketStatus } from './events.ts';

const JsonIdList = v.pipe(
  v.string(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      const parsed = JSON.parse(dataset.value);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {}
    addIssue({ message: 'must be a JSON array of ids' });
    return NEVER;
  }),
  v.array(Id),
);

/** GET /tickets (tags, users and queueIds arrive as JSON text, as the spec's client sends them). */
export const ListTicketsQuery = v.object({
  searchParam: v.optional(v.pipe(v.string(), v.maxLength(100))),
  pageNumber: PageNumber,
  status: v.optional(TicketStatus),
  showAll: v.optional(
    v.pipe(
      v.picklist(['true', 'false']),
      v.transform((s) => s === 'true'),
    ),
    'false',
  ),
  queueIds: v.optional(JsonIdList),
  /** Tickets carrying any of these tags (the search tab's tag filter). */
  tags: v.optional(JsonIdList),
  /** Admins only: tickets of these agents (the search tab's user filter). */
  users: v.optional(JsonIdList),
  withUnreadMessages: v.optional(
    v.pipe(
      v.picklist(['true', 'false']),
      v.transform((s) => s === 'true'),
    ),
    'false',
  ),
  /** `slaDue`: the ticket closest to breaching its SLA first, tickets without a running clock last (issue 24). */
  orderBy: v.optional(v.picklist(['recent', 'slaDue'], 'orderBy must be recent or slaDue'), 'recent'),
});

/** PUT /tickets/{id}: the status names the transition (accept, return, close, reopen) or a transfer. */
export const UpdateTicketRequest = v.object({
  status: v.optional(TicketStatus),
  userId: v.optional(NullableId),
  queueId: v.optional(NullableId),
  whatsappId: v.optional(NullableId),
  useIntegration: v.optional(v.boolean()),
  promptId: v.optional(v.nullable(v.unknown())),
  integrationId: v.optional(v.nullable(v.unknown())),
});
export type UpdateTicketRequest = v.InferOutput<typeof UpdateTicketRequest>;

export const CreateTicketRequest = v.object({
  contactId: Id,
  queueId: v.optional(NullableId, null),
  whatsappId: v.optional(NullableId, null),
  userId: v.optional(NullableId, null),
  status: v.optional(v.picklist(['open', 'pending']), 'open'),
});
export type CreateTicketRequest = v.InferOutput<typeof CreateTicketRequest>;

/** The board shows at most this many tickets, the most recently updated; the web app says when it is full. */
export const KANBAN_TICKETS_LIMIT = 500;

/**
 * GET /ticket/kanban (doc 2 §7): the board's tickets. queueIds narrows to those queues; showAll lets an
 * admin see every ticket (doc 2 §6: others always see only their queues' tickets).
 */
export const KanbanTicketsQuery = v.object({
  queueIds: v.optional(JsonIdList),
  showAll: v.optional(
    v.pipe(
      v.picklist(['true', 'false']),
      v.transform((s) => s === 'true'),
    ),
    'false',
  ),
});

/**
 * PUT /ticket/kanban/{ticketId}: a card dropped on a lane. The ticket's tags become exactly the lane's
 * tag (null: the lane of tickets without tags), in one event, so no reader ever sees the ticket without
 * a lane between the spec's DELETE /ticket-tags and PUT /ticket-tags calls.
 */
export const MoveKanbanCardRequest = v.object({ tagId: NullableId });
export type MoveKanbanCardRequest = v.InferOutput<typeof MoveKanbanCardRequest>;
