/**
 * `npm run bench:flows`: CUSTOMERS (default 200) customers walk a 10-node flow at once through the
 * simulator — start, a greeting, then four questions each followed by a message using the answer —
 * with every role in this process (API, projections, channels, the Temporal worker) on a fresh database,
 * as `npm start` runs them. Reports, for every customer reply, the time until the flow's next message
 * reached the customer's phone (p50/p95/p99/max), the time for everybody to finish, and checks that every
 * phone got exactly the flow's 9 messages in order.
 *
 *   CUSTOMERS (200), FLOW_TIMEOUT_SECONDS (600), POLL_MS (phone polling, 50: the figures' resolution)
 */
import { randomUUID } from 'node:crypto';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { DEMO, startTestSystem } from '../app/src/testing/system.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const customers = env('CUSTOMERS', 200);
const timeoutMs = env('FLOW_TIMEOUT_SECONDS', 600) * 1000;
const pollMs = env('POLL_MS', 50);
const t0 = Date.now();
const log = (s: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0)} s] ${s}`);

Runtime.install({ logger: new DefaultLogger('WARN') });
const system = await startTestSystem({
  env: {
    ZELO_ROLES: 'api,projections,channels,workflows',
    TEMPORAL_TASK_QUEUE: `bench-flows-${randomUUID()}`,
  },
});
const simulator = system.simulator!;
const admin = await system.login(DEMO.email, DEMO.password);
const api = (method: string, path: string, body?: unknown) =>
  system.api(method, path, { token: admin.token, body });

// 1. The flow: 10 nodes along one path, and the phrase that starts it on the demo connection.
const questions = ['nome', 'cidade', 'produto', 'quantidade'];
const nodes = [
  { id: '1', type: 'start', data: {} },
  { id: 'hi', type: 'message', data: { label: 'Olá! Vamos fazer seu pedido.' } },
  ...questions.flatMap((key) => [
    {
      id: `q-${key}`,
      type: 'question',
      data: { typebotIntegration: { message: `Qual ${key}?`, answerKey: key } },
    },
    { id: `m-${key}`, type: 'message', data: { label: `Anotado ${key}: {{${key}}}` } },
  ]),
].map((n, i) => ({ ...n, position: { x: 250 + i * 200, y: 100 } }));
const path = nodes.map((n) => n.id);
const connections = path.slice(1).map((target, i) => ({ id: `e${i}`, source: path[i], target }));
const flow = await api('POST', '/flowbuilder', { name: 'Bench 10 nós' });
await api('POST', '/flowbuilder/flow', { idFlow: flow.body.id, nodes, connections });
const campaign = await api('POST', '/flowcampaign', {
  name: 'Bench',
  phrase: 'pedido bench',
  flowId: flow.body.id,
  whatsappId: DEMO.whatsappId,
});
if (campaign.status !== 201) throw new Error(`flow campaign: ${JSON.stringify(campaign.body)}`);
log(`flow of ${nodes.length} nodes saved; ${customers} customers start`);

// 2. The customers, all at once: the phrase, then an answer to each question as soon as it arrives.
const expected = [
  'Olá! Vamos fazer seu pedido.',
  ...questions.flatMap((k, i) => [`Qual ${k}?`, `Anotado ${k}: resposta-${i}`]),
];
const latencies: number[] = [];
async function walk(c: number): Promise<string[]> {
  const number = `5531${String(700000000 + c)}`;
  const from = { number, name: `Cliente ${c}` };
  const received = async () =>
    (await simulator.phoneMessages(DEMO.whatsappId, number))
      .filter((m) => m.direction === 'outbound')
      .map((m) => m.body as string);
  const until = async (n: number) => {
    for (const deadline = Date.now() + timeoutMs; ; ) {
      const got = await received();
      if (got.length >= n) return got;
      if (Date.now() > deadline) throw new Error(`customer ${c}: ${got.length} of ${n} messages`);
      await new Promise((r) => setTimeout(r, pollMs));
    }
  };
  await simulator.customerSends(DEMO.whatsappId, from, 'pedido bench');
  for (const [i] of questions.entries()) {
    await until(2 + i * 2);
    const sentAt = Date.now();
    await simulator.customerSends(DEMO.whatsappId, from, `resposta-${i}`);
    await until(3 + i * 2);
    latencies.push(Date.now() - sentAt);
  }
  await new Promise((r) => setTimeout(r, 500));
  return received();
}
const results = await Promise.allSettled(Array.from({ length: customers }, (_, c) => walk(c)));
const walked = Date.now() - t0;

// 3. The figures.
const failed = results.filter((r) => r.status === 'rejected');
const got = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
const same = (x: string[], y: string[]) => JSON.stringify(x) === JSON.stringify(y);
// Lost or duplicated messages fail the run; the same messages in another order on the phone are reported.
const wrong = got.filter((g) => !same([...g].sort(), [...expected].sort()));
const reordered = got.filter((g) => !same(g, expected) && same([...g].sort(), [...expected].sort()));
const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
log(`${customers} customers, ${latencies.length} replies measured (poll ${pollMs} ms)`);
log(
  `reply -> next flow message: p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, max ${pct(100)} ms`,
);
log(
  `all customers done in ${(walked / 1000).toFixed(1)} s; failed ${failed.length}, ` +
    `lost or duplicated ${wrong.length}, reordered on the phone ${reordered.length}`,
);
for (const f of failed.slice(0, 3)) console.log(' ', (f as PromiseRejectedResult).reason?.message);
for (const w of [...wrong, ...reordered].slice(0, 2)) console.log('  got', JSON.stringify(w));
await system.close();
process.exit(failed.length + wrong.length > 0 ? 1 : 0);
