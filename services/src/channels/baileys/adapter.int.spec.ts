import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  type AnyMessageContent,
  BufferJSON,
  DisconnectReason,
  type MiscMessageGenerationOptions,
  type UserFacingSocketConfig,
  type WAMessage,
} from '@whiskeysockets/baileys';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { localMediaStorage } from '../../media/storage.ts';
import { systemClock } from '../../platform/clock.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { eventually } from '../../testing/eventually.ts';
import { type ChannelEvents, ChannelNotConnectedError } from '../port.ts';
import {
  BaileysChannel,
  type BaileysChannel as Channel,
  type MediaDownload,
  type SocketLike,
} from './adapter.ts';
import { PgAuthStore } from './auth-state.ts';
import type { LookupMessage } from './get-message.ts';
import { baileysMigrations } from './migrations.ts';
import { localMediaPath } from './outbound.ts';
import type { Timers } from './reconnect.ts';
import type { Inbound } from './translate.ts';

/** Baileys' socket as far as the adapter sees it: an event emitter and a few calls, all recorded. */
class FakeSocket {
  ev = new EventEmitter();
  user: { id: string } | undefined;
  sendMessage = vi.fn(async (_jid: string, content: AnyMessageContent, o: MiscMessageGenerationOptions) => ({
    key: { id: o.messageId },
    message: 'text' in content ? { conversation: content.text } : { imageMessage: { url: 'https://mmg/x' } },
  }));
  updateMediaMessage = vi.fn(async (m: WAMessage) => m);
  groupMetadata = vi.fn(async () => ({ subject: 'Equipe Vendas' }));
  logout = vi.fn(async () => {});
  end = vi.fn();
  constructor(readonly config: UserFacingSocketConfig) {}
  emit(event: string, payload: unknown) {
    this.ev.emit(event, payload);
  }
}

const fixture = async (name: string) =>
  JSON.parse(await readFile(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'), BufferJSON.reviver);
const closed = (statusCode: number) => ({
  connection: 'close',
  lastDisconnect: { error: Object.assign(new Error('closed'), { output: { statusCode } }), date: new Date() },
});

let db: TestDatabase;
let mediaRoot: string;
beforeAll(async () => {
  db = await createTestDatabase(baileysMigrations);
  mediaRoot = await mkdtemp(join(tmpdir(), 'zelo-baileys-'));
});
afterAll(async () => {
  await db.drop();
  await rm(mediaRoot, { recursive: true, force: true });
});

let whatsappId: string;
let companyId: string;
let sockets: FakeSocket[];
let calls: {
  inbound: Inbound[];
  status: unknown[][];
  ack: unknown[][];
  edited: unknown[][];
  revoked: unknown[][];
};
let channel: Channel;
let download: ReturnType<typeof vi.fn<MediaDownload>>;
let lookup: ReturnType<typeof vi.fn<LookupMessage>>;
const sock = () => sockets[sockets.length - 1];
const noTimers: Timers = { set: () => 0, clear: () => {} };

beforeEach(() => {
  whatsappId = randomUUID();
  companyId = randomUUID();
  sockets = [];
  calls = { inbound: [], status: [], ack: [], edited: [], revoked: [] };
  const events: ChannelEvents = {
    inbound: async (m) => void calls.inbound.push(m),
    status: async (...a) => void calls.status.push(a),
    ack: async (...a) => void calls.ack.push(a),
    edited: async (...a) => void calls.edited.push(a),
    revoked: async (...a) => void calls.revoked.push(a),
  };
  download = vi.fn<MediaDownload>(async () => Readable.from([Buffer.from('jpeg bytes')]));
  lookup = vi.fn<LookupMessage>(async (_w, id) =>
    id === 'QUOTED1' ? { conversation: 'É o pedido 1234?' } : undefined,
  );
  channel = new BaileysChannel({
    pool: db.pool,
    events,
    storage: localMediaStorage(mediaRoot, systemClock),
    mediaPath: (url) => localMediaPath(mediaRoot, url),
    lookupMessage: lookup,
    makeSocket: (config) => {
      const s = new FakeSocket(config);
      sockets.push(s);
      return s as unknown as SocketLike;
    },
    download,
    timers: noTimers,
  });
});

/** Starts a connection and pairs it: the phone scanned, WhatsApp opened the session. */
async function connected() {
  await channel.start(whatsappId, companyId);
  await eventually(async () => sockets.length === 1, 2000, 'socket');
  sock().user = { id: '5511912345678:12@s.whatsapp.net' };
  sock().emit('connection.update', { connection: 'open' });
  await eventually(async () => channel.isConnected(whatsappId), 2000, 'connected');
}

describe('the Baileys channel, driven through a fake socket', () => {
  it('opens with the saved session, quiet, no terminal QR', async () => {
    const store = new PgAuthStore(db.pool);
    const saved = await store.load(whatsappId);
    await saved.saveCreds({ registered: true });
    await connected();
    const config = sock().config;
    expect(config.printQRInTerminal).toBe(false);
    expect(config.auth.creds.registered).toBe(true);
    expect(config.logger?.level).toBe('silent');
    expect(calls.status.at(-1)).toEqual([whatsappId, 'CONNECTED', '', 0, '5511912345678']);
  });

  it('reports each QR as a qrcode status, then DISCONNECTED after 3 unscanned', async () => {
    await channel.start(whatsappId, companyId);
    await eventually(async () => sockets.length === 1, 2000, 'socket');
    sock().emit('connection.update', { connection: 'connecting' });
    for (const qr of ['2@abc,def', '2@ghi,jkl', '2@mno,pqr', '2@stu,vwx'])
      sock().emit('connection.update', { qr });
    await eventually(async () => calls.status.length === 5, 2000, 'statuses');
    expect(calls.status).toEqual([
      [whatsappId, 'OPENING', '', 0],
      [whatsappId, 'qrcode', '2@abc,def', 0],
      [whatsappId, 'qrcode', '2@ghi,jkl', 1],
      [whatsappId, 'qrcode', '2@mno,pqr', 2],
      [whatsappId, 'DISCONNECTED', '', 3],
    ]);
    expect(sock().end).toHaveBeenCalled();
    expect(channel.isConnected(whatsappId)).toBe(false);
  });

  it('saves creds.update in PostgreSQL as it happens', async () => {
    await connected();
    sock().config.auth.creds.me = { id: '5511912345678:12@s.whatsapp.net' };
    sock().emit('creds.update', { me: { id: '5511912345678:12@s.whatsapp.net', name: 'Loja' } });
    await eventually(
      async () => (await new PgAuthStore(db.pool).load(whatsappId)).state.creds.me?.name === 'Loja',
      2000,
      'creds saved',
    );
  });

  it("a customer's text reaches ChannelEvents.inbound", async () => {
    await connected();
    sock().emit('messages.upsert', await fixture('text.json'));
    await eventually(async () => calls.inbound.length === 1, 2000, 'inbound');
    expect(calls.inbound[0]).toMatchObject({
      whatsappId,
      waMessageId: '3EB0A1B2C3D4E5F60718',
      from: { number: '5511987654321', name: 'Maria Souza', isGroup: false },
      body: 'Olá, meu pedido não chegou',
      mediaType: 'chat',
    });
  });

  it("a customer's photo is downloaded (re-upload on expiry wired) and stored like uploads", async () => {
    await connected();
    sock().emit('messages.upsert', await fixture('image.json'));
    await eventually(async () => calls.inbound.length === 1, 2000, 'inbound');
    const [m] = calls.inbound;
    expect(m.mediaUrl).toMatch(
      new RegExp(`^/public/${companyId}/\\d{4}/\\d{2}/\\d+-[0-9a-f]{32}-3A1F9E8D7C6B5A4F3E2D\\.jpg$`),
    );
    expect(await readFile(localMediaPath(mediaRoot, m.mediaUrl ?? '')!, 'utf8')).toBe('jpeg bytes');
    expect(download.mock.calls[0][1].reuploadRequest).toBe(sock().updateMediaMessage);
  });

  it('a failed download still delivers the caption, without a file', async () => {
    download.mockRejectedValueOnce(new Error('media expired and the phone is offline'));
    await connected();
    sock().emit('messages.upsert', await fixture('image.json'));
    await eventually(async () => calls.inbound.length === 1, 2000, 'inbound');
    expect(calls.inbound[0]).toMatchObject({
      body: 'Foto da caixa amassada',
      mediaType: 'image',
      mediaUrl: null,
    });
  });

  it('a group message carries the group subject; a lid learnt from phoneNumberShare resolves', async () => {
    await connected();
    sock().emit('messages.upsert', await fixture('group.json'));
    sock().emit('chats.phoneNumberShare', {
      lid: '182736455463728@lid',
      jid: '5511987654321@s.whatsapp.net',
    });
    sock().emit('messages.upsert', await fixture('lid-only.json'));
    await eventually(async () => calls.inbound.length === 2, 2000, 'inbound');
    expect(calls.inbound[0].from).toEqual({
      number: '120363041234567890',
      name: 'Equipe Vendas',
      isGroup: true,
    });
    expect(calls.inbound[1].from.number).toBe('5511987654321');
    const { rows } = await db.pool.query('SELECT lid, pn FROM baileys_lid_map WHERE whatsapp_id = $1', [
      whatsappId,
    ]);
    expect(rows).toEqual([{ lid: '182736455463728', pn: '5511987654321' }]);
  });

  it('acks, edits and revokes reach their port calls; Zelo echoes do not', async () => {
    await connected();
    sock().emit('messages.upsert', await fixture('zelo-echo.json'));
    sock().emit('messages.update', await fixture('messages-update.json'));
    sock().emit('messages.upsert', await fixture('edit.json'));
    sock().emit('messages.upsert', await fixture('revoke.json'));
    await eventually(async () => calls.revoked.length === 1, 2000, 'revoked');
    expect(calls.inbound).toEqual([]);
    expect(calls.ack.map((a) => a[2])).toEqual([1, 2, 3, 4]);
    expect(calls.edited).toEqual([
      [whatsappId, '3EB0A1B2C3D4E5F60718', 'Olá, meu pedido 1234 não chegou', new Date(1718000060123)],
    ]);
  });

  it('sends text with the given WhatsApp id, quoting the replied message', async () => {
    await connected();
    const waMessageId = 'ZELO0F1E2D3C4B5A69788796A5B4C3D2E1F0';
    await channel.send(whatsappId, {
      waMessageId,
      to: { number: '5511987654321', isGroup: false },
      body: 'Sim, o pedido 1234',
      mediaType: 'chat',
      mediaUrl: null,
      quotedWaMessageId: 'QUOTED1',
    });
    expect(sock().sendMessage).toHaveBeenCalledWith(
      '5511987654321@s.whatsapp.net',
      { text: 'Sim, o pedido 1234' },
      {
        messageId: waMessageId,
        quoted: {
          key: { remoteJid: '5511987654321@s.whatsapp.net', id: 'QUOTED1', fromMe: false },
          message: { conversation: 'É o pedido 1234?' },
        },
      },
    );
    // WhatsApp's resend request for it is answered from what was just sent.
    expect(await sock().config.getMessage?.({ id: waMessageId })).toEqual({
      conversation: 'Sim, o pedido 1234',
    });
  });

  it('sends a stored photo with its caption, a voice note as ptt, to a group', async () => {
    await connected();
    const stored = await localMediaStorage(mediaRoot, systemClock).save(
      companyId,
      'caixa.jpg',
      Readable.from([Buffer.from('img')]),
    );
    await channel.send(whatsappId, {
      waMessageId: 'ZELOAAAA',
      to: { number: '120363041234567890', isGroup: true },
      body: 'Veja a foto',
      mediaType: 'image',
      mediaUrl: stored.url,
    });
    const voice = await localMediaStorage(mediaRoot, systemClock).save(
      companyId,
      'audio.ogg',
      Readable.from([Buffer.from('ogg')]),
    );
    await channel.send(whatsappId, {
      waMessageId: 'ZELOBBBB',
      to: { number: '5511987654321', isGroup: false },
      body: 'audio.ogg',
      mediaType: 'audio',
      mediaUrl: voice.url,
    });
    expect(sock().sendMessage.mock.calls).toEqual([
      [
        '120363041234567890@g.us',
        { image: { url: stored.path }, caption: 'Veja a foto', mimetype: 'image/jpeg' },
        { messageId: 'ZELOAAAA', quoted: undefined },
      ],
      [
        '5511987654321@s.whatsapp.net',
        { audio: { url: voice.path }, ptt: true, mimetype: 'audio/ogg; codecs=opus' },
        { messageId: 'ZELOBBBB', quoted: undefined },
      ],
    ]);
  });

  it('refuses to send while not connected', async () => {
    await expect(
      channel.send(whatsappId, {
        waMessageId: 'ZELOCCCC',
        to: { number: '5511987654321', isGroup: false },
        body: 'oi',
        mediaType: 'chat',
        mediaUrl: null,
      }),
    ).rejects.toBeInstanceOf(ChannelNotConnectedError);
  });

  it("lists the phone's address book as WhatsApp synced it", async () => {
    await connected();
    sock().emit('contacts.upsert', [
      { id: '5511987654321@s.whatsapp.net', name: 'Maria Souza', lid: '182736455463728@lid' },
      { id: '5521976543210@s.whatsapp.net', notify: 'Carlos' },
      { id: '120363041234567890@g.us', name: 'Equipe' },
    ]);
    await eventually(async () => (await channel.phoneContacts(whatsappId)).length === 2, 2000, 'contacts');
    expect(await channel.phoneContacts(whatsappId)).toEqual([
      { number: '5511987654321', name: 'Maria Souza' },
      { number: '5521976543210', name: 'Carlos' },
    ]);
  });

  it('logged out on the phone: the session rows are wiped and a new QR is offered', async () => {
    await connected();
    const { saveCreds, state } = await new PgAuthStore(db.pool).load(whatsappId);
    await saveCreds({ registered: true });
    await state.keys.set({ session: { 'x.0': Uint8Array.from([1]) } });
    sock().emit('connection.update', closed(DisconnectReason.loggedOut));
    await eventually(async () => sockets.length === 2, 2000, 'fresh socket');
    const { rows } = await db.pool.query(
      `SELECT (SELECT count(*) FROM baileys_creds WHERE whatsapp_id = $1)
            + (SELECT count(*) FROM baileys_keys WHERE whatsapp_id = $1) AS n`,
      [whatsappId],
    );
    expect(rows[0].n).toBe(0);
    expect(sock().config.auth.creds.registered).toBe(false);
    expect(calls.status.at(-1)).toEqual([whatsappId, 'DISCONNECTED', '', 0]);
    sock().emit('connection.update', { qr: '2@new' });
    await eventually(async () => calls.status.at(-1)?.[1] === 'qrcode', 2000, 'qr');
  });

  it('logout unlinks at WhatsApp and wipes the session; stop keeps it', async () => {
    await connected();
    await new PgAuthStore(db.pool).load(whatsappId).then((s) => s.saveCreds({ registered: true }));
    await channel.stop(whatsappId);
    expect(sock().end).toHaveBeenCalled();
    expect(sock().logout).not.toHaveBeenCalled();
    expect((await new PgAuthStore(db.pool).load(whatsappId)).state.creds.registered).toBe(true);

    await connected2();
    const last = sock();
    await channel.logout(whatsappId);
    expect(last.logout).toHaveBeenCalled();
    expect((await new PgAuthStore(db.pool).load(whatsappId)).state.creds.registered).toBe(false);
    expect(calls.status.at(-1)).toEqual([whatsappId, 'DISCONNECTED', '', 0]);
    expect(channel.isConnected(whatsappId)).toBe(false);
  });
});

async function connected2() {
  await channel.start(whatsappId, companyId);
  await eventually(async () => sockets.length === 2, 2000, 'second socket');
  sock().emit('connection.update', { connection: 'open' });
  await eventually(async () => channel.isConnected(whatsappId), 2000, 'connected');
}
