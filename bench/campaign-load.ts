/**
 * The inbound side of bench/campaign-throughput.ts, in its own process as real customers and an admin
 * would be: one admin socket, then a steady stream of customer messages at `rate` per second through
 * the simulator's inbound endpoint (customer c writes to connection c mod n), until a line `stop` on
 * stdin. Prints `ready` once the socket listens, and at the end one JSON line: for every message the
 * wall-clock time it was sent, its latency to the admin's push (null when never pushed) and to the
 * inbound call's answer (the message stored).
 */
import { createInterface } from 'node:readline';
import WebSocket from 'ws';

const [url, token, whatsappIdList, rateArg, customersArg, inFlightArg] = process.argv.slice(2);
const whatsappIds = whatsappIdList.split(',');
const rate = Number(rateArg);
const customers = Number(customersArg);
const maxInFlight = Number(inFlightArg ?? 64);

const ws = new WebSocket(`${url.replace('http', 'ws')}/socket?token=${token}`);
await new Promise((r) => ws.once('open', r));
for (const room of ['notification', 'status:pending', 'status:open'])
  ws.send(JSON.stringify({ type: 'join', room }));
const pushedAt = new Map<string, number>();
ws.on('message', (raw) => {
  const text = raw.toString();
  // The campaigns' own messages are pushed here too; only the customers' are timed.
  if (!text.includes('inbound ')) return;
  const { event, data } = JSON.parse(text);
  if (event.endsWith('-appMessage') && data.action === 'create' && !pushedAt.has(data.message.body))
    pushedAt.set(data.message.body, performance.now());
});
await new Promise((r) => setTimeout(r, 300));

let stopping = false;
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'stop') stopping = true;
});
console.log('ready');

const sent: { body: string; wall: number; at: number; answered?: number }[] = [];
let inFlight = 0;
let late = 0;
const failures: string[] = [];
const started = performance.now();
for (let i = 0; !stopping; i++) {
  // Open loop: message i is due at i / rate; a send that cannot start on time (too many in flight) is late.
  const due = started + (i * 1000) / rate;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  while (inFlight >= maxInFlight) await new Promise((r) => setTimeout(r, 1));
  if (performance.now() - due > 100) late++;
  const body = `inbound ${i}`;
  const c = i % customers;
  const message: (typeof sent)[number] = { body, wall: Date.now(), at: performance.now() };
  sent.push(message);
  inFlight++;
  fetch(`${url}/simulator/connections/${whatsappIds[c % whatsappIds.length]}/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from: `55119${10_000_000 + c}`, name: `Customer ${c}`, body }),
  })
    .then(async (res) => {
      message.answered = performance.now() - message.at;
      if (res.status !== 201) failures.push(`${body}: ${res.status} ${await res.text()}`);
    })
    .catch((err) => failures.push(`${body}: ${err}`))
    .finally(() => inFlight--);
}
// The last pushes, then the measurements.
const deadline = Date.now() + 30_000;
while ((inFlight > 0 || pushedAt.size < sent.length) && Date.now() < deadline)
  await new Promise((r) => setTimeout(r, 20));
ws.close();
const result = JSON.stringify({
  late,
  failures: failures.slice(0, 5),
  failureCount: failures.length,
  // [sent at (wall clock), → push (ms, null: never pushed), → the call answered (ms: the message stored)]
  samples: sent.map((s) => [
    s.wall,
    pushedAt.has(s.body) ? pushedAt.get(s.body)! - s.at : null,
    s.answered ?? null,
  ]),
});
// A megabyte into a pipe: exit only once it is written, or the reader gets half of it.
process.stdout.write(`${result}\n`, () => process.exit(0));
