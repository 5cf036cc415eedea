import type { Readable } from 'node:stream';
import {
  type BaileysEventMap,
  type Contact,
  downloadMediaMessage,
  jidDecode,
  makeCacheableSignalKeyStore,
  makeWASocket,
  normalizeMessageContent,
  type proto,
  type UserFacingSocketConfig,
  type WAMessage,
  type WASocket,
} from '@whiskeysockets/baileys';
import { DomainError } from '@zelo/contracts/errors';
import type { MediaStorage } from '../../media/storage.ts';
import type { Pool } from '../../platform/db.ts';
import {
  type ChannelAdapter,
  type ChannelEvents,
  ChannelNotConnectedError,
  type OutboundPayload,
} from '../port.ts';
import { PgAuthStore } from './auth-state.ts';
import { isResendable, type LookupMessage } from './get-message.ts';
import { jidOf, outboundContent } from './outbound.ts';
import { PhoneBook } from './phone-book.ts';
import { ConnectionLifecycle, realTimers, type Timers } from './reconnect.ts';
import {
  isZeloEcho,
  lidPairs,
  lidsOf,
  type PortCall,
  translateReceipts,
  translateUpdates,
  translateUpsert,
} from './translate.ts';

/** The part of Baileys' socket the adapter uses; a test hands in a fake with the same shape. */
export type SocketLike = Pick<
  WASocket,
  'ev' | 'user' | 'sendMessage' | 'updateMediaMessage' | 'groupMetadata' | 'logout' | 'end'
> &
  Partial<Pick<WASocket, 'onWhatsApp'>>;
export type SocketFactory = (config: UserFacingSocketConfig) => SocketLike;
export type MediaDownload = (
  m: WAMessage,
  ctx: { reuploadRequest: (m: WAMessage) => Promise<WAMessage>; logger: typeof quietLogger },
) => Promise<Readable>;

export interface BaileysChannelOptions {
  pool: Pool;
  events: ChannelEvents;
  storage: MediaStorage;
  /** The file behind a stored media URL (outbound attachments). */
  mediaPath: (url: string) => string | null;
  lookupMessage: LookupMessage;
  makeSocket?: SocketFactory;
  download?: MediaDownload;
  timers?: Timers;
}

// Baileys logs every decryption retry and presence at info level: too loud for a multi-tenant server.
const quietLogger = {
  level: 'silent',
  child: () => quietLogger,
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
};

const defaultDownload: MediaDownload = (m, ctx) => downloadMediaMessage(m, 'stream', {}, ctx);
const RECENT_SENDS = 500;

interface Session {
  companyId: string;
  lifecycle: ConnectionLifecycle;
  sock: SocketLike | null;
  /** Bumped for every new socket: events of a replaced socket are ignored. */
  generation: number;
  /** Events are handled one at a time, in the order WhatsApp sent them. */
  queue: Promise<void>;
  /** What we just sent, for WhatsApp's resend requests (files included, which the store cannot rebuild). */
  sent: Map<string, proto.IMessage>;
  groups: Map<string, string>;
}

export class BaileysChannel implements ChannelAdapter {
  readonly provider = 'baileys' as const;
  private sessions = new Map<string, Session>();
  private readonly auth: PgAuthStore;
  private readonly phoneBook: PhoneBook;

  constructor(private readonly o: BaileysChannelOptions) {
    this.auth = new PgAuthStore(o.pool);
    this.phoneBook = new PhoneBook(o.pool);
  }

  async start(whatsappId: string, companyId: string): Promise<void> {
    const existing = this.sessions.get(whatsappId);
    if (existing) {
      // Started again (a new QR asked for, or the lease came back): a fresh socket, counts reset.
      existing.lifecycle.stop();
      this.endSocket(existing);
      existing.lifecycle.start();
      return;
    }
    const s: Session = {
      companyId,
      sock: null,
      generation: 0,
      queue: Promise.resolve(),
      sent: new Map(),
      groups: new Map(),
      lifecycle: new ConnectionLifecycle({
        report: (...status) => this.o.events.status(whatsappId, ...status),
        open: () => void this.openSocket(whatsappId, s).catch((e) => log('open failed', whatsappId, e)),
        close: () => this.endSocket(s),
        wipe: () => this.auth.clear(whatsappId),
        number: () => jidDecode(s.sock?.user?.id)?.user,
        timers: this.o.timers ?? realTimers,
      }),
    };
    this.sessions.set(whatsappId, s);
    s.lifecycle.start();
  }

  async stop(whatsappId: string): Promise<void> {
    const s = this.sessions.get(whatsappId);
    if (!s) return;
    this.sessions.delete(whatsappId);
    s.lifecycle.stop();
    this.endSocket(s);
    await s.queue;
    await this.o.events.status(whatsappId, 'DISCONNECTED', '', 0);
  }

  async logout(whatsappId: string): Promise<void> {
    const s = this.sessions.get(whatsappId);
    this.sessions.delete(whatsappId);
    s?.lifecycle.stop();
    const sock = s?.sock;
    if (s) s.generation += 1;
    // Tell WhatsApp to unlink this device; when offline, wiping our copy still ends the session here.
    await sock?.logout().catch((e) => log('logout failed', whatsappId, e));
    sock?.end(undefined);
    await this.auth.clear(whatsappId);
    await this.o.events.status(whatsappId, 'DISCONNECTED', '', 0);
  }

  isConnected(whatsappId: string): boolean {
    return this.sessions.get(whatsappId)?.lifecycle.connected ?? false;
  }

  async send(whatsappId: string, p: OutboundPayload): Promise<void> {
    const s = this.sessions.get(whatsappId);
    if (!s?.sock || !s.lifecycle.connected) throw new ChannelNotConnectedError(whatsappId);
    const jid = jidOf(p.to);
    const content = outboundContent(p, this.o.mediaPath);
    const quoted = p.quotedWaMessageId ? await this.quoted(whatsappId, jid, p.quotedWaMessageId) : undefined;
    const sent = await s.sock.sendMessage(jid, content, { messageId: p.waMessageId, quoted });
    if (sent?.message) remember(s.sent, p.waMessageId, sent.message);
  }

  async phoneContacts(whatsappId: string): Promise<{ number: string; name: string }[]> {
    if (!this.isConnected(whatsappId)) throw new ChannelNotConnectedError(whatsappId);
    return this.phoneBook.contacts(whatsappId);
  }

  /** WhatsApp's own lookup (`onWhatsApp`), one query per batch; numbers it does not return have no account. */
  async checkNumbers(whatsappId: string, numbers: string[]): Promise<Map<string, boolean>> {
    const s = this.sessions.get(whatsappId);
    if (!s?.sock?.onWhatsApp || !s.lifecycle.connected) throw new ChannelNotConnectedError(whatsappId);
    const found = await s.sock.onWhatsApp(...numbers.map((n) => `${n}@s.whatsapp.net`));
    const known = new Set((found ?? []).filter((r) => r.exists).map((r) => jidDecode(r.jid)?.user ?? ''));
    return new Map(numbers.map((n) => [n, numberVariants(n).some((v) => known.has(v))]));
  }

  private async quoted(whatsappId: string, jid: string, id: string): Promise<WAMessage | undefined> {
    const message = await this.o.lookupMessage(whatsappId, id);
    // Zelo's own messages carry Zelo's ids; anything else was written by the customer.
    return message ? { key: { remoteJid: jid, id, fromMe: isZeloEcho(id) }, message } : undefined;
  }

  private async openSocket(whatsappId: string, s: Session) {
    const generation = ++s.generation;
    this.endSocket(s);
    const { state, saveCreds } = await this.auth.load(whatsappId);
    if (generation !== s.generation) return;
    const sock = (this.o.makeSocket ?? makeWASocket)({
      auth: { creds: state.creds, keys: makeCacheableSignalKeyStore(state.keys, quietLogger) },
      logger: quietLogger,
      printQRInTerminal: false,
      // Staying "offline" keeps notifications on the owner's phone.
      markOnlineOnConnect: false,
      syncFullHistory: false,
      shouldIgnoreJid: (jid) => jid === 'status@broadcast',
      getMessage: async (key) => {
        if (!key.id) return undefined;
        const recent = s.sent.get(key.id);
        if (recent) return recent;
        const stored = await this.o.lookupMessage(whatsappId, key.id);
        return isResendable(stored) ? stored : undefined;
      },
    });
    s.sock = sock;
    const on = <E extends keyof BaileysEventMap>(
      event: E,
      handle: (arg: BaileysEventMap[E]) => Promise<void>,
    ) =>
      sock.ev.on(event, (arg) => {
        if (generation !== s.generation) return;
        s.queue = s.queue.then(() => handle(arg)).catch((e) => log(`${event} failed`, whatsappId, e));
      });
    sock.ev.on('creds.update', (update) => {
      if (generation === s.generation)
        saveCreds(update).catch((e) => log('saving creds failed', whatsappId, e));
    });
    on('connection.update', (u) => s.lifecycle.onUpdate(u));
    on('messages.upsert', (u) => this.onUpsert(whatsappId, s, sock, u));
    on('messages.update', (u) => this.report(whatsappId, s, sock, translateUpdates(u)));
    on('message-receipt.update', (u) => this.report(whatsappId, s, sock, translateReceipts(u)));
    on('contacts.upsert', (c) => this.onContacts(whatsappId, c));
    on('contacts.update', (c) => this.onContacts(whatsappId, c as Contact[]));
    on('messaging-history.set', (h) => this.onContacts(whatsappId, h.contacts));
    on('chats.phoneNumberShare', ({ lid, jid }) => this.rememberLid(whatsappId, lid, jid));
  }

  private endSocket(s: Session) {
    const sock = s.sock;
    s.sock = null;
    sock?.end(undefined);
  }

  private async onUpsert(
    whatsappId: string,
    s: Session,
    sock: SocketLike,
    upsert: BaileysEventMap['messages.upsert'],
  ) {
    await this.phoneBook.rememberLids(whatsappId, lidPairs(upsert.messages));
    const known = await this.phoneBook.phoneNumbers(whatsappId, lidsOf(upsert.messages));
    await this.report(
      whatsappId,
      s,
      sock,
      translateUpsert(whatsappId, upsert, (lid) => known.get(lid)),
    );
  }

  private async report(whatsappId: string, s: Session, sock: SocketLike, calls: PortCall[]) {
    const events = this.o.events;
    for (const call of calls) {
      if (call.kind === 'ack') await persistently(() => events.ack(whatsappId, call.waMessageId, call.ack));
      else if (call.kind === 'edited')
        await persistently(() => events.edited(whatsappId, call.waMessageId, call.body, call.at));
      else if (call.kind === 'revoked')
        await persistently(() => events.revoked(whatsappId, call.waMessageId, call.at));
      else {
        const msg = { ...call.msg };
        if (call.media) msg.mediaUrl = await this.storeMedia(s, sock, call.media);
        if (msg.from.isGroup)
          msg.from = { ...msg.from, name: await this.groupName(s, sock, msg.from.number) };
        await persistently(() => events.inbound(msg));
      }
    }
  }

  /** Downloads a customer's file (asking the phone to upload it again when the link expired). */
  private async storeMedia(s: Session, sock: SocketLike, m: WAMessage): Promise<string | null> {
    try {
      const stream = await (this.o.download ?? defaultDownload)(m, {
        reuploadRequest: sock.updateMediaMessage,
        logger: quietLogger,
      });
      const saved = await this.o.storage.save(s.companyId, mediaFileName(m), stream);
      return saved.url;
    } catch (e) {
      // The text still reaches the agent; the file is reported missing rather than the message lost.
      log('media download failed', m.key.id, e);
      return null;
    }
  }

  private async groupName(s: Session, sock: SocketLike, number: string): Promise<string> {
    if (!s.groups.has(number)) {
      const subject = await sock
        .groupMetadata(`${number}@g.us`)
        .then((g) => g.subject)
        .catch(() => '');
      if (subject) s.groups.set(number, subject);
      else return number;
    }
    return s.groups.get(number)!;
  }

  private async onContacts(whatsappId: string, contacts: Partial<Contact>[]) {
    const people = contacts.flatMap((c) => {
      const d = jidDecode(c.id);
      return d?.server === 's.whatsapp.net' ? [{ c, number: d.user }] : [];
    });
    await this.phoneBook.saveContacts(
      whatsappId,
      people.map(({ c, number }) => ({ number, name: c.name || c.notify || c.verifiedName || '' })),
    );
    const pairs = people.flatMap(({ c, number }) =>
      c.lid ? [{ lid: jidDecode(c.lid)?.user ?? '', pn: number }] : [],
    );
    await this.phoneBook.rememberLids(
      whatsappId,
      pairs.filter((p) => p.lid),
    );
  }

  private async rememberLid(whatsappId: string, lid: string, jid: string) {
    const l = jidDecode(lid)?.user;
    const pn = jidDecode(jid)?.user;
    if (l && pn) await this.phoneBook.rememberLids(whatsappId, [{ lid: l, pn }]);
  }
}

/** A document keeps its name; other media are named after the message, with their type's extension. */
function mediaFileName(m: WAMessage): string {
  const c = normalizeMessageContent(m.message);
  if (c?.documentMessage?.fileName) return c.documentMessage.fileName;
  const media = c?.imageMessage ?? c?.videoMessage ?? c?.audioMessage ?? c?.stickerMessage ?? c?.ptvMessage;
  const subtype = (media?.mimetype ?? c?.documentMessage?.mimetype ?? '').split(';')[0].split('/')[1];
  const ext = subtype === 'jpeg' ? 'jpg' : subtype && /^[a-z0-9]+$/.test(subtype) ? subtype : 'bin';
  return `${m.key.id}.${ext}`;
}

function remember(map: Map<string, proto.IMessage>, id: string, message: proto.IMessage) {
  map.set(id, message);
  if (map.size > RECENT_SENDS) map.delete(map.keys().next().value as string);
}

const log = (what: string, id: unknown, e: unknown) =>
  console.error(`[baileys] ${what}`, id, (e as Error)?.message ?? e);

/**
 * Baileys has already acknowledged what it hands us to WhatsApp, which will not send it again: a short
 * database outage must not lose it, so transient failures are retried (0.5 s, 1 s, 2 s ... ~30 s in all).
 * A DomainError (unknown connection, bad data) will not get better and is not retried.
 */
async function persistently(work: () => Promise<void>, attempts = 7): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || err instanceof DomainError) throw err;
      await new Promise((r) => setTimeout(r, 500 * 2 ** (attempt - 1)));
    }
  }
}

/**
 * The forms WhatsApp may answer a number in: a Brazilian mobile (55, area code, 9, eight digits) is
 * often registered, and answered, without its ninth digit, and the other way round.
 */
export function numberVariants(number: string): string[] {
  const br = /^55(\d{2})(\d{8,9})$/.exec(number);
  if (!br) return [number];
  const [, area, local] = br;
  if (local.length === 9 && local.startsWith('9')) return [number, `55${area}${local.slice(1)}`];
  // Eight digits starting 6-9 is a mobile written the old way; 2-5 are landlines, kept as they are.
  if (local.length === 8 && /^[6-9]/.test(local)) return [number, `55${area}9${local}`];
  return [number];
}
