import type { AnyEvent } from '../contracts/src/events.ts';
import * as b from '../contracts/src/testing/events.ts';
import type { ProjectionEvent } from '../projections/src/runner.ts';
import { seededRandom } from './seeded-random.ts';

// The events behind one ticket of the bench:lists data, as a busy company makes them: the customer
// writes when the ticket opens; the chatbot answers some; open and closed tickets are accepted (with
// the automatic greeting) and answered by their agent minutes or hours later, sometimes after a
// transfer; a few turns of the customer waiting and the agent answering; closed tickets are closed,
// half of them after a rating request (most rated), one in ten by the bot alone, one in twenty
// reopened and closed again. Seeded by the ticket's number, so two runs make the same history.

export interface ListTicket {
  /** 1 to `of`, in the list's order. */
  n: number;
  of: number;
  id: string;
  status: 'open' | 'pending' | 'closed';
  userId: string | null;
  queueId: string | null;
  contactId: string;
  whatsappId: string;
}

const MIN = 60_000;

let position = 0;
const DAY = 86_400_000;

/**
 * When the ticket opens: its share of the last 365 days (the list's own times are all one instant),
 * four in five within the company's hours (08:00-18:00 in São Paulo, -03:00), the rest at any hour.
 */
function openedAt(t: ListTicket, rnd: () => number): number {
  const day = Math.floor(Date.now() / DAY) * DAY - 368 * DAY + Math.floor(((t.n - 1) * 365) / t.of) * DAY;
  const hours = rnd() < 0.8 ? 8 + rnd() * 10 : rnd() * 24;
  return day + 3 * 3_600_000 + Math.floor(hours * 3_600_000);
}

export function ticketHistory(
  companyId: string,
  t: ListTicket,
  agents: string[],
  tags: string[],
): ProjectionEvent[] {
  const rnd = seededRandom(t.n);
  const between = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const events: ProjectionEvent[] = [];
  let now = openedAt(t, rnd);
  const on = (event: AnyEvent) => {
    position += 1;
    events.push({
      ...event,
      id: `${t.id}:${events.length}`,
      metadata: { companyId, actor: 'bench', correlationId: t.id, at: new Date(now).toISOString() },
      streamId: `ticket-${t.id}`,
      streamRevision: events.length,
      position: String(position).padStart(12, '0'),
    } as ProjectionEvent);
  };
  const ref = { companyId, ticketId: t.id };
  const message = () => ({
    ...ref,
    messageId: crypto.randomUUID(),
    contactId: t.contactId,
    whatsappId: t.whatsappId,
  });
  const customer = () => on(b.inboundMessageReceived(message()));
  const says = (userId: string | null, automatic = false) =>
    on(b.outboundMessageQueued({ ...message(), userId, ...(automatic ? { automatic: true as const } : {}) }));

  on(b.ticketCreated({ ...ref, contactId: t.contactId, whatsappId: t.whatsappId, queueId: t.queueId }));
  customer();
  if (rnd() < 0.3) says(null);
  if (tags.length && rnd() < 0.4) {
    const picked = [...new Set([tags[between(0, tags.length - 1)], tags[between(0, tags.length - 1)]])];
    on(b.ticketTagsSynced({ ...ref, tagIds: picked }));
  }
  const byBot = t.status === 'closed' && rnd() < 0.1;
  if (t.status === 'pending' || byBot) {
    if (byBot) {
      now += between(30, 240) * MIN;
      on(b.ticketClosed({ ...ref, reason: 'inactive' }));
    }
    return events;
  }

  let agent = t.userId ?? agents[t.n % agents.length];
  now += between(1, 180) * MIN;
  on(b.ticketAccepted({ ...ref, userId: agent, queueId: t.queueId }));
  says(agent, true);
  if (rnd() < 0.1) {
    const from = { userId: agent, queueId: t.queueId, whatsappId: t.whatsappId };
    agent = agents[(t.n + 7) % agents.length];
    now += between(1, 30) * MIN;
    on(
      b.ticketTransferred({
        ...ref,
        from,
        status: 'open',
        userId: agent,
        queueId: t.queueId,
        whatsappId: t.whatsappId,
      }),
    );
  }
  const conversation = () => {
    now += between(1, 20) * MIN;
    says(agent);
    for (let turn = between(2, 6); turn > 0; turn--) {
      now += between(1, 60) * MIN;
      customer();
      if (rnd() < 0.3) {
        now += between(1, 5) * MIN;
        customer();
      }
      now += between(1, 45) * MIN;
      says(agent);
    }
  };
  const close = () => {
    if (rnd() < 0.5) {
      now += between(1, 5) * MIN;
      on(b.ticketRatingRequested({ ...ref, userId: agent }));
      if (rnd() < 0.7) {
        now += between(1, 30) * MIN;
        customer();
        on(b.ticketRated({ ...ref, userId: agent, rate: between(1, 3) as 1 | 2 | 3 }));
        return on(b.ticketClosed({ ...ref, userId: agent, queueId: t.queueId, reason: 'rated' }));
      }
      now += 60 * MIN;
      return on(b.ticketClosed({ ...ref, userId: agent, queueId: t.queueId, reason: 'unrated' }));
    }
    now += between(1, 10) * MIN;
    on(b.ticketClosed({ ...ref, userId: agent, queueId: t.queueId }));
  };
  conversation();
  if (t.status === 'open') return events;
  close();
  if (rnd() < 0.05) {
    now += between(60, 48 * 60) * MIN;
    on(b.ticketReopened({ ...ref, userId: agent, queueId: t.queueId }));
    conversation();
    close();
  }
  return events;
}
