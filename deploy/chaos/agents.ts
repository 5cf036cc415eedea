// Agents' browsers, as web/src/lib/socket.ts and the tickets page hold them: `/socket?token=`, the rooms
// `notification`, `status:pending`, `status:open` (and `ticket:<id>` for an open conversation), a
// reconnect with the browser's backoff (500 ms doubling to 10 s) when the socket drops, and after a
// reconnect, once its rooms are joined again, or on a `resync` frame, a fetch of what the page shows.
// Each socket keeps the model of what its agent sees; at the end it must equal a fresh fetch.
import WebSocket from 'ws';
import type { Check } from '../../bench/checks.ts';
import { persistently, request, sleep } from './http.ts';

/** A ticket as the lists show it. */
interface TicketRow {
  status: string;
  lastMessage: string;
  unreadMessages: number;
  updatedAt: string;
  userId: string | null;
  queueId: string | null;
  number: string;
}
/** A message as an open conversation shows it. */
interface MessageRow {
  body: string;
  ack: number;
  isDeleted: boolean;
  updatedAt: string;
}
export interface AgentModel {
  /** The pending and open lists (admin, every queue), by ticket id. */
  tickets: Map<string, TicketRow>;
  /** The conversations the agent has open, by ticket id, each message by id. */
  conversations: Map<string, Map<string, MessageRow>>;
}

// biome-ignore lint/suspicious/noExplicitAny: API rows
const ticketRow = (t: any): TicketRow => ({
  status: t.status,
  lastMessage: t.lastMessage,
  unreadMessages: t.unreadMessages,
  updatedAt: t.updatedAt,
  userId: t.userId,
  queueId: t.queueId,
  number: t.contact?.number ?? '',
});
// biome-ignore lint/suspicious/noExplicitAny: API rows
const messageRow = (m: any): MessageRow => ({
  body: m.body,
  ack: m.ack,
  isDeleted: m.isDeleted,
  updatedAt: m.updatedAt,
});
const listed = (status: string) => status === 'pending' || status === 'open';

/** Every page of the pending and open lists, and every page of each conversation in `open`. */
export async function fetchModel(apiUrl: string, token: string, open: Iterable<string>): Promise<AgentModel> {
  const get = async (path: string) => {
    const r = await persistently(() => request(apiUrl, 'GET', path, { token }));
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.text.slice(0, 200)}`);
    return r.body;
  };
  const tickets = new Map<string, TicketRow>();
  for (const status of ['pending', 'open']) {
    for (let page = 1; ; page++) {
      const body = await get(`/tickets?status=${status}&showAll=true&pageNumber=${page}`);
      for (const t of body.tickets) if (listed(t.status)) tickets.set(t.id, ticketRow(t));
      if (!body.hasMore) break;
    }
  }
  const conversations = new Map<string, Map<string, MessageRow>>();
  for (const ticketId of open) {
    const messages = new Map<string, MessageRow>();
    for (let page = 1; ; page++) {
      const body = await get(`/messages/${ticketId}?pageNumber=${page}`);
      for (const m of body.messages) messages.set(m.id, messageRow(m));
      if (!body.hasMore) break;
    }
    conversations.set(ticketId, messages);
  }
  return { tickets, conversations };
}

/** The differences between a socket's model and a fresh fetch of its conversations, at most `limit` of them. */
export function diffModels(seen: AgentModel, fresh: AgentModel, limit = 3): string[] {
  const out: string[] = [];
  const rows = <T>(what: string, a: Map<string, T>, b: Map<string, T>) => {
    for (const [id, row] of b) {
      const mine = a.get(id);
      if (!mine) out.push(`${what} ${id} missing (${JSON.stringify(row)})`);
      else if (JSON.stringify(mine) !== JSON.stringify(row))
        out.push(`${what} ${id}: ${JSON.stringify(mine)} seen, ${JSON.stringify(row)} fetched`);
    }
    for (const id of a.keys()) if (!b.has(id)) out.push(`${what} ${id} shown but gone`);
  };
  rows('ticket', seen.tickets, fresh.tickets);
  for (const [ticketId, messages] of seen.conversations)
    rows(`message of ${ticketId}:`, messages, fresh.conversations.get(ticketId) ?? new Map());
  return out.slice(0, limit);
}

export interface AgentStats {
  opens: number;
  drops: number;
  resyncs: number;
  frames: number;
  /** The server ended the socket's session (4001): a browser would go to the login. */
  sessionEnded: number;
}

/** One browser tab on the tickets page. */
export class AgentSocket {
  readonly model: AgentModel = { tickets: new Map(), conversations: new Map() };
  readonly stats: AgentStats = { opens: 0, drops: 0, resyncs: 0, frames: 0, sessionEnded: 0 };
  private ws: WebSocket | null = null;
  private attempts = 0;
  private closed = false;
  private rooms = new Set(['notification', 'status:pending', 'status:open']);
  private rejoining = new Set<string>();
  /** Frames that arrived while a fetch was on its way: applied on top of what it brings. */
  private held: { event: string; data: unknown }[] | null = null;
  private fetching: Promise<void> | null = null;
  private refetchAgain = false;
  private resyncTimer: ReturnType<typeof setTimeout> | undefined;
  /** Numbers whose conversation this agent opens once their ticket shows. */
  private watching: Set<string>;
  connectedSince: number | null = null;

  constructor(
    private readonly apiUrl: string,
    private readonly token: string,
    private readonly companyId: string,
    watchNumbers: string[] = [],
  ) {
    this.watching = new Set(watchNumbers);
    this.open();
  }

  watches(number: string): boolean {
    return this.watching.has(number);
  }

  /** Open and settled: no fetch on its way, rooms joined. */
  get settled(): boolean {
    return this.connectedSince !== null && !this.fetching && this.rejoining.size === 0;
  }

  private open() {
    if (this.closed) return;
    const ws = new WebSocket(`${this.apiUrl.replace(/^http/, 'ws')}/socket?token=${this.token}`);
    this.ws = ws;
    ws.on('open', () => {
      this.attempts = 0;
      this.stats.opens++;
      this.connectedSince = Date.now();
      this.rejoining = new Set(this.rooms);
      for (const room of this.rooms) ws.send(JSON.stringify({ type: 'join', room }));
      // As the browser: past 3 s without every confirmation, fetch anyway.
      clearTimeout(this.resyncTimer);
      this.resyncTimer = setTimeout(() => this.resync(), 3_000);
    });
    ws.on('message', (raw) => this.onFrame(raw.toString()));
    ws.on('error', () => {});
    ws.on('close', (code) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.connectedSince = null;
      clearTimeout(this.resyncTimer);
      if (this.closed) return;
      this.stats.drops++;
      if (code === 4001) this.stats.sessionEnded++;
      const delay = Math.min(500 * 2 ** this.attempts++, 10_000);
      setTimeout(() => this.open(), delay);
    });
  }

  private onFrame(text: string) {
    let msg: { event?: string; data?: unknown };
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    const { event, data } = msg;
    if (!event) return;
    this.stats.frames++;
    if (event === 'resync') return this.resync();
    if (event === 'joined' || event === 'error') {
      const room = (data as { room?: string })?.room;
      if (typeof room === 'string') this.rejoining.delete(room);
      else this.rejoining.clear();
      if (this.rejoining.size === 0 && this.resyncTimer) this.resync();
      return;
    }
    if (this.held) this.held.push({ event, data });
    else this.apply(event, data);
  }

  // biome-ignore lint/suspicious/noExplicitAny: frames, checked by event name
  private apply(event: string, data: any) {
    const company = `company-${this.companyId}-`;
    if (event === `${company}ticket`) {
      if (data.action === 'update') this.putTicket(data.ticket);
      else if (data.action === 'delete') this.model.tickets.delete(data.ticketId);
    } else if (event === `${company}appMessage`) {
      if (data.ticket) this.putTicket(data.ticket);
      const conversation = this.model.conversations.get(data.message?.ticketId);
      if (conversation) {
        const known = conversation.get(data.message.id);
        // A frame older than what a fetch brought changes nothing (the fetch read later).
        if (!known || known.updatedAt <= data.message.updatedAt)
          conversation.set(data.message.id, messageRow(data.message));
      }
    }
  }

  // biome-ignore lint/suspicious/noExplicitAny: API row
  private putTicket(t: any) {
    const known = this.model.tickets.get(t.id);
    if (known && known.updatedAt > t.updatedAt) return;
    if (listed(t.status)) this.model.tickets.set(t.id, ticketRow(t));
    else this.model.tickets.delete(t.id);
    if (this.watching.has(t.contact?.number) && !this.model.conversations.has(t.id)) this.watch(t.id);
  }

  /** Opens a ticket's conversation: its room, then its messages fetched. */
  private watch(ticketId: string) {
    this.model.conversations.set(ticketId, new Map());
    this.rooms.add(`ticket:${ticketId}`);
    this.ws?.send(JSON.stringify({ type: 'join', room: `ticket:${ticketId}` }));
    this.resync();
  }

  /** Fetches what the page shows; frames arriving meanwhile are applied after it. */
  private resync() {
    clearTimeout(this.resyncTimer);
    this.resyncTimer = undefined;
    this.rejoining.clear();
    if (this.closed) return;
    this.stats.resyncs++;
    if (this.fetching) {
      this.refetchAgain = true;
      return;
    }
    this.held = [];
    this.fetching = (async () => {
      for (;;) {
        this.refetchAgain = false;
        try {
          const fresh = await fetchModel(this.apiUrl, this.token, this.model.conversations.keys());
          this.model.tickets = fresh.tickets;
          for (const [id, messages] of fresh.conversations) this.model.conversations.set(id, messages);
          for (const [id, t] of fresh.tickets)
            if (this.watching.has(t.number) && !this.model.conversations.has(id)) this.watch(id);
        } catch {
          this.refetchAgain = true;
          await sleep(1_000);
        }
        // Applying may open a conversation (another fetch): frames keep being held until the last one.
        const held = this.held ?? [];
        this.held = [];
        for (const f of held) this.apply(f.event, f.data);
        if (!this.refetchAgain || this.closed) break;
      }
      this.held = null;
      this.fetching = null;
    })();
  }

  close() {
    this.closed = true;
    clearTimeout(this.resyncTimer);
    this.ws?.close();
  }
}

export interface Agents {
  sockets: AgentSocket[];
  stats(): AgentStats;
  /** Waits (up to timeoutMs) until every socket's model equals a fresh fetch. */
  converged(timeoutMs?: number): Promise<Check>;
  close(): void;
}

/**
 * `count` tabs of the admin through the load balancer (nginx spreads them over the API processes).
 * Tab i opens the conversations of `watch(i)`'s numbers once their tickets show.
 */
export function startAgents(o: {
  apiUrl: string;
  token: string;
  companyId: string;
  count: number;
  watch?: (i: number) => string[];
}): Agents {
  const sockets = Array.from(
    { length: o.count },
    (_, i) => new AgentSocket(o.apiUrl, o.token, o.companyId, o.watch?.(i) ?? []),
  );
  const stats = () => {
    const total: AgentStats = { opens: 0, drops: 0, resyncs: 0, frames: 0, sessionEnded: 0 };
    for (const s of sockets)
      for (const k of Object.keys(total) as (keyof AgentStats)[]) total[k] += s.stats[k];
    return total;
  };
  return {
    sockets,
    stats,
    async converged(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const open = new Set(sockets.flatMap((s) => [...s.model.conversations.keys()]));
        const fresh = await fetchModel(o.apiUrl, o.token, open);
        const diffs = sockets.map((s) => {
          if (!s.settled) return ['still reconnecting or fetching'];
          // A watched customer's ticket whose conversation never opened would hide its messages.
          const unopened = [...fresh.tickets]
            .filter(([id, t]) => s.watches(t.number) && !s.model.conversations.has(id))
            .map(([id]) => `conversation ${id} never opened`);
          return [...unopened, ...diffModels(s.model, fresh)];
        });
        const off = diffs.filter((d) => d.length > 0).length;
        const watched = sockets.reduce((n, s) => n + s.model.conversations.size, 0);
        const detail =
          `${sockets.length - off} of ${sockets.length} sockets equal a fresh fetch (${fresh.tickets.size} tickets listed, ` +
          `${watched} open conversations); ${JSON.stringify(stats())}`;
        if (off === 0) return { name: 'every socket converged', ok: true, detail };
        if (Date.now() > deadline) {
          const first = diffs.findIndex((d) => d.length > 0);
          return {
            name: 'every socket converged',
            ok: false,
            detail: `${detail}; socket ${first}: ${diffs[first].join('; ')}`,
          };
        }
        await sleep(1_000);
      }
    },
    close() {
      for (const s of sockets) s.close();
    },
  };
}
