// Customers writing to the business through the simulator, as phones do: one message after another,
// and a message that got no answer (the process behind the load balancer died, the balancer itself
// did) sent again under the same WhatsApp id until it is answered, which Zelo must store once.
import { request, sleep } from './http.ts';

/** One message of one customer, from its first attempt to its answer (or the end of the run). */
export interface SentMessage {
  customer: number;
  /** Its place among the customer's messages, from 0. */
  seq: number;
  number: string;
  body: string;
  waMessageId: string;
  attempts: number;
  acknowledged: boolean;
  firstSentAt: number;
  ackedAt: number | null;
  /** Why attempts failed, e.g. `502` or `ECONNRESET`. */
  errors: string[];
}

/**
 * Retried: the cluster did not answer, or answered that it cannot right now (a connection between two
 * channel workers is not connected: WhatsApp keeps the message for the linked device meanwhile).
 */
const retryable = (status: number, error: string | undefined) =>
  status >= 500 || status === 409 || status === 429 || error === 'ERR_WAPP_NOT_INITIALIZED';

/**
 * Sends `m` until the inbound call answers 201, with a backoff of 100 ms doubling to 2 s, while
 * `keepTrying()` holds. Another 4xx is final: sending it again would not change the answer.
 */
export async function sendUntilAcknowledged(
  apiUrl: string,
  whatsappId: string,
  m: SentMessage,
  keepTrying: () => boolean = () => true,
): Promise<SentMessage> {
  const payload = {
    from: m.number,
    name: `Cliente ${m.number.slice(-4)}`,
    body: m.body,
    waMessageId: m.waMessageId,
  };
  for (let attempt = 0; ; attempt++) {
    m.attempts++;
    let error: string;
    try {
      const r = await request(apiUrl, 'POST', `/simulator/connections/${whatsappId}/inbound`, {
        body: payload,
        timeoutMs: 10_000,
      });
      if (r.status === 201) {
        m.acknowledged = true;
        m.ackedAt = Date.now();
        return m;
      }
      error = `${r.status} ${r.body?.error ?? ''}`.trim();
      if (!retryable(r.status, r.body?.error)) {
        m.errors.push(error);
        return m;
      }
    } catch (err) {
      error = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    }
    m.errors.push(error);
    if (!keepTrying()) return m;
    await sleep(Math.min(100 * 2 ** attempt, 2_000));
  }
}

/** A new message record for customer `customer` (not sent yet). */
export function newMessage(
  customer: number,
  seq: number,
  number: string,
  body: string,
  tag: string,
): SentMessage {
  return {
    customer,
    seq,
    number,
    body,
    waMessageId: `CHAOS${tag}C${customer}M${seq}`,
    attempts: 0,
    acknowledged: false,
    firstSentAt: Date.now(),
    ackedAt: null,
    errors: [],
  };
}

export interface CustomersOptions {
  apiUrl: string;
  whatsappId: string;
  customers: number;
  /** Messages per second across all customers. */
  rate: number;
  /** Distinguishes this run's WhatsApp ids (letters and digits). */
  tag: string;
  /** Customer c's phone number. */
  numberOf?: (c: number) => string;
  /** After stop(), how long a message still unanswered keeps being sent again. */
  drainMs?: number;
}

export const loadNumber = (c: number) => `5511930${String(c).padStart(6, '0')}`;
export const loadBody = (c: number, k: number) => `chaos c${c} m${k}`;

export interface Customers {
  /** Every message, in the order first sent. */
  messages: SentMessage[];
  /** Ticks that found every customer still waiting for an answer (the rate was not kept). */
  skipped(): number;
  /** No new messages; resolves once every message was answered or drainMs passed. */
  stop(): Promise<void>;
}

/**
 * Starts the load: every 1/rate s an idle customer (round robin) sends its next message, the next only
 * once the previous one was answered 201, so each customer's order is defined.
 */
export function startCustomers(o: CustomersOptions): Customers {
  const numberOf = o.numberOf ?? loadNumber;
  const messages: SentMessage[] = [];
  const idle = Array.from({ length: o.customers }, (_, c) => c);
  const sent = Array.from({ length: o.customers }, () => 0);
  const inFlight = new Set<Promise<unknown>>();
  let stopping = false;
  let drainUntil = Number.POSITIVE_INFINITY;
  let skipped = 0;
  const started = performance.now();
  const loop = (async () => {
    for (let i = 0; !stopping; i++) {
      const wait = started + (i * 1000) / o.rate - performance.now();
      if (wait > 0) await sleep(wait);
      if (stopping) break;
      const c = idle.shift();
      if (c === undefined) {
        skipped++;
        continue;
      }
      const k = sent[c]++;
      const m = newMessage(c, k, numberOf(c), loadBody(c, k), o.tag);
      messages.push(m);
      const p = sendUntilAcknowledged(o.apiUrl, o.whatsappId, m, () => Date.now() < drainUntil).then(() => {
        inFlight.delete(p);
        // A customer whose message was refused for good stops writing: its next would be out of order.
        if (m.acknowledged) idle.push(c);
      });
      inFlight.add(p);
    }
  })();
  return {
    messages,
    skipped: () => skipped,
    async stop() {
      if (stopping) return;
      stopping = true;
      await loop;
      drainUntil = Date.now() + (o.drainMs ?? 60_000);
      await Promise.all(inFlight);
    },
  };
}
