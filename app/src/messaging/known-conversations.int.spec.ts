import type { EventStore } from '@zelo/services/event-store/port';
import { receiveInboundMessage } from '@zelo/services/messaging/handlers';
import { KnownConversations } from '@zelo/services/messaging/known-conversations';
import type { Deps } from '@zelo/services/platform/command-handler';
import { committedEventsOfType } from '@zelo/services/testing/read-all';
import { acceptTicket, closeTicket } from '@zelo/services/tickets/handlers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// The inbound path's memory of conversations (services/src/messaging/known-conversations.ts): a
// process that knows a conversation records its next message with one append that checks the streams
// it decided from. Two memories here play two processes receiving from the same connection.

let seq = 0;
const newNumber = () =>
  `55118${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++seq).padStart(2, '0')}`;
const who = { companyId: DEMO.companyId, actor: 'system:channel' };

/** The system's store, counting the stream reads made through it. */
function countingDeps(deps: Deps) {
  const reads = { n: 0 };
  const store = new Proxy(deps.store, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === 'readStream' || prop === 'readStreams')
        return (...args: unknown[]) => {
          reads.n++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as EventStore;
  return { deps: { ...deps, store }, reads };
}

describe('inbound messages of known conversations', () => {
  let system: TestSystem;
  let waSeq = 0;
  const inbound = (number: string, body: string, waMessageId = `WAKNOWN${++waSeq}${number}`) => ({
    companyId: DEMO.companyId,
    whatsappId: DEMO.whatsappId,
    waMessageId,
    from: { number, name: `Cliente ${number.slice(-4)}`, isGroup: false },
    body,
    mediaType: 'chat' as const,
    mediaUrl: null,
    receivedAt: new Date().toISOString(),
  });
  // Numbers and bodies are sealed in es_events (issue 25): read them as the product does.
  const eventsOf = (...types: string[]) => committedEventsOfType(system.deps.store, system.ctx.pool, types);
  const contactsWith = async (number: string) =>
    (await eventsOf('ContactCreated')).filter((e) => e.data.number === number).map((e) => e.data.contactId);
  const ticketsOf = async (number: string) => {
    const contacts = new Set(await contactsWith(number));
    return (await eventsOf('TicketCreated'))
      .filter((e) => contacts.has(e.data.contactId))
      .map((e) => e.data.ticketId as string);
  };
  const messagesOn = async (ticketId: string) =>
    (await eventsOf('InboundMessageReceived'))
      .filter((e) => e.data.ticketId === ticketId)
      .map((e) => e.data.body as string);

  /**
   * Waits until the chatbot is done with the ticket (its stream still for half a second): the tests that
   * count reads must not race the bot's steps, which move the ticket's stream.
   */
  async function botDone(ticketId: string) {
    const revision = async () =>
      (
        await system.ctx.pool.query(`SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1`, [
          `ticket-${ticketId}`,
        ])
      ).rows[0].n as number;
    let last = -1;
    for (let i = 0; i < 100; i++) {
      const now = await revision();
      if (now === last) return;
      last = now;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('the ticket never went quiet');
  }

  beforeAll(async () => {
    system = await startTestSystem();
  });
  afterAll(async () => {
    await system?.close();
  });

  it('records the next message of a known conversation without reading a stream, on the same ticket', async () => {
    const known = new KnownConversations();
    const number = newNumber();
    const first = await receiveInboundMessage(system.deps, inbound(number, 'primeira'), who, known);
    expect(known.size).toBe(1);
    await botDone(first.ticketId!);
    // The bot's steps moved the ticket after the memory was made: one refresh, then none.
    await receiveInboundMessage(system.deps, inbound(number, 'oi de novo'), who, known);
    const { deps, reads } = countingDeps(system.deps);
    const second = await receiveInboundMessage(deps, inbound(number, 'segunda'), who, known);
    expect(reads.n).toBe(0);
    expect(second).toMatchObject({ ticketId: first.ticketId, duplicate: false });
    expect(await messagesOn(first.ticketId!)).toEqual(['primeira', 'oi de novo', 'segunda']);
  });

  it('after the ticket moved but stayed active (an agent accepted it), reads the four streams once and appends', async () => {
    const known = new KnownConversations();
    const number = newNumber();
    const first = await receiveInboundMessage(system.deps, inbound(number, 'primeira'), who, known);
    await botDone(first.ticketId!);
    await receiveInboundMessage(system.deps, inbound(number, 'segunda'), who, known);
    await acceptTicket(system.deps, first.ticketId!, { userId: DEMO.adminId, queueId: null }, who);
    const { deps, reads } = countingDeps(system.deps);
    const second = await receiveInboundMessage(deps, inbound(number, 'depois do aceite'), who, known);
    expect(reads.n).toBe(1);
    expect(second).toMatchObject({ ticketId: first.ticketId, duplicate: false });
    expect(await messagesOn(first.ticketId!)).toEqual(['primeira', 'segunda', 'depois do aceite']);
    // Known again at the ticket's new revision: the next one needs no read.
    reads.n = 0;
    await receiveInboundMessage(deps, inbound(number, 'terceira'), who, known);
    expect(reads.n).toBe(0);
  });

  it('a redelivered message is still stored once: the append is refused and the full path finds it', async () => {
    const known = new KnownConversations();
    const number = newNumber();
    await receiveInboundMessage(system.deps, inbound(number, 'primeira'), who, known);
    const again = inbound(number, 'repetida');
    const a = await receiveInboundMessage(system.deps, again, who, known);
    const b = await receiveInboundMessage(system.deps, again, who, known);
    expect(a.duplicate).toBe(false);
    expect(b).toMatchObject({ messageId: a.messageId, ticketId: a.ticketId, duplicate: true });
    expect(await messagesOn(a.ticketId!)).toEqual(['primeira', 'repetida']);
  });

  it('a stale memory (the ticket closed by another process) opens a new ticket, never writes to the closed one', async () => {
    const known = new KnownConversations();
    const number = newNumber();
    const first = await receiveInboundMessage(system.deps, inbound(number, 'antes'), who, known);
    // Another process (an agent's API call) closes the ticket; this memory still names it.
    await closeTicket(system.deps, first.ticketId!, { userId: DEMO.adminId }, who);
    const next = await receiveInboundMessage(system.deps, inbound(number, 'depois'), who, known);
    expect(next.ticketId).not.toBe(first.ticketId);
    expect(await ticketsOf(number)).toEqual([first.ticketId, next.ticketId]);
    expect(await messagesOn(first.ticketId!)).toEqual(['antes']);
    expect(await messagesOn(next.ticketId!)).toEqual(['depois']);
    // And it knows the new ticket now: once the bot is done with it, the message after needs no read.
    await botDone(next.ticketId!);
    await receiveInboundMessage(system.deps, inbound(number, 'ainda'), who, known);
    const { deps, reads } = countingDeps(system.deps);
    const third = await receiveInboundMessage(deps, inbound(number, 'mais uma'), who, known);
    expect(reads.n).toBe(0);
    expect(third.ticketId).toBe(next.ticketId);
  });

  it('two processes that both knew the closed ticket agree on one new ticket', async () => {
    const a = new KnownConversations();
    const b = new KnownConversations();
    const number = newNumber();
    const first = await receiveInboundMessage(system.deps, inbound(number, 'início'), who, a);
    await receiveInboundMessage(system.deps, inbound(number, 'visto por b'), who, b);
    await closeTicket(system.deps, first.ticketId!, { userId: DEMO.adminId }, who);
    const [x, y] = await Promise.all([
      receiveInboundMessage(system.deps, inbound(number, 'de a'), who, a),
      receiveInboundMessage(system.deps, inbound(number, 'de b'), who, b),
    ]);
    expect(x.ticketId).toBe(y.ticketId);
    expect(await ticketsOf(number)).toEqual([first.ticketId, x.ticketId]);
    expect((await messagesOn(x.ticketId!)).sort()).toEqual(['de a', 'de b']);
  });

  it("two processes racing on one contact's first messages make exactly one contact and one ticket", async () => {
    for (let round = 0; round < 5; round++) {
      const memories = [new KnownConversations(), new KnownConversations()];
      const number = newNumber();
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          receiveInboundMessage(system.deps, inbound(number, `corrida ${i}`), who, memories[i % 2]),
        ),
      );
      expect(new Set(results.map((r) => r.ticketId)).size).toBe(1);
      expect(await ticketsOf(number)).toHaveLength(1);
      expect(await contactsWith(number)).toHaveLength(1);
      expect((await messagesOn(results[0].ticketId!)).sort()).toEqual(
        Array.from({ length: 6 }, (_, i) => `corrida ${i}`),
      );
    }
  });

  it('forgets the least recently used conversations past its capacity', async () => {
    const known = new KnownConversations(2);
    const numbers = [newNumber(), newNumber(), newNumber()];
    for (const n of numbers) await receiveInboundMessage(system.deps, inbound(n, 'oi'), who, known);
    expect(known.size).toBe(2);
    expect(known.get(KnownConversations.key(DEMO.companyId, DEMO.whatsappId, numbers[0]))).toBeUndefined();
    expect(known.get(KnownConversations.key(DEMO.companyId, DEMO.whatsappId, numbers[2]))).toBeDefined();
  });
});
