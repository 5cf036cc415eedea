import type { ClientMessage, FrameData, ServerEvent } from '@zelo/contracts/realtime/frames';
import { useEffect, useRef } from 'react';
import { API_URL } from './api.ts';

type Handler = (data: unknown) => void;

/** Close code of a socket whose token expired or whose session ended (services' socket gateway). */
export const SESSION_ENDED_CLOSE_CODE = 4001;

export function socketUrl(apiUrl: string, token: string): string {
  const url = new URL('/socket', apiUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
}

/** Seconds-since-epoch expiry of a JWT, or null when the token is not a readable JWT. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.exp === 'number' ? payload.exp : null;
  } catch {
    return null;
  }
}

/**
 * One WebSocket per tab. Rooms are reference-counted because several components may need the
 * same room (both ticket lists join `notification`), and all of them are re-joined after a reconnect.
 */
class RealtimeSocket {
  private ws: WebSocket | null = null;
  private token: string | null = null;
  private rooms = new Map<string, number>();
  private handlers = new Map<string, Set<Handler>>();
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Asked for a fresh token when the socket drops with an expired one. */
  onTokenExpired: (() => Promise<string | null>) | null = null;
  /** Told when the server ended the socket's session and no fresh token could be had. */
  onSessionEnded: (() => void) | null = null;
  /** Told when pushes may have been missed (see resync): the live screens fetch again what they show. */
  private resyncHandlers = new Set<() => void>();
  private everOpened = false;
  /** Rooms re-joined after a reconnect and not yet confirmed (a resync waits for them). */
  private rejoining = new Set<string>();
  private resyncTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    // Back on the network or back to the tab: a socket waiting out its backoff reconnects at once.
    if (typeof window !== 'undefined') {
      window.addEventListener('online', () => this.reconnectNow());
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') this.reconnectNow();
      });
    }
  }

  connect(token: string) {
    if (this.token === token && this.ws) return;
    this.close();
    this.token = token;
    this.open();
  }

  disconnect() {
    this.token = null;
    // A later login starts afresh: its first socket is no reconnect.
    this.everOpened = false;
    this.close();
  }

  join(room: string): () => void {
    const count = this.rooms.get(room) ?? 0;
    this.rooms.set(room, count + 1);
    if (count === 0) this.send({ type: 'join', room });
    return () => {
      const left = (this.rooms.get(room) ?? 1) - 1;
      if (left > 0) return void this.rooms.set(room, left);
      this.rooms.delete(room);
      this.send({ type: 'leave', room });
    };
  }

  /**
   * `handler` runs whenever the screen may have missed pushes: after this socket reconnected (once its
   * rooms are joined again, so nothing falls between the fetch and the pushes) and when the server says
   * its own change feed was cut (`resync`). Fetching again what is shown makes the screen converge.
   */
  onResync(handler: () => void): () => void {
    this.resyncHandlers.add(handler);
    return () => this.resyncHandlers.delete(handler);
  }

  on(event: string, handler: Handler): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
    return () => set.delete(handler);
  }

  private send(msg: ClientMessage) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  private open() {
    if (!this.token) return;
    const ws = new WebSocket(socketUrl(API_URL, this.token));
    this.ws = ws;
    ws.onopen = () => {
      this.attempts = 0;
      const reconnected = this.everOpened;
      this.everOpened = true;
      for (const room of this.rooms.keys()) this.send({ type: 'join', room });
      if (reconnected) this.resyncWhenJoined();
    };
    ws.onmessage = (ev) => {
      let msg: { event?: string; data?: unknown };
      try {
        msg = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (msg.event === 'resync') return this.resync();
      if (msg.event === 'joined' || msg.event === 'error') this.confirmJoin(msg.data);
      if (msg.event) for (const h of this.handlers.get(msg.event) ?? []) h(msg.data);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (ev.code === SESSION_ENDED_CLOSE_CODE) void this.renewSession();
      else this.scheduleReconnect();
    };
  }

  /**
   * The server closed the socket because its token expired or its session ended (logout, password
   * changed, user deleted or demoted): one refresh at once, then back with the new token; when the
   * refresh fails the session is over (the app goes to the login).
   */
  private async renewSession() {
    const fresh = this.onTokenExpired ? await this.onTokenExpired() : null;
    if (!this.token) return; // disconnected meanwhile (a logout, the session taken elsewhere)
    if (!fresh) {
      this.disconnect();
      this.onSessionEnded?.();
      return;
    }
    if (this.ws && this.token === fresh) return; // the new session already reconnected it
    this.close();
    this.token = fresh;
    this.open();
  }

  private resyncWhenJoined() {
    this.rejoining = new Set(this.rooms.keys());
    clearTimeout(this.resyncTimer);
    if (this.rejoining.size === 0) return this.resync();
    // A room refused (the ticket is no longer the user's) answers `error`; past 3 s, resync anyway.
    this.resyncTimer = setTimeout(() => this.resync(), 3_000);
  }

  private confirmJoin(data: unknown) {
    if (this.rejoining.size === 0) return;
    const room = (data as { room?: unknown })?.room;
    if (typeof room === 'string') this.rejoining.delete(room);
    else this.rejoining.clear(); // an `error` frame names no room: do not wait for the others
    if (this.rejoining.size === 0) this.resync();
  }

  private resync() {
    clearTimeout(this.resyncTimer);
    this.rejoining.clear();
    for (const h of [...this.resyncHandlers]) h();
  }

  /** Skips what is left of the backoff: used when the browser says the network or the tab is back. */
  private reconnectNow() {
    if (!this.token || this.ws || !this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.attempts = 0;
    this.open();
  }

  private scheduleReconnect() {
    if (!this.token) return;
    const delay = Math.min(500 * 2 ** this.attempts++, 10_000);
    this.timer = setTimeout(async () => {
      this.timer = undefined;
      const exp = this.token ? tokenExpiry(this.token) : null;
      if (exp !== null && exp * 1000 < Date.now() && this.onTokenExpired) {
        const fresh = await this.onTokenExpired();
        if (!fresh) return this.disconnect();
        this.token = fresh;
        if (this.ws) return; // reconnected meanwhile (reconnectNow, a new session)
      }
      this.open();
    }, delay);
  }

  private close() {
    clearTimeout(this.timer);
    const ws = this.ws;
    this.ws = null;
    ws?.close();
  }
}

export const socket = new RealtimeSocket();

/** Stays in `room` while mounted (and while room is not null). */
export function useSocketRoom(room: string | null) {
  useEffect(() => (room ? socket.join(room) : undefined), [room]);
}

/**
 * Calls the latest handler for every `event`; the handler may change each render without resubscribing.
 * The event name types the data (`company-<id>-ticket` hands a TicketFrame), as the contracts' frames say.
 */
export function useSocketEvent<E extends ServerEvent>(
  event: E | null,
  handler: (data: FrameData<E>) => void,
) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => (event ? socket.on(event, (d) => ref.current(d as FrameData<E>)) : undefined), [event]);
}

/**
 * Runs `refetch` whenever pushes may have been missed (socket.onResync): a live screen passes the
 * function that fetches again what it shows, so that after a cut it ends equal to a fresh load.
 */
export function useResync(refetch: () => void) {
  const ref = useRef(refetch);
  ref.current = refetch;
  useEffect(() => socket.onResync(() => ref.current()), []);
}
