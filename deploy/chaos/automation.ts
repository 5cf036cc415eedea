// What runs on its own during the chaos: a campaign to N simulated phones, spread over the run by its
// pauses, and a flow walked by customers who answer each question when it reaches their phone.

import * as XLSX from '@e965/xlsx';
import pg from 'pg';
import { orderFlowGraph, orderFlowMessages } from '../../bench/order-flow.ts';
import { newMessage, type SentMessage, sendUntilAcknowledged } from './customers.ts';
import { type Api, sleep } from './http.ts';

export const campaignNumber = (k: number) => `5521970${String(k).padStart(6, '0')}`;
export const flowNumber = (c: number) => `5511950${String(c).padStart(6, '0')}`;

export interface CampaignRun {
  /** Null when the campaign could not be made (see error). */
  id: string | null;
  numbers: string[];
  error: string | null;
}

/**
 * The phones on the simulated network, a contact list of them imported as .xlsx (once the connection
 * found every number on WhatsApp), and a campaign starting in 3 s whose pauses (interval 0, a pause of
 * 5 s after every L messages) spread its sends over about `spreadSeconds`.
 */
export async function startCampaign(
  api: Api,
  o: { apiUrl: string; databaseUrl: string; whatsappId: string; size: number; spreadSeconds: number },
): Promise<CampaignRun> {
  const numbers = Array.from({ length: o.size }, (_, k) => campaignNumber(k));
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < numbers.length) {
        const k = next++;
        await api.call('POST', '/simulator/phones', { number: numbers[k], name: `Campanha ${k}` });
      }
    }),
  );
  const listId = (await api.call('POST', '/contact-lists', { name: `Caos ${Date.now()}` })).id as string;
  const book = XLSX.utils.book_new();
  const rows = numbers.map((n, k) => [`Campanha ${k}`, n, '']);
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['nome', 'numero', 'email'], ...rows]), 'C');
  const form = new FormData();
  form.append('file', new Blob([XLSX.write(book, { type: 'buffer', bookType: 'xlsx' })]), 'lista.xlsx');
  const upload = await fetch(`${o.apiUrl}/contact-lists/${listId}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
  if (upload.status !== 200) throw new Error(`list upload: ${upload.status} ${await upload.text()}`);
  // A list whose numbers were never checked has no recipients: no campaign, and the check says why.
  const pool = new pg.Pool({ connectionString: o.databaseUrl, max: 1 });
  try {
    for (const deadline = Date.now() + 60_000; ; await sleep(500)) {
      const { rows: r } = await pool.query(
        'SELECT count(*)::int AS n FROM contact_list_items WHERE contact_list_id = $1 AND is_whatsapp_valid',
        [listId],
      );
      if (r[0].n === numbers.length) break;
      if (Date.now() > deadline)
        return {
          id: null,
          numbers,
          error: `${r[0].n} of ${numbers.length} list numbers found on WhatsApp in 60 s`,
        };
    }
  } finally {
    await pool.end();
  }
  const choices = [1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120];
  const every = choices.filter((l) => l <= (o.size * 5) / Math.max(1, o.spreadSeconds)).at(-1) ?? 1;
  await api.call('POST', '/campaign-settings', {
    settings: { messageInterval: 0, longerIntervalAfter: every, greaterInterval: 5 },
  });
  const campaign = await api.call('POST', '/campaigns', {
    name: `Caos ${Date.now()}`,
    message1: 'Olá {nome}, esta é a campanha do caos!',
    message2: '',
    message3: '',
    message4: '',
    message5: '',
    whatsappId: o.whatsappId,
    scheduledAt: new Date(Date.now() + 3_000).toISOString(),
    contactListId: listId,
    tagListId: '',
    fileListId: '',
    status: 'PROGRAMADA',
    companyId: api.companyId,
  });
  return { id: campaign.id, numbers, error: null };
}

/** Resolves with the campaign's status once FINALIZADA, or whatever it is after `timeoutMs`. */
export async function waitCampaign(
  databaseUrl: string,
  id: string | null,
  timeoutMs: number,
): Promise<string> {
  if (!id) return 'not made';
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    for (const deadline = Date.now() + timeoutMs; ; await sleep(1_000)) {
      const { rows } = await pool.query('SELECT status FROM campaigns WHERE id = $1', [id]);
      const status = rows[0]?.status ?? 'missing';
      if (status === 'FINALIZADA' || Date.now() > deadline) return status;
    }
  } finally {
    await pool.end();
  }
}

const QUESTIONS = ['nome', 'cidade'];

export interface FlowRun {
  phrase: string;
  /** What customer c's phone must show, in order: the flow's messages, each once. */
  expected(c: number): string[];
}

/** The flow of bench/flows.ts (a welcome, then a question and a message using every answer so far, twice), started by a phrase. */
export async function createFlow(api: Api, whatsappId: string, tag: string): Promise<FlowRun> {
  const { nodes, connections } = orderFlowGraph(QUESTIONS);
  const flow = await api.call('POST', '/flowbuilder', { name: `Caos ${tag}` });
  await api.call('POST', '/flowbuilder/flow', { idFlow: flow.id, nodes, connections });
  const phrase = `pedido ${tag.toLowerCase()}`;
  await api.call('POST', '/flowcampaign', { name: `Caos ${tag}`, phrase, flowId: flow.id, whatsappId });
  return {
    phrase,
    expected: (c) => orderFlowMessages(QUESTIONS, (q) => answer(q, c)),
  };
}
const answer = (key: string, c: number) => `${key}-c${c}`;

export interface FlowCustomer {
  customer: number;
  number: string;
  messages: SentMessage[];
  /** Per answer: from its acknowledgement until the flow's next message was seen on the phone (ms). */
  latencies: number[];
  /** Saw every message of the flow reach the phone. */
  finished: boolean;
  error: string | null;
}

/**
 * `customers` customers walk the flow, each starting at a random moment within `startWithinMs`: the
 * phrase, then each answer once the question reached the phone (after a think time within `thinkMs`,
 * 0.3 - 1.5 s unless told), sent as the load's messages are (the same WhatsApp id until answered). The
 * phones are watched with one query every `pollMs` (250) for all of them.
 */
export function startFlowCustomers(o: {
  apiUrl: string;
  databaseUrl: string;
  whatsappId: string;
  flow: FlowRun;
  customers: number;
  startWithinMs: number;
  random: () => number;
  tag: string;
  /** Per step: how long a customer waits for the flow's next message. */
  stepTimeoutMs?: number;
  /** How long a customer reads and types before answering: [min, max] ms. */
  thinkMs?: [number, number];
  /** The first customer's number (several walks on one deployment use numbers of their own). */
  firstCustomer?: number;
  pollMs?: number;
}): { customers: FlowCustomer[]; done: Promise<void> } {
  const [thinkMin, thinkMax] = o.thinkMs ?? [300, 1_500];
  const first = o.firstCustomer ?? 0;
  const customers: FlowCustomer[] = Array.from({ length: o.customers }, (_, c) => ({
    customer: first + c,
    number: flowNumber(first + c),
    messages: [],
    latencies: [],
    finished: false,
    error: null,
  }));
  const arrived = new Map<string, number>();
  const pool = new pg.Pool({ connectionString: o.databaseUrl, max: 1 });
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      try {
        const { rows } = await pool.query<{ number: string; n: number }>(
          `SELECT number, count(*)::int AS n FROM sim_messages
            WHERE whatsapp_id = $1 AND direction = 'outbound' AND number = ANY($2) GROUP BY number`,
          [o.whatsappId, customers.map((c) => c.number)],
        );
        for (const r of rows) arrived.set(r.number, r.n);
      } catch {}
      await sleep(o.pollMs ?? 250);
    }
  })();
  const plan = customers.map(() => ({
    startAt: o.random() * o.startWithinMs,
    think: [o.random(), o.random()],
  }));
  const walk = async (fc: FlowCustomer, i: number) => {
    const { startAt, think } = plan[i];
    await sleep(startAt);
    const expected = o.flow.expected(fc.customer);
    const say = async (body: string) => {
      const m = newMessage(fc.customer, fc.messages.length, fc.number, body, `${o.tag}F`);
      fc.messages.push(m);
      await sendUntilAcknowledged(o.apiUrl, o.whatsappId, m);
      if (!m.acknowledged) throw new Error(`"${body}" refused: ${m.errors.at(-1)}`);
    };
    const until = async (n: number) => {
      for (const deadline = Date.now() + (o.stepTimeoutMs ?? 120_000); (arrived.get(fc.number) ?? 0) < n; ) {
        if (Date.now() > deadline)
          throw new Error(`${arrived.get(fc.number) ?? 0} of ${n} flow messages arrived`);
        await sleep(100);
      }
    };
    try {
      await say(o.flow.phrase);
      for (const [i, key] of QUESTIONS.entries()) {
        await until(2 + i * 2);
        await sleep(thinkMin + think[i] * (thinkMax - thinkMin));
        await say(answer(key, fc.customer));
        const answered = Date.now();
        await until(3 + i * 2);
        fc.latencies.push(Date.now() - answered);
      }
      await until(expected.length);
      fc.finished = true;
    } catch (err) {
      fc.error = (err as Error).message;
    }
  };
  const done = Promise.all(customers.map((fc, i) => walk(fc, i))).then(async () => {
    watching = false;
    await watcher;
    await pool.end();
  });
  return { customers, done };
}
