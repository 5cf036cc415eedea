import {
  type BaileysEventMap,
  getContentType,
  jidDecode,
  type MessageUserReceiptUpdate,
  normalizeMessageContent,
  type proto,
  type WAMessage,
  WAMessageStatus,
  WAMessageStubType,
  type WAMessageUpdate,
} from '@whiskeysockets/baileys';
import waproto from '@whiskeysockets/baileys/WAProto/index.js';
import type { MediaType } from '@zelo/contracts/messaging/events';
import { storableText } from '../../platform/text.ts';
import type { ChannelEvents } from '../port.ts';

// Pure mapping from what Baileys emits to what the channel port expects. No I/O: the adapter resolves
// privacy ids beforehand and downloads media afterwards.

const { ProtocolMessage } = waproto.proto.Message;

export type Inbound = Parameters<ChannelEvents['inbound']>[0];
export type PortCall =
  /** `media`: the message to download; the adapter stores it and fills `mediaUrl`. */
  | { kind: 'inbound'; msg: Inbound; media: WAMessage | null }
  | { kind: 'edited'; waMessageId: string; body: string; at: Date }
  | { kind: 'revoked'; waMessageId: string; at: Date }
  | { kind: 'ack'; waMessageId: string; ack: number };

/** Baileys' key carries the other form of a privacy id under names that changed across versions. */
type KeyWithAlt = proto.IMessageKey & {
  remoteJidAlt?: string | null;
  senderPn?: string | null;
  senderLid?: string | null;
  participantAlt?: string | null;
  participantPn?: string | null;
  participantLid?: string | null;
};

/** Our own sends come back as upserts; their ids are the ones Zelo chose (outboundWaMessageId). */
export const isZeloEcho = (id: string | null | undefined) => !!id?.startsWith('ZELO');

/** Seconds or milliseconds from a protobuf uint64: a number, or a Long (also as plain JSON). */
export function longToNumber(t: unknown): number {
  if (typeof t === 'number') return t;
  if (typeof t === 'string') return Number(t);
  if (t && typeof t === 'object' && 'low' in t && 'high' in t)
    return (t as { high: number }).high * 2 ** 32 + ((t as { low: number }).low >>> 0);
  return 0;
}

const decoded = (jid: string | null | undefined) => (jid ? jidDecode(jid) : undefined);
const isLid = (jid: string | null | undefined) => decoded(jid)?.server === 'lid';
const isPn = (jid: string | null | undefined) => decoded(jid)?.server === 's.whatsapp.net';

/** Every (lid, phone number) pair the messages' keys reveal, to remember for later messages. */
export function lidPairs(messages: WAMessage[]): { lid: string; pn: string }[] {
  const pairs: { lid: string; pn: string }[] = [];
  const pair = (...jids: (string | null | undefined)[]) => {
    const lid = jids.find(isLid);
    const pn = jids.find(isPn);
    if (lid && pn) pairs.push({ lid: decoded(lid)!.user, pn: decoded(pn)!.user });
  };
  for (const { key } of messages) {
    const k = key as KeyWithAlt;
    pair(k.remoteJid, k.remoteJidAlt, k.senderPn, k.senderLid);
    pair(k.participant, k.participantAlt, k.participantPn, k.participantLid);
  }
  return pairs;
}

/** The privacy ids (user parts) these messages come from, for the adapter to look up. */
export const lidsOf = (messages: WAMessage[]) =>
  messages.flatMap(({ key }) => [key.remoteJid, key.participant].filter(isLid).map((j) => decoded(j)!.user));

/** A person's phone number: the jid's own, the one Baileys sent beside a privacy id, or a remembered one. */
function numberOf(
  jid: string,
  alts: (string | null | undefined)[],
  pnOfLid: (lid: string) => string | undefined,
) {
  const d = decoded(jid);
  if (!d) return '';
  if (d.server !== 'lid') return d.user;
  const alt = alts.find(isPn);
  // Unknown yet: the privacy id is the best we have (WhatsApp reveals the number later, or never).
  return alt ? decoded(alt)!.user : (pnOfLid(d.user) ?? d.user);
}

const SKIPPED_CHATS = /@(broadcast|newsletter)$/;
const MISSED_CALLS = new Set<number>([
  WAMessageStubType.CALL_MISSED_VOICE,
  WAMessageStubType.CALL_MISSED_VIDEO,
  WAMessageStubType.CALL_MISSED_GROUP_VOICE,
  WAMessageStubType.CALL_MISSED_GROUP_VIDEO,
]);

export function translateUpsert(
  whatsappId: string,
  upsert: BaileysEventMap['messages.upsert'],
  pnOfLid: (lid: string) => string | undefined = () => undefined,
): PortCall[] {
  return upsert.messages.flatMap((m) => translateMessage(whatsappId, m, pnOfLid));
}

function translateMessage(
  whatsappId: string,
  m: WAMessage,
  pnOfLid: (lid: string) => string | undefined,
): PortCall[] {
  const key = m.key as KeyWithAlt;
  const chat = key.remoteJid ?? '';
  if (!key.id || !chat || SKIPPED_CHATS.test(chat) || isZeloEcho(key.id)) return [];
  const at = new Date(longToNumber(m.messageTimestamp) * 1000);
  const content = normalizeMessageContent(m.message);

  const protocol = content?.protocolMessage;
  if (protocol) {
    const target = protocol.key?.id;
    if (!target) return [];
    if (protocol.type === ProtocolMessage.Type.REVOKE) return [{ kind: 'revoked', waMessageId: target, at }];
    if (protocol.type === ProtocolMessage.Type.MESSAGE_EDIT) {
      const edited = normalizeMessageContent(protocol.editedMessage);
      const when = protocol.timestampMs ? new Date(longToNumber(protocol.timestampMs)) : at;
      return [{ kind: 'edited', waMessageId: target, body: storableText(textOf(edited) ?? ''), at: when }];
    }
    return [];
  }

  const shape = m.messageStubType && MISSED_CALLS.has(m.messageStubType) ? callLog() : shapeOf(content);
  if (!shape) return [];
  const isGroup = decoded(chat)?.server === 'g.us';
  const number = numberOf(chat, [key.remoteJidAlt, key.senderPn], pnOfLid);
  const sender = key.participant
    ? numberOf(key.participant, [key.participantAlt, key.participantPn], pnOfLid)
    : number;
  // WhatsApp's text is kept whatever it holds; what PostgreSQL cannot store (a NUL) is cleaned.
  const pushName = storableText(m.pushName ?? '');
  const msg: Inbound = {
    whatsappId,
    waMessageId: key.id,
    // A group is the contact; the person who wrote is the sender. The phone owner's pushName is theirs.
    from: { number, name: isGroup || key.fromMe ? number : pushName || number, isGroup },
    body: storableText(shape.body),
    mediaType: shape.mediaType,
    mediaUrl: null,
    timestamp: at,
    quotedWaMessageId: shape.quoted ?? null,
  };
  if (isGroup) msg.senderName = pushName || sender;
  if (key.fromMe) msg.fromMe = true;
  return [{ kind: 'inbound', msg, media: shape.download ? m : null }];
}

interface Shape {
  mediaType: MediaType;
  body: string;
  download?: boolean;
  quoted?: string | null;
}

const callLog = (): Shape => ({ mediaType: 'call_log', body: '' });

/** What Zelo stores of one message; null for what is not a conversation message (reactions, polls…). */
function shapeOf(c: proto.IMessage | undefined): Shape | null {
  const type = c ? getContentType(c) : undefined;
  if (!c || !type) return null;
  const quoted = contextOf(c[type])?.stanzaId ?? null;
  const file = (mediaType: MediaType, body: string | null | undefined): Shape => ({
    mediaType,
    body: body ?? '',
    download: true,
    quoted,
  });
  switch (type) {
    case 'conversation':
      return { mediaType: 'chat', body: c.conversation ?? '', quoted };
    case 'extendedTextMessage':
      return { mediaType: 'chat', body: c.extendedTextMessage?.text ?? '', quoted };
    case 'imageMessage':
      return file('image', c.imageMessage?.caption);
    case 'stickerMessage':
      return file('image', '');
    case 'videoMessage':
      return file('video', c.videoMessage?.caption);
    case 'ptvMessage':
      return file('video', '');
    case 'audioMessage':
      return file('audio', '');
    case 'documentMessage':
      return file('application', c.documentMessage?.caption || c.documentMessage?.fileName);
    case 'locationMessage':
    case 'liveLocationMessage': {
      const loc = (c.locationMessage ?? c.liveLocationMessage) as proto.Message.ILocationMessage;
      return { mediaType: 'locationMessage', body: locationBody(loc), quoted };
    }
    case 'contactMessage':
      return { mediaType: 'vcard', body: c.contactMessage?.vcard ?? '', quoted };
    case 'contactsArrayMessage':
      return {
        mediaType: 'vcard',
        body: (c.contactsArrayMessage?.contacts ?? []).map((k) => k.vcard ?? '').join('\n'),
        quoted,
      };
    default:
      return null;
  }
}

function contextOf(inner: unknown): proto.IContextInfo | null | undefined {
  return typeof inner === 'object' && inner !== null
    ? (inner as { contextInfo?: proto.IContextInfo | null }).contextInfo
    : undefined;
}

function textOf(c: proto.IMessage | undefined): string | undefined {
  return (
    c?.conversation ??
    c?.extendedTextMessage?.text ??
    c?.imageMessage?.caption ??
    c?.videoMessage?.caption ??
    c?.documentMessage?.caption ??
    undefined
  );
}

/**
 * The message list shows a location as `image|link|description` (web/src/features/messages/lib/media.ts
 * parseLocation): the thumbnail WhatsApp sent, a map link, the place's name and address.
 */
export function locationBody(loc: proto.Message.ILocationMessage): string {
  const lat = loc.degreesLatitude ?? 0;
  const lng = loc.degreesLongitude ?? 0;
  const thumb = loc.jpegThumbnail?.length
    ? `data:image/jpeg;base64,${Buffer.from(loc.jpegThumbnail).toString('base64')}`
    : '';
  const link = `https://maps.google.com/maps?q=${lat}%2C${lng}&z=17`;
  const description = [loc.name, loc.address].filter(Boolean).join(' - ');
  return `${thumb}|${link}|${description}`;
}

/** Zelo's ack scale (0 queued, 1 sent, 2 delivered, 3 read, 4 played) from Baileys' message status. */
export function ackOf(status: number | null | undefined): number | null {
  if (status == null || status <= WAMessageStatus.PENDING) return null;
  return Math.min(status, WAMessageStatus.PLAYED) - 1;
}

/** Delivery and read reports of the business's own messages. Edits and deletions come as upserts. */
export function translateUpdates(updates: WAMessageUpdate[]): PortCall[] {
  return updates.flatMap(({ key, update }) => {
    const ack = ackOf(update.status);
    return key.fromMe && key.id && ack !== null ? [{ kind: 'ack', waMessageId: key.id, ack } as const] : [];
  });
}

/** Per-recipient receipts (groups): the furthest a recipient got. */
export function translateReceipts(receipts: MessageUserReceiptUpdate[]): PortCall[] {
  return receipts.flatMap(({ key, receipt }) => {
    const ack = receipt.playedTimestamp ? 4 : receipt.readTimestamp ? 3 : receipt.receiptTimestamp ? 2 : null;
    return key.id && ack !== null ? [{ kind: 'ack', waMessageId: key.id, ack } as const] : [];
  });
}
