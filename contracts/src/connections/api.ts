import * as v from 'valibot';
import { Id, Name, NullableId } from '../common.ts';
import { ChannelProvider } from './events.ts';

const Message = v.pipe(v.string(), v.maxLength(4096, 'too long'));
/** Whole minutes, at most a year; 0 turns the behaviour off. */
const Minutes = v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(0), v.maxValue(525_600));

/** The connection dialog's fields (doc 1 §3 Connection, §5 "Connection: name required 2 to 50"). */
const editable = {
  name: Name,
  isDefault: v.boolean(),
  greetingMessage: Message,
  complationMessage: Message,
  outOfHoursMessage: Message,
  ratingMessage: Message,
  expiresInactiveMessage: Message,
  expiresTicket: Minutes,
  timeUseBotQueues: Minutes,
  maxUseBotQueues: v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(0), v.maxValue(100)),
  timeToTransfer: Minutes,
  transferQueueId: NullableId,
  queueIds: v.pipe(
    v.array(Id),
    v.maxLength(100, 'too many queues'),
    v.check((ids) => new Set(ids).size === ids.length, 'a queue is listed twice'),
  ),
  /** GET /prompt's prompt answering this connection's tickets; null for none. */
  promptId: NullableId,
  /** GET /queueIntegration's integration; null for none. Both may be set: the integration wins. */
  integrationId: NullableId,
  /** GET /flowbuilder's flow run for a contact's first message on this connection; null for none. */
  flowIdWelcome: NullableId,
};

/** POST /whatsapp: only the name is required; the provider is fixed once created. */
export const CreateConnectionRequest = v.object({
  name: editable.name,
  isDefault: v.optional(editable.isDefault, false),
  provider: v.optional(ChannelProvider, 'baileys'),
  greetingMessage: v.optional(Message, ''),
  complationMessage: v.optional(Message, ''),
  outOfHoursMessage: v.optional(Message, ''),
  ratingMessage: v.optional(Message, ''),
  expiresInactiveMessage: v.optional(Message, ''),
  expiresTicket: v.optional(Minutes, 0),
  timeUseBotQueues: v.optional(Minutes, 0),
  maxUseBotQueues: v.optional(editable.maxUseBotQueues, 3),
  timeToTransfer: v.optional(Minutes, 0),
  transferQueueId: v.optional(NullableId, null),
  queueIds: v.optional(editable.queueIds, []),
  promptId: v.optional(NullableId, null),
  integrationId: v.optional(NullableId, null),
  flowIdWelcome: v.optional(NullableId, null),
});
export type CreateConnectionRequest = v.InferOutput<typeof CreateConnectionRequest>;

/** PUT /whatsapp/:id: the fields sent replace the current ones, the others are kept. */
export const UpdateConnectionRequest = v.partial(v.object(editable));
export type UpdateConnectionRequest = v.InferOutput<typeof UpdateConnectionRequest>;

/** `?session=0` of GET /whatsapp and GET /whatsapp/:id (kept for the spec's clients; it changes nothing). */
export const ConnectionQuery = v.object({
  session: v.optional(v.union([v.string(), v.number()])),
  companyId: v.optional(v.string()),
});
