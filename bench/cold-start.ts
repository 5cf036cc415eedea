// The first customer message after start-up, timed: starts the roles as `npm start` does (one process
// with api, channels and workflows, one with the projections) on a fresh database, sends a first
// inbound message through the simulator as soon as the demo connection is paired, and times until the
// ticket shows in GET /tickets and until the queue's chatbot (the greeting) answers on the phone. Then
// the same for a second customer, as the hundredth message would be.
//
//   npx tsx bench/cold-start.ts            (PORT 18080, a fresh database zelo_cold_<n>, dropped after)
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dropDatabase } from '../services/src/platform/db.ts';
import { DEMO } from '../services/src/seed.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT ?? 18080);
const n = `${Date.now().toString(36)}`;
const databaseUrl = process.env.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/zelo_cold_${n}`;
const base = `http://127.0.0.1:${port}`;
const t0 = Date.now();
const at = () => `${((Date.now() - t0) / 1000).toFixed(2)} s`;

const children: ChildProcess[] = [];
function role(roles: string) {
  // node with tsx's loader, not the tsx wrapper: a SIGKILL then reaches the process itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'app/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ZELO_ROLES: roles,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      ZELO_LOG: 'false',
      // Its own task queue: no other worker on the shared Temporal server runs these workflows.
      TEMPORAL_TASK_QUEUE: `zelo_cold_${n}`,
    },
  });
  const log = (c: Buffer) => {
    for (const line of c.toString().split('\n').filter(Boolean)) console.log(`  [${at()} ${roles}] ${line}`);
  };
  child.stdout?.on('data', log);
  child.stderr?.on('data', log);
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${at()} ${roles} exited with ${code} during the run`);
      process.exitCode = 1;
    }
  });
  children.push(child);
}
let stopping = false;

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const r = await probe();
      if (r !== undefined) return r;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${what}: not in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A number never seen before, so that each message opens a new ticket (also on a restarted database). */
const customer = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function firstMessage(token: string, from: string) {
  const sent = Date.now();
  const r = await call('POST', `/simulator/connections/${DEMO.whatsappId}/inbound`, undefined, {
    from,
    name: `Cliente ${from}`,
    body: 'Oi, preciso de ajuda',
  });
  if (r.status !== 201) throw new Error(`inbound: ${r.status} ${JSON.stringify(r.body)}`);
  const accepted = Date.now() - sent;
  const listed = until('ticket in GET /tickets', async () => {
    const l = await call('GET', '/tickets?status=pending&showAll=true', token);
    return l.body?.tickets?.some((t: any) => t.contact?.number === from) ? Date.now() - sent : undefined;
  });
  const answered = until('chatbot answer on the phone', async () => {
    const m = await call('GET', `/simulator/connections/${DEMO.whatsappId}/phones/${from}/messages`);
    return Array.isArray(m.body) && m.body.some((x: any) => x.direction === 'outbound')
      ? Date.now() - sent
      : undefined;
  });
  const l = await listed;
  if (process.env.VERBOSE) console.log(`${at()} listed after ${l} ms`);
  return { accepted, listed: l, answered: await answered };
}

try {
  role('api,channels,workflows');
  role('projections');
  await until('API up', async () => ((await call('GET', '/health')).status === 200 ? true : undefined));
  console.log(`${at()} API answers`);
  const token = await until('login', async () => {
    const r = await call('POST', '/auth/login', undefined, { email: DEMO.email, password: DEMO.password });
    if (r.status !== 200 && process.env.VERBOSE)
      console.log(`${at()} login: ${r.status} ${JSON.stringify(r.body)}`);
    return r.status === 200 ? (r.body.token as string) : undefined;
  });
  console.log(`${at()} demo admin logged in`);
  await until('simulator paired', async () => {
    const r = await call('GET', '/simulator/connections', token);
    return r.body?.find?.((c: any) => c.id === DEMO.whatsappId)?.status === 'CONNECTED' ? true : undefined;
  });
  console.log(`${at()} demo connection paired`);
  const first = await firstMessage(token, customer());
  console.log(
    `${at()} first customer:  accepted ${first.accepted} ms, in GET /tickets ${first.listed} ms, chatbot ${first.answered} ms`,
  );
  const second = await firstMessage(token, customer());
  console.log(
    `${at()} second customer: accepted ${second.accepted} ms, in GET /tickets ${second.listed} ms, chatbot ${second.answered} ms`,
  );
} finally {
  stopping = true;
  // BENCH_KILL=1 ends the processes as a crash would (a restart on the same DATABASE_URL then starts
  // after an unclean stop: leases and sessions left behind).
  for (const c of children) c.kill(process.env.BENCH_KILL ? 'SIGKILL' : 'SIGTERM');
  await Promise.all(
    children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.on('exit', r)))),
  );
  if (!process.env.DATABASE_URL) await dropDatabase(databaseUrl);
}
process.exit();
