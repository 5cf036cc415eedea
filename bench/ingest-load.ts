/**
 * The load side of bench/ingest.ts and bench/channels.ts, in its own process as real customers and
 * agents would be: opens agent sockets, plays customers through the simulator's inbound call, prints
 * one JSON line of measurements (LoadResult in bench/measure.ts). Argument: a LoadConfig as JSON.
 *
 * Each customer writes one message after another (the next only once the previous inbound call has
 * answered), so the order of a customer's messages is defined; `senders` customers are in flight at
 * once, taken round-robin from a queue of idle customers.
 */
import http from 'node:http';
import WebSocket from 'ws';
import type { LoadConfig, LoadResult } from './measure.ts';

// The customers' calls through node:http on kept-alive sockets: the load shares the machine's two
// cores with the product, and fetch (undici) cost it about twice as much CPU per call.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function post(path: string, json: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}${path}`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(json);
  });
}

import { cpuSeconds } from './measure.ts';

const config = JSON.parse(process.argv[2]) as LoadConfig;
const { url, token, whatsappIds, customers, agents } = config;
const senders = Math.min(config.senders, customers);
const cpuStart = cpuSeconds();

const bodyOf = (c: number, k: number) => `bench c${c} m${k}`;
const parse = (body: string) => {
  const m = /^bench c(\d+) m(\d+)$/.exec(body);
  return m ? { c: Number(m[1]), k: Number(m[2]) } : null;
};

// The first agent's socket times and checks every push; the others prove the fan-out keeps up.
const sentAt = new Map<string, number>();
const pushedAt = new Map<string, number>();
let duplicatePushes = 0;
let pushOrderViolations = 0;
const examples: string[] = [];
const lastPushed = new Map<string, number>(); // ticket|customer → last message index pushed
const sockets: WebSocket[] = [];
for (let i = 0; i < agents; i++) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/socket?token=${token}`);
  await new Promise((r) => ws.once('open', r));
  for (const room of ['notification', 'status:pending', 'status:open'])
    ws.send(JSON.stringify({ type: 'join', room }));
  if (i === 0) {
    ws.on('message', (raw) => {
      const now = performance.now();
      const { event, data } = JSON.parse(raw.toString());
      if (!event.endsWith('-appMessage') || data.action !== 'create') return;
      const body: string = data.message.body;
      const p = parse(body);
      if (!p) return;
      if (pushedAt.has(body)) {
        duplicatePushes++;
        if (examples.length < 5) examples.push(`pushed twice: ${body}`);
        return;
      }
      pushedAt.set(body, now);
      const key = `${data.message.ticketId}|${p.c}`;
      const prev = lastPushed.get(key) ?? -1;
      if (p.k < prev) {
        pushOrderViolations++;
        if (examples.length < 5) examples.push(`pushed out of order: ${body} after m${prev}`);
      }
      lastPushed.set(key, Math.max(prev, p.k));
    });
  }
  sockets.push(ws);
}
await new Promise((r) => setTimeout(r, 300));

const sentPerCustomer = Array.from({ length: customers }, () => 0);
const idle = Array.from({ length: customers }, (_, c) => c);
const failed: string[] = [];
const failures: string[] = [];
let accepted = 0;
let issued = 0;
const started = performance.now();
const endAt = config.seconds ? started + config.seconds * 1000 : Number.POSITIVE_INFINITY;
const done = () => (config.messages ? issued >= config.messages : performance.now() >= endAt);

async function sender() {
  while (!done()) {
    const c = idle.shift()!;
    issued++;
    const body = bodyOf(c, sentPerCustomer[c]++);
    sentAt.set(body, performance.now());
    try {
      const res = await post(
        `/simulator/connections/${whatsappIds[c % whatsappIds.length]}/inbound`,
        JSON.stringify({ from: `55119${10_000_000 + c}`, name: `Customer ${c}`, body }),
      );
      if (res.status === 201) accepted++;
      else {
        failed.push(body);
        if (failures.length < 5) failures.push(`${body}: ${res.status} ${res.text}`);
      }
    } catch (err) {
      failed.push(body);
      if (failures.length < 5) failures.push(`${body}: ${(err as Error).message}`);
    }
    idle.push(c);
  }
}
await Promise.all(Array.from({ length: senders }, sender));
const sendersDone = performance.now();

// Drain: until every accepted message is pushed, or 10 s pass without a push.
const failedSet = new Set(failed);
const expected = [...sentAt.keys()].filter((b) => !failedSet.has(b));
let seen = -1;
let quietSince = performance.now();
while (expected.some((b) => !pushedAt.has(b)) && performance.now() - quietSince < 10_000) {
  if (pushedAt.size !== seen) {
    seen = pushedAt.size;
    quietSince = performance.now();
  }
  await new Promise((r) => setTimeout(r, 20));
}
const missing = expected.filter((b) => !pushedAt.has(b));
for (const b of missing.slice(0, Math.max(0, 5 - examples.length))) examples.push(`never pushed: ${b}`);
let finished = sendersDone;
for (const t of pushedAt.values()) finished = Math.max(finished, t);
for (const ws of sockets) ws.close();

const result: LoadResult = {
  accepted,
  failed,
  failures,
  sentPerCustomer,
  sendSeconds: (sendersDone - started) / 1000,
  seconds: (finished - started) / 1000,
  latencies: expected.filter((b) => pushedAt.has(b)).map((b) => pushedAt.get(b)! - sentAt.get(b)!),
  pushed: pushedAt.size,
  missingPushes: missing.length,
  duplicatePushes,
  pushOrderViolations,
  examples,
  cpu: cpuSeconds() - cpuStart,
};
// Exit once the whole line is out: a pipe takes it in pieces, and exiting at once cut it short.
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
