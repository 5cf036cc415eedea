/**
 * The load side of bench/ingest.ts, in its own process as real customers and agents would be:
 * opens agent sockets, sends the inbound messages, prints one JSON line of measurements.
 */
import WebSocket from 'ws';

const [url, token, whatsappIdList, ...rest] = process.argv.slice(2);
// One connection, or several separated by commas (customer c always writes to connection c mod n).
const whatsappIds = whatsappIdList.split(',');
const [messages, concurrency, agents, customers] = rest.map(Number);

const pushedAt = new Map<string, number>();
const sockets: WebSocket[] = [];
for (let i = 0; i < agents; i++) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/socket?token=${token}`);
  await new Promise((r) => ws.once('open', r));
  for (const room of ['notification', 'status:pending', 'status:open'])
    ws.send(JSON.stringify({ type: 'join', room }));
  // Only the first agent's receipt times the message; the others prove the fan-out keeps up.
  if (i === 0) {
    ws.on('message', (raw) => {
      const { event, data } = JSON.parse(raw.toString());
      if (event.endsWith('-appMessage') && data.action === 'create' && !pushedAt.has(data.message.body)) {
        pushedAt.set(data.message.body, performance.now());
      }
    });
  }
  sockets.push(ws);
}
await new Promise((r) => setTimeout(r, 300));

const sentAt = new Map<string, number>();
let next = 0;
const started = performance.now();
async function sender() {
  while (next < messages) {
    const i = next++;
    const body = `bench message ${i}`;
    sentAt.set(body, performance.now());
    const whatsappId = whatsappIds[(i % customers) % whatsappIds.length];
    const res = await fetch(`${url}/simulator/connections/${whatsappId}/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        from: `55119${10_000_000 + (i % customers)}`,
        name: `Customer ${i % customers}`,
        body,
      }),
    });
    if (res.status !== 201) throw new Error(`inbound ${i} failed: ${res.status} ${await res.text()}`);
  }
}
await Promise.all(Array.from({ length: concurrency }, sender));
const sendersDone = performance.now();
const deadline = Date.now() + 30_000;
while (pushedAt.size < messages && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
const finished = Math.max(...pushedAt.values());
const latencies = [...sentAt].filter(([b]) => pushedAt.has(b)).map(([b, t]) => pushedAt.get(b)! - t);
for (const ws of sockets) ws.close();
console.log(
  JSON.stringify({
    pushed: pushedAt.size,
    seconds: (finished - started) / 1000,
    sendSeconds: (sendersDone - started) / 1000,
    latencies,
  }),
);
process.exit(0);
