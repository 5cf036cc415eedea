import { type ConnectionState, DisconnectReason } from '@whiskeysockets/baileys';
import type { ConnectionStatus } from '@zelo/contracts/connections/events';

/** After this many QR codes nobody scanned, the connection gives up until an admin starts it again. */
export const MAX_QR_CODES = 3;
/** 1 s, 2 s, 4 s … capped at 60 s between attempts after a lost connection. */
export const backoffMs = (attempt: number) => Math.min(60_000, 1000 * 2 ** (attempt - 1));

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}
export const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface LifecycleDeps {
  report(status: ConnectionStatus, qrcode: string, retries: number, number?: string): Promise<void>;
  /** Creates a fresh socket from the saved session (or none: it will show a QR). */
  open(): void;
  /** Ends the current socket without logging out. */
  close(): void;
  /** Deletes the saved session. */
  wipe(): Promise<void>;
  /** The paired phone's number, once open. */
  number(): string | undefined;
  timers: Timers;
}

type State = 'idle' | 'opening' | 'qrcode' | 'connected' | 'waiting';

/** Boom errors carry the close code in output.statusCode; read it without depending on @hapi/boom. */
export const closeCode = (error: unknown): number | undefined =>
  (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;

/**
 * The session's lifecycle policy, independent of the socket: it is fed Baileys' connection.update
 * payloads and decides what the connections screen shows and when to open a socket again.
 */
export class ConnectionLifecycle {
  private state: State = 'idle';
  private qrCodes = 0;
  private attempts = 0;
  private timer: unknown = null;

  constructor(private readonly deps: LifecycleDeps) {}

  get connected() {
    return this.state === 'connected';
  }

  start(): void {
    this.cancelTimer();
    this.qrCodes = 0;
    this.attempts = 0;
    this.state = 'opening';
    this.deps.open();
  }

  /** Stop or logout: whatever the old socket reports while closing is no longer ours to act on. */
  stop(): void {
    this.cancelTimer();
    this.state = 'idle';
  }

  async onUpdate(update: Partial<ConnectionState>): Promise<void> {
    if (this.state === 'idle') return;
    if (update.qr) return this.onQr(update.qr);
    if (update.connection === 'connecting') {
      this.state = 'opening';
      return this.deps.report('OPENING', '', 0);
    }
    if (update.connection === 'open') {
      this.state = 'connected';
      this.qrCodes = 0;
      this.attempts = 0;
      return this.deps.report('CONNECTED', '', 0, this.deps.number());
    }
    if (update.connection === 'close') return this.onClose(closeCode(update.lastDisconnect?.error));
  }

  private async onQr(qr: string) {
    this.qrCodes += 1;
    if (this.qrCodes > MAX_QR_CODES) {
      // Nobody is scanning: stop asking WhatsApp for codes; the admin asks for a new QR when ready.
      this.state = 'idle';
      this.deps.close();
      return this.deps.report('DISCONNECTED', '', this.qrCodes - 1);
    }
    this.state = 'qrcode';
    await this.deps.report('qrcode', qr, this.qrCodes - 1);
  }

  private async onClose(code: number | undefined) {
    if (code === DisconnectReason.loggedOut) {
      // The phone unlinked Zelo: the old session can never work again. Show DISCONNECTED, then offer a
      // QR at once so that the admin can pair again from the connections screen without a click.
      await this.deps.wipe();
      await this.deps.report('DISCONNECTED', '', 0);
      return this.start();
    }
    if (code === DisconnectReason.restartRequired) {
      // WhatsApp asks for a new socket right after pairing (515): expected, no delay.
      this.state = 'opening';
      return this.deps.open();
    }
    this.attempts += 1;
    this.state = 'waiting';
    const delay = backoffMs(this.attempts);
    this.timer = this.deps.timers.set(() => {
      this.timer = null;
      if (this.state !== 'waiting') return;
      this.state = 'opening';
      this.deps.open();
    }, delay);
    await this.deps.report('TIMEOUT', '', this.attempts);
  }

  private cancelTimer() {
    if (this.timer !== null) this.deps.timers.clear(this.timer);
    this.timer = null;
  }
}
