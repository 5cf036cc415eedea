// The chaos run's checks, read from the cluster's database once everything settled: what customers
// were told was received is stored once and in order, each campaign phone got one message, each flow
// customer each flow message once and in order, and the read models equal a fresh replay.
import type pg from 'pg';
import { type Check, checkReplay, waitQuiet } from '../../bench/checks.ts';
import { openProductEventStore } from '../../services/src/privacy/start.ts';
import type { CampaignRun, FlowCustomer, FlowRun } from './automation.ts';
import type { SentMessage } from './customers.ts';

export interface InboundFigures {
  sent: number;
  acknowledged: number;
  stored: number;
  lost: number;
  duplicated: number;
}

/**
 * Every acknowledged message stored exactly once (the messages read model and the event store, by its
 * WhatsApp id), with the body sent; an unacknowledged one at most once; nothing else under the run's ids;
 * each customer's messages in the order sent, all in one ticket, one contact and one ticket per customer.
 */
export async function checkInbound(
  pool: pg.Pool,
  databaseUrl: string,
  prefix: string,
  sent: SentMessage[],
): Promise<{ checks: Check[]; figures: InboundFigures }> {
  const byId = new Map(sent.map((m) => [m.waMessageId, m]));
  const { rows } = await pool.query<{ wa: string; body: string; ticket: string; number: string }>(
    `SELECT m.wa_message_id AS wa, m.body, m.ticket_id::text AS ticket, c.number
       FROM messages m JOIN contacts c ON c.id = m.contact_id
      WHERE m.wa_message_id LIKE $1 || '%' AND NOT m.from_me ORDER BY m.ticket_id, m.created_at, m.id`,
    [prefix],
  );
  const events: string[] = [];
  const store = openProductEventStore(pool, databaseUrl);
  try {
    for (let after: string | null = null; ; ) {
      const page = await store.readAll(after, 5_000);
      if (page.length === 0) break;
      for (const e of page)
        if (e.type === 'InboundMessageReceived' && String(e.data.waMessageId).startsWith(prefix))
          events.push(e.data.waMessageId as string);
      after = page[page.length - 1].position;
    }
  } finally {
    await store.close();
  }
  const acknowledged = sent.filter((m) => m.acknowledged);
  const once = (name: string, ids: string[], bodyOf?: (i: number) => string) => {
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    const lost = acknowledged.filter((m) => !counts.has(m.waMessageId)).map((m) => m.waMessageId);
    const duplicated = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
    const unexpected = [...counts.keys()].filter((id) => !byId.has(id));
    const wrongBody = bodyOf ? ids.filter((id, i) => byId.has(id) && byId.get(id)!.body !== bodyOf(i)) : [];
    const examples = [...lost, ...duplicated, ...unexpected, ...wrongBody].slice(0, 3).join(', ');
    return {
      check: {
        name,
        ok: lost.length + duplicated.length + unexpected.length + wrongBody.length === 0,
        detail:
          `${acknowledged.length} acknowledged of ${sent.length} sent; ${counts.size} stored, lost ${lost.length}, ` +
          `duplicated ${duplicated.length}, unknown ${unexpected.length}, other body ${wrongBody.length}` +
          (examples ? ` (${examples})` : ''),
      },
      stored: counts.size,
      lost: lost.length,
      duplicated: duplicated.length,
    };
  };
  const readModel = once(
    'acknowledged inbound stored once (messages)',
    rows.map((r) => r.wa),
    (i) => rows[i].body,
  );
  const eventStore = once('acknowledged inbound stored once (event store)', events);

  // In the order the conversation shows them, each customer's sequence only goes up.
  let late = 0;
  let example = '';
  const last = new Map<string, number>();
  const ticketsOf = new Map<string, Set<string>>();
  for (const r of rows) {
    const m = byId.get(r.wa);
    if (!m) continue;
    const prev = last.get(r.number) ?? -1;
    if (m.seq < prev) {
      late++;
      example ||= ` (${m.body} shown after its message ${prev})`;
    }
    last.set(r.number, Math.max(prev, m.seq));
    ticketsOf.set(r.number, (ticketsOf.get(r.number) ?? new Set()).add(r.ticket));
  }
  const numbers = [...new Set(sent.map((m) => m.number))];
  const { rows: people } = await pool.query<{ number: string; contacts: number; tickets: number }>(
    `SELECT c.number, count(DISTINCT c.id)::int AS contacts, count(DISTINCT t.id)::int AS tickets
       FROM contacts c LEFT JOIN tickets t ON t.contact_id = c.id WHERE c.number = ANY($1) GROUP BY c.number`,
    [numbers],
  );
  const writers = new Set(sent.filter((m) => m.acknowledged).map((m) => m.number));
  const odd = people.filter((p) => p.contacts !== 1 || p.tickets !== 1);
  const split = [...ticketsOf.values()].filter((s) => s.size > 1).length;
  const missing = [...writers].filter((n) => !people.some((p) => p.number === n)).length;
  return {
    checks: [
      readModel.check,
      eventStore.check,
      {
        name: 'inbound in order per customer',
        ok: late === 0,
        detail: `${late} messages before an earlier one${example}`,
      },
      {
        name: 'one contact and one ticket per customer',
        ok: odd.length + split + missing === 0,
        detail:
          `${people.length} contacts for ${writers.size} customers; ${odd.length} with other than one contact and ticket` +
          `${odd[0] ? ` (${odd[0].number}: ${odd[0].contacts} contacts, ${odd[0].tickets} tickets)` : ''}, ` +
          `${split} with messages in several tickets, ${missing} without a contact`,
      },
    ],
    figures: {
      sent: sent.length,
      acknowledged: acknowledged.length,
      stored: readModel.stored,
      lost: Math.max(readModel.lost, eventStore.lost),
      duplicated: Math.max(readModel.duplicated, eventStore.duplicated),
    },
  };
}

/** The campaign finished and each of its phones got exactly one message (the simulated network's log). */
export async function checkCampaign(
  pool: pg.Pool,
  whatsappId: string,
  run: CampaignRun,
  status: string,
): Promise<Check> {
  const { rows } = await pool.query<{ number: string; n: number }>(
    `SELECT number, count(*)::int AS n FROM sim_messages
      WHERE whatsapp_id = $1 AND direction = 'outbound' AND number = ANY($2) GROUP BY number`,
    [whatsappId, run.numbers],
  );
  if (run.error)
    return { name: 'each campaign phone got one message', ok: false, detail: `no campaign: ${run.error}` };
  const got = new Map(rows.map((r) => [r.number, r.n]));
  const none = run.numbers.filter((n) => !got.has(n));
  const twice = run.numbers.filter((n) => (got.get(n) ?? 0) > 1);
  return {
    name: 'each campaign phone got one message',
    ok: status === 'FINALIZADA' && none.length + twice.length === 0,
    detail:
      `campaign ${status}; ${run.numbers.length} phones: ${none.length} got none, ${twice.length} more than one` +
      `${twice[0] ? ` (${twice[0]}: ${got.get(twice[0])})` : none[0] ? ` (${none[0]})` : ''}`,
  };
}

/** Each flow customer's phone shows the flow's messages, each once, in order, and the walk finished. */
export async function checkFlows(
  pool: pg.Pool,
  whatsappId: string,
  flow: FlowRun,
  customers: FlowCustomer[],
): Promise<Check> {
  const { rows } = await pool.query<{ number: string; bodies: string[] }>(
    `SELECT number, array_agg(body ORDER BY id) AS bodies FROM sim_messages
      WHERE whatsapp_id = $1 AND direction = 'outbound' AND number = ANY($2) GROUP BY number`,
    [whatsappId, customers.map((c) => c.number)],
  );
  const phones = new Map(rows.map((r) => [r.number, r.bodies]));
  const wrong = customers.filter(
    (c) => JSON.stringify(phones.get(c.number) ?? []) !== JSON.stringify(flow.expected(c.customer)),
  );
  const unfinished = customers.filter((c) => !c.finished);
  const first = wrong[0] ?? unfinished[0];
  return {
    name: 'each flow message once and in order',
    ok: wrong.length + unfinished.length === 0,
    detail:
      `${customers.length} flow customers: ${wrong.length} phones not showing the flow exactly, ${unfinished.length} unfinished` +
      (first
        ? ` (customer ${first.customer}: ${JSON.stringify(phones.get(first.number) ?? [])}${first.error ? `; ${first.error}` : ''})`
        : ''),
  };
}

/** Once nothing is appended and every projection caught up: every read model equal to a fresh replay. */
export async function checkReadModels(pool: pg.Pool, databaseUrl: string): Promise<Check> {
  const behind = await waitQuiet(pool, databaseUrl, 2_000, 120_000);
  if (behind.length)
    return {
      name: 'read models equal a replay',
      ok: false,
      detail: `projections never caught up: ${behind.join(', ')}`,
    };
  const results = await checkReplay(pool, databaseUrl);
  const unequal = results.filter((r) => !r.equal);
  const seconds = results.reduce((s, r) => s + r.seconds, 0);
  return {
    name: 'read models equal a replay',
    ok: unequal.length === 0,
    detail:
      `${results.length - unequal.length} of ${results.length} projections equal (${seconds.toFixed(1)} s of replays)` +
      (unequal.length
        ? `: ${unequal.flatMap((r) => r.diffs.slice(0, 2).map((d) => `${r.projection}: ${d}`)).join('; ')}`
        : ''),
  };
}
