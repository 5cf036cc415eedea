import * as v from 'valibot';
import type { AnnouncementFrame } from '../announcements/read-models.ts';
import type { PaymentFrame } from '../billing/read-models.ts';
import type { CampaignShipmentView, CampaignView } from '../campaigns/read-models.ts';
import type { ChatMessageView, ChatView } from '../chats/read-models.ts';
import type { ConnectionView } from '../connections/read-models.ts';
import type { ContactExportView } from '../contacts/privacy.ts';
import type { MessageView } from '../messaging/read-models.ts';
import type { SlaFrame } from '../sla/read-models.ts';
import type { TicketView } from '../tickets/read-models.ts';

// The socket at /socket (doc 1 §4 real-time). The client sends JSON messages, checked here; the server
// answers with frames `{ event, data }`, typed below so that the gateway and the web app read one shape.

/** The rooms a socket may join: notifications, one status list, or one ticket's conversation. */
export const Room = v.union([
  v.literal('notification'),
  v.pipe(v.string(), v.regex(/^status:(open|pending|closed)$/)),
  v.pipe(v.string(), v.regex(/^ticket:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)),
]);
export type Room = v.InferOutput<typeof Room>;

/** What a browser sends; the room name is checked against Room only after the message parses. */
export const ClientMessage = v.variant('type', [
  v.object({ type: v.literal('join'), room: v.pipe(v.string(), v.maxLength(80)) }),
  v.object({ type: v.literal('leave'), room: v.pipe(v.string(), v.maxLength(80)) }),
  v.object({ type: v.literal('userStatus') }),
]);
export type ClientMessage = v.InferOutput<typeof ClientMessage>;

/** What a read-model change did to the row it names. */
export type ChangeAction = 'create' | 'update' | 'delete';

/** `ready`: the socket is open for this user. */
export interface ReadyFrame {
  userId: string;
}

/** `joined`: the room of a join message is now the socket's. */
export interface JoinedFrame {
  room: string;
}

/**
 * `resync`: pushes may have been missed (the server's change feed was cut, or a push failed): whatever the
 * page shows from the server must be fetched again. The client does the same after its own reconnect.
 */
export interface ResyncFrame {
  /** The change feed was cut and is back, or a push's rows could not be read. */
  reason: 'feed-reconnected' | 'push-failed';
}

/** `error`: a client message was refused; the socket stays open. */
export interface ErrorFrame {
  error: 'ERR_VALIDATION' | 'ERR_NO_PERMISSION';
  message: string;
}

/**
 * `company-<id>-ticket`. Doc 1 §4 also names `updateUnread` (the list resets the unread counter); the
 * gateway sends none today: the unread count arrives with the ticket's `update`.
 */
export type TicketFrame =
  | { action: 'update'; ticket: TicketView }
  | { action: 'delete'; ticketId: string }
  | { action: 'updateUnread'; ticketId: string };

/** `company-<id>-appMessage`: a message of a ticket, with the ticket and its contact as they are now. */
export interface AppMessageFrame {
  action: ChangeAction;
  message: MessageView;
  ticket: TicketView;
  contact: TicketView['contact'];
}

/** `company-<id>-whatsapp`: a connection changed (status, QR code) or is gone. */
export type WhatsappFrame =
  | { action: 'update'; whatsapp: ConnectionView }
  | { action: 'delete'; whatsappId: string };

/** `company-<id>-whatsappSession`: doc 1 §4 names it; the gateway sends none today (see WhatsappFrame). */
export interface WhatsappSessionFrame {
  action: 'update';
  session: ConnectionView;
}

/** `company-<id>-auth`: the user logged in elsewhere; sent only to that user's own sockets. */
export interface AuthFrame {
  action: 'update';
  user: { id: string };
}

/**
 * `company-<id>-chat`: sent only to the chat's members (a user never hears of a chat she is not in).
 * `delete` also reaches a member the owner removed: the chat is gone from her list.
 */
export type ChatFrame =
  | { action: 'create' | 'update'; chat: ChatView }
  | { action: 'new-message'; newMessage: ChatMessageView; chat: ChatView }
  | { action: 'delete'; id: string };

/**
 * `company-<id>-campaign`: sent only to the company's admins (campaigns are theirs). `shipment`: one
 * recipient of the run changed (the report's list); the campaign's figures arrive as its `update`.
 */
export type CampaignFrame =
  | { action: 'create' | 'update'; record: CampaignView }
  | { action: 'delete'; id: string }
  | { action: 'shipment'; campaignId: string; shipment: CampaignShipmentView };

/** The topics whose frame only names the changed row; the browser fetches it again if it cares. */
export type ChangeTopic =
  // Contact lists and their items (doc 2 §4 live lists): `company-<id>-ContactList`, `-ContactListItem`.
  | 'ContactList'
  | 'ContactListItem'
  | 'message'
  | 'contact'
  | 'user'
  | 'queue'
  | 'schedule'
  | 'company'
  | 'setting'
  | 'tag'
  | 'quickMessage'
  | 'file'
  | 'prompt'
  | 'queueIntegration'
  // Flows and phrase campaigns: `company-<id>-flowbuilder`, `company-<id>-flowcampaign`.
  | 'flowbuilder'
  | 'flowcampaign';

/**
 * Every kind of row a projection reports changed (projections' `Change`): the topics above, tickets,
 * connections, internal chats and their messages.
 */
export type ChangeKind =
  | ChangeTopic
  | 'ticket'
  | 'whatsapp'
  | 'chat'
  | 'chatMessage'
  | 'campaign'
  | 'campaignShipment'
  // Platform-wide: pushed to every company's sockets as `company-announcement`.
  | 'announcement'
  // An invoice's payment moved its company's due date: `company-<id>-payment` (PaymentFrame).
  | 'payment'
  // A ticket's SLA clock was warned or breached: `company-<id>-sla` (SlaFrame), to the company's admins.
  | 'sla'
  // An export of a contact's data moved on (progress, ready, ...): `company-<id>-contactExport`, to its requester.
  | 'contactExport';

/** `company-<id>-<ChangeTopic>`. */
export interface ChangeFrame {
  action: ChangeAction;
  id: string;
}

/** A company's event name: only that company's sockets receive it. */
export type CompanyEvent<Topic extends string> = `company-${string}-${Topic}`;

/** Every frame the server sends. */
export type ServerFrame =
  | { event: 'ready'; data: ReadyFrame }
  | { event: 'joined'; data: JoinedFrame }
  | { event: 'error'; data: ErrorFrame }
  | { event: 'resync'; data: ResyncFrame }
  | { event: CompanyEvent<'ticket'>; data: TicketFrame }
  | { event: CompanyEvent<'appMessage'>; data: AppMessageFrame }
  | { event: CompanyEvent<'whatsapp'>; data: WhatsappFrame }
  | { event: CompanyEvent<'whatsappSession'>; data: WhatsappSessionFrame }
  | { event: CompanyEvent<'auth'>; data: AuthFrame }
  | { event: CompanyEvent<'chat'>; data: ChatFrame }
  | { event: CompanyEvent<'campaign'>; data: CampaignFrame }
  // An invoice of the company was paid (doc 2 §9 checkout): the Pix step's success, the top bar's due date.
  | { event: CompanyEvent<'payment'>; data: PaymentFrame }
  // A ticket's SLA clock passed 80 % or 100 % of its target (issue 24): the company's admins only.
  | { event: CompanyEvent<'sla'>; data: SlaFrame }
  // An export of a contact's data (issue 25): its progress and outcome, to the user who asked for it only.
  | { event: CompanyEvent<'contactExport'>; data: ContactExportView }
  | { event: CompanyEvent<ChangeTopic>; data: ChangeFrame }
  // Not one company's: every socket of every company hears it (doc 1 §4).
  | { event: 'company-announcement'; data: AnnouncementFrame };

export type ServerEvent = ServerFrame['event'];

type DataOf<Frame, Event> = Frame extends { event: infer Name; data: infer Data }
  ? Event extends Name
    ? Data
    : never
  : never;

/** The data a frame of `Event` carries: `FrameData<'company-1-ticket'>` is TicketFrame. */
export type FrameData<Event extends ServerEvent> = DataOf<ServerFrame, Event>;
