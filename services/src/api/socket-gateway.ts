import type { IncomingMessage } from 'node:http';
import type { AnnouncementFrame } from '@zelo/contracts/announcements/read-models';
import type { PaymentFrame } from '@zelo/contracts/billing/read-models';
import type { ChatMessageView, ChatView } from '@zelo/contracts/chats/read-models';
import {
  ClientMessage,
  type FrameData,
  Room,
  type ServerEvent,
  type WhatsappFrame,
} from '@zelo/contracts/realtime/frames';
import type { SlaFrame } from '@zelo/contracts/sla/read-models';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { getAnnouncementsByIds } from '@zelo/projections/announcements/queries';
import { getRenewals } from '@zelo/projections/billing/queries';
import { getCampaignsByIds, getShipments } from '@zelo/projections/campaigns/queries';
import { getChatMessagesByIds, getChatsByIds } from '@zelo/projections/chats/queries';
import { getConnection } from '@zelo/projections/connections/queries';
import { getContactExportsByIds } from '@zelo/projections/contacts/exports-queries';
import { PgListener } from '@zelo/projections/pg-listener';
import type { Change } from '@zelo/projections/runner';
import { CHANGES_CHANNEL } from '@zelo/projections/runner';
import { getMessagesByIds, getTicket, getTicketsByIds } from '@zelo/projections/tickets/queries';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { type WebSocket, WebSocketServer } from 'ws';
import { currentSession } from '../auth/sessions.ts';
import type { Pool } from '../platform/db.ts';
import { unstorableTextAt } from '../platform/text.ts';
import { isAdmin, mayViewTicket } from '../tickets/access.ts';
import type { AccessTokenClaims, Viewer } from './context.ts';

/** Chats and chat messages by id, each with its company (checked against the change's). */
interface ChatRows {
  chats: Map<string, { companyId: string; chat: ChatView }>;
  messages: Map<string, { companyId: string; message: ChatMessageView }>;
}

interface Client {
  ws: WebSocket;
  viewer: Viewer;
  /** The access token the socket opened with: its session is re-checked when the user changes. */
  claims: AccessTokenClaims;
  /** Closes the socket when that token expires. */
  expiry: NodeJS.Timeout | null;
  rooms: Set<string>;
  alive: boolean;
}

/**
 * Close code of a socket whose token expired or whose session ended (user deleted or demoted, password
 * changed): the client refreshes its token and reconnects, or goes to the login if the refresh fails.
 */
export const SESSION_ENDED_CLOSE_CODE = 4001;

/**
 * An SLA warning or breach older than this is history (projections catching up after downtime, a
 * replay): the ticket's badge shows it, no notification pops up for it.
 */
export const SLA_FRAME_FRESH_MS = 5 * 60_000;

/**
 * Pushes read-model changes to browsers. Every socket belongs to one company (from its token) and
 * only ever receives that company's events; ticket and message pushes are further limited to users
 * who may see the ticket. Changes arrive over PostgreSQL NOTIFY, so any process's projections feed it.
 */
export class SocketGateway {
  private wss: WebSocketServer;
  private clients = new Set<Client>();
  private listen: PgListener | null = null;
  private heartbeat: NodeJS.Timeout;
  /** Observers of every push (benchmarks measure latency here). */
  readonly onPush = new Set<(event: string, change: Change | null) => void>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly pool: Pool,
    private readonly listenDatabaseUrl: string,
  ) {
    this.wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
    app.server.on('upgrade', (req, socket, head) => {
      if (!req.url?.startsWith('/socket')) return socket.destroy();
      void this.authenticate(req).then(
        (auth) => this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, auth)),
        () => {
          socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
          socket.destroy();
        },
      );
    });
    this.heartbeat = setInterval(() => {
      for (const c of this.clients) {
        if (!c.alive) c.ws.terminate();
        c.alive = false;
        c.ws.ping();
      }
    }, 18_000);
  }

  async start(): Promise<void> {
    // The change feed reconnects after a cut (with backoff) and pushes resume. Changes committed while
    // it was down were not heard (NOTIFY keeps nothing): every socket is told to fetch again what it
    // shows (`resync`), so that no screen stays behind.
    this.listen = new PgListener(this.listenDatabaseUrl, [CHANGES_CHANNEL], {
      onNotification: (n) => {
        if (!n.payload) return;
        const changes = JSON.parse(n.payload) as Change[];
        void this.dispatch(changes).catch((err) => {
          // Its rows could not be read (a connection cut): those companies' screens fetch again instead.
          this.app.log.error(err, 'socket dispatch failed; its companies resync');
          const companies = new Set(changes.map((c) => c.companyId));
          const everyone = changes.some((c) => c.kind === 'announcement');
          for (const c of this.clients)
            if (everyone || companies.has(c.viewer.companyId))
              this.send(c, 'resync', { reason: 'push-failed' });
        });
      },
      onLost: (err) => this.app.log.error(err, 'change feed connection lost, reconnecting'),
      onReconnect: () => {
        this.app.log.info('change feed reconnected, pushes resume; browsers resync');
        for (const c of this.clients) this.send(c, 'resync', { reason: 'feed-reconnected' });
        // Sessions ended while the feed was down (a logout, a login elsewhere) were not heard: re-check all.
        const users = new Set([...this.clients].map((c) => c.viewer.id));
        void this.recheckSessions(users).catch((err) => this.app.log.error(err, 'session re-check failed'));
      },
    });
    await this.listen.start();
  }

  /** The token's session as it stands now (as for HTTP requests): an ended one is refused. */
  private async authenticate(req: IncomingMessage): Promise<{ viewer: Viewer; claims: AccessTokenClaims }> {
    const token = new URL(req.url ?? '', 'http://x').searchParams.get('token');
    if (!token) throw new Error('no token');
    const claims = this.app.jwt.verify<AccessTokenClaims>(token);
    const viewer = await currentSession(this.pool, claims);
    if (!viewer) throw new Error('session ended');
    return { viewer, claims };
  }

  private accept(ws: WebSocket, { viewer, claims }: { viewer: Viewer; claims: AccessTokenClaims }) {
    const client: Client = { ws, viewer, claims, expiry: null, rooms: new Set(), alive: true };
    this.clients.add(client);
    // A socket lives no longer than its token: past it, the client must come back with a fresh one.
    if (claims.exp) {
      const left = Math.max(0, claims.exp * 1000 - Date.now());
      client.expiry = setTimeout(() => this.endSession(client, 'token expired'), Math.min(left, 2 ** 31 - 1));
    }
    ws.on('pong', () => {
      client.alive = true;
    });
    ws.on('close', () => {
      if (client.expiry) clearTimeout(client.expiry);
      this.clients.delete(client);
    });
    ws.on('message', (raw) => void this.onMessage(client, raw.toString()));
    this.send(client, 'ready', { userId: viewer.id });
  }

  private async onMessage(client: Client, raw: string) {
    let parsed: ClientMessage;
    try {
      const message: unknown = JSON.parse(raw);
      // Like a request body: text PostgreSQL cannot store is refused before anything reads it.
      if (unstorableTextAt(message) !== null) {
        return this.send(client, 'error', { error: 'ERR_VALIDATION', message: 'unstorable text in message' });
      }
      parsed = v.parse(ClientMessage, message);
    } catch {
      return this.send(client, 'error', { error: 'ERR_VALIDATION', message: 'unknown socket message' });
    }
    if (parsed.type === 'userStatus') return;
    if (!v.is(Room, parsed.room))
      return this.send(client, 'error', { error: 'ERR_VALIDATION', message: `unknown room ${parsed.room}` });
    if (parsed.type === 'leave') return void client.rooms.delete(parsed.room);
    if (parsed.room.startsWith('ticket:')) {
      // A ticket room is joined only for a ticket of the user's company that the user may see.
      const ticket = await getTicket(this.pool, client.viewer.companyId, parsed.room.slice(7));
      if (!ticket || !mayViewTicket(client.viewer, ticket)) {
        return this.send(client, 'error', { error: 'ERR_NO_PERMISSION', message: 'Acesso não permitido' });
      }
    }
    client.rooms.add(parsed.room);
    this.send(client, 'joined', { room: parsed.room });
  }

  private send<E extends ServerEvent>(client: Client, event: E, data: FrameData<E>) {
    if (client.ws.readyState === client.ws.OPEN) client.ws.send(JSON.stringify({ event, data }));
  }

  private companyClients(companyId: string) {
    return [...this.clients].filter((c) => c.viewer.companyId === companyId);
  }

  onlineUsers(companyId: string): Set<string> {
    return new Set(this.companyClients(companyId).map((c) => c.viewer.id));
  }

  /**
   * Direct pushes that are not read-model changes (another login of the same user). With `userId`, only
   * that user's own sockets hear it: the rest of the company has no business knowing who logged in.
   */
  publish<E extends ServerEvent>(companyId: string, event: E, data: FrameData<E>, userId?: string) {
    for (const c of this.companyClients(companyId))
      if (!userId || c.viewer.id === userId) this.send(c, event, data);
    for (const o of this.onPush) o(event, null);
  }

  private endSession(client: Client, reason: 'token expired' | 'session ended') {
    if (client.expiry) clearTimeout(client.expiry);
    this.clients.delete(client);
    client.ws.close(SESSION_ENDED_CLOSE_CODE, reason);
  }

  /**
   * A user changed (row, profile, queues) or had sessions ended: each of that user's sockets is checked
   * against the user as now. An ended session or a changed profile closes the socket; otherwise the
   * socket goes on with the user's current queues.
   */
  private async recheckSessions(userIds: Set<string>) {
    for (const client of [...this.clients].filter((c) => userIds.has(c.viewer.id))) {
      const viewer = await currentSession(this.pool, client.claims).catch(() => null);
      if (!viewer || viewer.profile !== client.viewer.profile || viewer.super !== client.viewer.super) {
        this.endSession(client, 'session ended');
      } else client.viewer = viewer;
    }
  }

  /**
   * One notification's changes: the rows they name are fetched in two queries, then fanned out; a
   * ticket changed several times in it is sent once, with its row as it is now.
   */
  private async dispatch(changes: Change[]) {
    const users = new Set(changes.filter((c) => c.kind === 'user').map((c) => c.id));
    if (users.size > 0) await this.recheckSessions(users);
    await this.pushAnnouncements(changes.filter((c) => c.kind === 'announcement'));
    const relevant = changes.filter(
      (c) =>
        c.kind !== 'announcement' && this.clients.size > 0 && this.companyClients(c.companyId).length > 0,
    );
    if (relevant.length === 0) return;
    const ticketIds = new Set<string>();
    const messageIds = new Set<string>();
    for (const c of relevant) {
      if (c.kind === 'ticket' && c.action !== 'delete') ticketIds.add(c.id);
      if (c.kind === 'sla') ticketIds.add(c.id);
      if (c.kind === 'message' && c.ticketId) {
        messageIds.add(c.id);
        ticketIds.add(c.ticketId);
      }
    }
    const [tickets, messages] = await Promise.all([
      getTicketsByIds(this.pool, [...ticketIds]),
      getMessagesByIds(this.pool, [...messageIds]),
    ]);
    const ticketById = new Map(tickets.map((t) => [t.id as string, t]));
    const messageById = new Map(messages.map((m) => [m.id as string, m]));
    const chatRows = await this.chatRowsOf(relevant);
    await this.pushCampaigns(relevant);
    await this.pushContactExports(relevant);
    const ticketsSent = new Set<string>();
    for (const change of relevant) {
      const c = change.companyId;
      const targets = this.companyClients(c);
      if (change.kind === 'ticket') {
        if (change.action === 'delete') {
          // Only those who could see the ticket hear that it is gone; without its last placement, admins.
          const { placement } = change;
          const allowed = targets.filter((t) =>
            placement ? mayViewTicket(t.viewer, placement) : isAdmin(t.viewer),
          );
          this.fanOut(allowed, `company-${c}-ticket`, { action: 'delete', ticketId: change.id }, change);
          continue;
        }
        const ticket = ticketById.get(change.id);
        if (!ticket || ticket.companyId !== c || ticketsSent.has(ticket.id)) continue;
        ticketsSent.add(ticket.id);
        const allowed = targets.filter((t) => mayViewTicket(t.viewer, ticket));
        this.fanOut(allowed, `company-${c}-ticket`, { action: 'update', ticket }, change);
      } else if (change.kind === 'message' && change.ticketId) {
        const message = messageById.get(change.id);
        const ticket = ticketById.get(change.ticketId);
        if (!message || !ticket || message.companyId !== c || ticket.companyId !== c) continue;
        const allowed = targets.filter(
          (t) =>
            mayViewTicket(t.viewer, ticket) &&
            (t.rooms.has(`ticket:${ticket.id}`) || t.rooms.has('notification')),
        );
        this.fanOut(
          allowed,
          `company-${c}-appMessage`,
          { action: change.action, message, ticket, contact: ticket.contact },
          change,
        );
      } else if (change.kind === 'whatsapp') {
        const whatsapp = change.action === 'delete' ? null : await getConnection(this.pool, c, change.id);
        const data: WhatsappFrame = whatsapp
          ? { action: 'update', whatsapp }
          : { action: 'delete', whatsappId: change.id };
        this.fanOut(targets, `company-${c}-whatsapp`, data, change);
      } else if (change.kind === 'sla') {
        this.pushSla(change, targets, ticketById.get(change.id));
      } else if (change.kind === 'chat' || change.kind === 'chatMessage') {
        this.pushChat(change, targets, chatRows);
      } else if (change.kind === 'payment') {
        // Every browser of the company: the checkout shows the renewal, the top bar its new due date.
        const [renewal] = await getRenewals(this.pool, [change.id]);
        if (!renewal || renewal.companyId !== c) continue;
        const frame: PaymentFrame = {
          action: 'CONCLUIDA',
          invoiceId: change.id,
          company: { id: c, dueDate: renewal.dueDate },
        };
        this.fanOut(targets, `company-${c}-payment`, frame, change);
      } else if (
        change.kind === 'campaign' ||
        change.kind === 'campaignShipment' ||
        change.kind === 'announcement' ||
        change.kind === 'contactExport'
      ) {
        // Pushed on their own (pushCampaigns, pushAnnouncements), never as a bare company frame.
      } else {
        this.fanOut(targets, `company-${c}-${change.kind}`, { action: change.action, id: change.id }, change);
      }
    }
  }

  /**
   * Campaigns are the admins' (doc 2 §2.9): a campaign's create/update carries its row with the run's
   * figures, a shipment its row of the report's list; both are fetched once per notification.
   */
  private async pushCampaigns(changes: Change[]) {
    const campaignChanges = changes.filter((c) => c.kind === 'campaign');
    const shipmentChanges = changes.filter((c) => c.kind === 'campaignShipment' && c.index !== undefined);
    if (campaignChanges.length === 0 && shipmentChanges.length === 0) return;
    const live = campaignChanges.filter((c) => c.action !== 'delete').map((c) => c.id);
    const [campaigns, shipments] = await Promise.all([
      getCampaignsByIds(this.pool, [...new Set(live)]),
      getShipments(
        this.pool,
        shipmentChanges.map((c) => ({ campaignId: c.id, index: c.index ?? 0 })),
      ),
    ]);
    const byId = new Map(campaigns.map((c) => [c.id, c]));
    const shipmentOf = new Map(shipments.map((s) => [`${s.campaignId}:${s.shipment.index}`, s]));
    for (const change of changes) {
      const c = change.companyId;
      const admins = this.companyClients(c).filter((t) => isAdmin(t.viewer));
      if (change.kind === 'campaign') {
        if (change.action === 'delete') {
          this.fanOut(admins, `company-${c}-campaign`, { action: 'delete', id: change.id }, change);
          continue;
        }
        const record = byId.get(change.id);
        if (!record || record.companyId !== c) continue;
        this.fanOut(admins, `company-${c}-campaign`, { action: change.action, record }, change);
      } else if (change.kind === 'campaignShipment') {
        const found = shipmentOf.get(`${change.id}:${change.index}`);
        if (!found || found.companyId !== c) continue;
        this.fanOut(
          admins,
          `company-${c}-campaign`,
          { action: 'shipment', campaignId: change.id, shipment: found.shipment },
          change,
        );
      }
    }
  }

  /**
   * An export of a contact's data (LGPD, issue 25) is its requester's alone: its progress and outcome
   * reach that user's sockets and no one else's, not even the company's other admins.
   */
  private async pushContactExports(changes: Change[]) {
    const mine = changes.filter((c) => c.kind === 'contactExport');
    if (mine.length === 0) return;
    const byId = new Map(
      (await getContactExportsByIds(this.pool, [...new Set(mine.map((c) => c.id))])).map((e) => [e.id, e]),
    );
    const sent = new Set<string>();
    for (const change of mine) {
      const found = byId.get(change.id);
      // Changed several times in one notification: sent once, as it is now.
      if (!found || found.companyId !== change.companyId || sent.has(found.id)) continue;
      sent.add(found.id);
      const { userId, companyId, ...view } = found;
      const requester = this.companyClients(companyId).filter((t) => t.viewer.id === userId);
      this.fanOut(requester, `company-${companyId}-contactExport`, view, change);
    }
  }

  /**
   * Announcements are the platform's: every socket of every company hears `company-announcement`. Super
   * users get each as it is; others only active ones, an inactive one reaching them as a `delete`.
   */
  private async pushAnnouncements(changes: Change[]) {
    if (changes.length === 0 || this.clients.size === 0) return;
    const live = changes.filter((c) => c.action !== 'delete').map((c) => c.id);
    const byId = new Map((await getAnnouncementsByIds(this.pool, [...new Set(live)])).map((a) => [a.id, a]));
    const everyone = [...this.clients];
    const seesAll = everyone.filter((t) => t.viewer.super);
    const seesActive = everyone.filter((t) => !t.viewer.super);
    for (const change of changes) {
      const record = change.action === 'delete' ? undefined : byId.get(change.id);
      const gone: AnnouncementFrame = { action: 'delete', id: change.id };
      if (change.action !== 'delete' && !record) continue;
      const shown: AnnouncementFrame = record
        ? { action: change.action === 'create' ? 'create' : 'update', record }
        : gone;
      this.fanOut(seesAll, 'company-announcement', shown, change);
      this.fanOut(seesActive, 'company-announcement', record?.status ? shown : gone, change);
    }
  }

  /**
   * A ticket's SLA clock passed 80 % or 100 % of its target: the supervisors' notification, to the
   * company's admins only, and only while it is news.
   */
  private pushSla(change: Change, targets: Client[], ticket: TicketView | undefined) {
    const c = change.companyId;
    if (!change.sla || !ticket || ticket.companyId !== c) return;
    if (change.at === undefined || Date.now() - change.at > SLA_FRAME_FRESH_MS) return;
    const frame: SlaFrame = {
      action: change.sla.action,
      ticketId: ticket.id,
      target: change.sla.target,
      dueAt: change.sla.dueAt,
      contactName: ticket.contact.name,
      queueName: ticket.queue?.name ?? null,
    };
    this.fanOut(
      targets.filter((t) => isAdmin(t.viewer)),
      `company-${c}-sla`,
      frame,
      change,
    );
  }

  /** The chats and chat messages that a notification's changes name, fetched in two queries. */
  private async chatRowsOf(changes: Change[]): Promise<ChatRows> {
    const messageIds = changes.filter((c) => c.kind === 'chatMessage').map((c) => c.id);
    const messages = await getChatMessagesByIds(this.pool, messageIds);
    const chatIds = new Set(messages.map((m) => m.chatId));
    for (const c of changes) if (c.kind === 'chat' && c.action !== 'delete') chatIds.add(c.id);
    const chats = await getChatsByIds(this.pool, [...chatIds]);
    return {
      chats: new Map(chats.map(({ companyId, ...chat }) => [chat.id, { companyId, chat }])),
      messages: new Map(messages.map(({ companyId, ...message }) => [message.id, { companyId, message }])),
    };
  }

  /**
   * Internal chat: a chat and its messages reach only its members' sockets; a chat deleted (or a member
   * removed) reaches those the change names, who are no longer in its row.
   */
  private pushChat(change: Change, targets: Client[], rows: ChatRows) {
    const c = change.companyId;
    if (change.kind === 'chat' && change.action === 'delete') {
      const audience = new Set(change.audience ?? []);
      const allowed = targets.filter((t) => audience.has(t.viewer.id));
      this.fanOut(allowed, `company-${c}-chat`, { action: 'delete', id: change.id }, change);
      return;
    }
    const newMessage = change.kind === 'chatMessage' ? rows.messages.get(change.id) : undefined;
    if (change.kind === 'chatMessage' && newMessage?.companyId !== c) return;
    const found = rows.chats.get(newMessage ? newMessage.message.chatId : change.id);
    if (!found || found.companyId !== c) return;
    const { chat } = found;
    const members = new Set(chat.users.map((u) => u.userId));
    const allowed = targets.filter((t) => members.has(t.viewer.id));
    if (newMessage) {
      this.fanOut(
        allowed,
        `company-${c}-chat`,
        { action: 'new-message', newMessage: newMessage.message, chat },
        change,
      );
    } else if (change.action === 'create' || change.action === 'update') {
      this.fanOut(allowed, `company-${c}-chat`, { action: change.action, chat }, change);
    }
  }

  private fanOut<E extends ServerEvent>(targets: Client[], event: E, data: FrameData<E>, change: Change) {
    if (targets.length === 0) return;
    const frame = JSON.stringify({ event, data });
    for (const t of targets) {
      if (t.ws.readyState !== t.ws.OPEN) continue;
      this.cork(t.ws);
      t.ws.send(frame);
    }
    for (const o of this.onPush) o(event, change);
  }

  /**
   * Holds a socket's writes until the end of the current tick: the frames a dispatch fans out together
   * leave in one write per socket, and none waits longer than the code that is running now.
   */
  private cork(ws: WebSocket) {
    // ws keeps its net.Socket private.
    const socket = (ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    if (!socket || this.corked.has(socket)) return;
    socket.cork();
    this.corked.add(socket);
    if (this.corked.size === 1)
      process.nextTick(() => {
        for (const s of this.corked) s.uncork();
        this.corked.clear();
      });
  }

  private readonly corked = new Set<{ uncork(): void }>();

  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const c of this.clients) c.ws.terminate();
    this.wss.close();
    await this.listen?.stop();
  }
}
