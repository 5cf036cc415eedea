// The chaos run: customers writing, agents watching, a campaign and a flow running, a projection replayed,
// while every killEveryMs one process of the cluster, chosen at random, dies by SIGKILL. Then the load
// stops, everything settles, and the checks say whether anything acknowledged was lost or duplicated.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Check } from '../../bench/checks.ts';
import { seededRandom } from '../../bench/seeded-random.ts';
import { DEMO } from '../../services/src/seed.ts';
import { startAgents } from './agents.ts';
import { createFlow, startCampaign, startFlowCustomers, waitCampaign } from './automation.ts';
import { loadNumber, startCustomers } from './customers.ts';
import { loginAdmin, percentile, sleep, type Target } from './http.ts';
import { checkCampaign, checkFlows, checkInbound, checkReadModels, type InboundFigures } from './verify.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** What runChaos needs of deploy/cluster.mjs's startCluster. */
export interface ChaosCluster extends Target {
  readonly processes: { name: string; role: string; pid: number | null }[];
  kill(name: string): Promise<{ name: string; killedAt: number; readyAt: number }>;
}

export interface ChaosOptions {
  cluster: ChaosCluster;
  seconds: number;
  killEveryMs?: number;
  /** Inbound messages per second. */
  rate: number;
  /** Customers writing (default: four per message/s, at least 20). */
  customers?: number;
  campaignSize: number;
  /** Customers walking the flow (default 200), arriving within `flowArrivalMs` (20 s), thinking `flowThinkMs` (2-4 s). */
  flowCustomers?: number;
  flowArrivalMs?: number;
  flowThinkMs?: [number, number];
  /** Agent sockets (admin tabs). */
  agents: number;
  /** Default CHAOS_SEED, else random; printed so a run can be replayed. */
  seed?: number;
  /** Only these processes are killed (default CHAOS_ONLY, a comma list; else every process). */
  only?: string[];
  /** The projection replayed while everything is live. */
  replay?: string;
  log?: (line: string) => void;
}

export interface Kill {
  name: string;
  role: string;
  at: number;
  /** From SIGKILL to ready again, ms (null: not ready again). */
  downMs: number | null;
}

export interface ChaosReport {
  seed: number;
  seconds: number;
  kills: Kill[];
  recovery: { role: string; kills: number; min: number; median: number; max: number }[];
  messages: InboundFigures & {
    retried: number;
    retries: number;
    unacknowledged: number;
    skippedTicks: number;
  };
  checks: Check[];
  ok: boolean;
}

/** `npm run zelo -- projections replay <name>` against the cluster's database. */
function replayProjection(databaseUrl: string, name: string): Promise<Check> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'zelo', '--', 'projections', 'replay', name], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out = (out + d).slice(-2_000);
    });
    child.stderr.on('data', (d) => {
      out = (out + d).slice(-2_000);
    });
    child.once('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      resolve({
        name: `replay of ${name} while live`,
        ok: code === 0,
        detail: `exit ${code} after ${((Date.now() - started) / 1000).toFixed(1)} s: ${last.slice(0, 200)}`,
      });
    });
  });
}

async function waitConnected(databaseUrl: string, whatsappId: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    for (const deadline = Date.now() + 120_000; ; await sleep(250)) {
      const { rows } = await pool.query('SELECT status FROM whatsapps WHERE id = $1', [whatsappId]);
      if (rows[0]?.status === 'CONNECTED') return;
      if (Date.now() > deadline) throw new Error(`the demo connection is ${rows[0]?.status ?? 'missing'}`);
    }
  } finally {
    await pool.end();
  }
}

export async function runChaos(o: ChaosOptions): Promise<ChaosReport> {
  const log = o.log ?? ((line: string) => console.log(line));
  const seed = o.seed ?? Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
  log(`[chaos] seed ${seed} (CHAOS_SEED=${seed} replays these kills)`);
  const random = seededRandom(seed);
  const killEveryMs = o.killEveryMs ?? 10_000;
  const only = o.only ?? process.env.CHAOS_ONLY?.split(',').filter(Boolean);
  const tag = seed.toString(36).toUpperCase();
  const { cluster } = o;
  const whatsappId = DEMO.whatsappId;

  await waitConnected(cluster.databaseUrl, whatsappId);
  const api = await loginAdmin(cluster.apiUrl);
  const flow = await createFlow(api, whatsappId, tag);
  const campaign = await startCampaign(api, {
    apiUrl: cluster.apiUrl,
    databaseUrl: cluster.databaseUrl,
    whatsappId,
    size: o.campaignSize,
    spreadSeconds: o.seconds * 0.6,
  });
  log(`[chaos] flow ready; campaign of ${o.campaignSize}: ${campaign.error ?? 'scheduled'}; load starts`);

  const customerCount = o.customers ?? Math.max(20, Math.ceil(o.rate * 4));
  const agents = startAgents({
    apiUrl: cluster.apiUrl,
    token: api.token,
    companyId: api.companyId,
    count: o.agents,
    // Tab i has two customers' conversations open.
    watch: (i) => [2 * i, 2 * i + 1].filter((c) => c < customerCount).map(loadNumber),
  });
  const load = startCustomers({
    apiUrl: cluster.apiUrl,
    whatsappId,
    customers: customerCount,
    rate: o.rate,
    tag,
  });
  // Whatever happens from here, the sockets close and the load stops: nothing keeps the process alive.
  const pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 8 });
  try {
    return await killAndVerify();
  } finally {
    agents.close();
    await load.stop();
    await pool.end();
  }

  /** The flow customers, the kills and the replay; then the settling and the checks. */
  async function killAndVerify(): Promise<ChaosReport> {
    const flows = startFlowCustomers({
      apiUrl: cluster.apiUrl,
      databaseUrl: cluster.databaseUrl,
      whatsappId,
      flow,
      customers: o.flowCustomers ?? 200,
      startWithinMs: o.flowArrivalMs ?? 20_000,
      thinkMs: o.flowThinkMs ?? [2_000, 4_000],
      random,
      tag,
    });

    const started = Date.now();
    const replaying = sleep(o.seconds * 400).then(() => {
      log(`[chaos] replaying ${o.replay ?? 'conversations'} while everything runs`);
      return replayProjection(cluster.databaseUrl, o.replay ?? 'conversations');
    });
    const kills: Kill[] = [];
    const recovered: Promise<void>[] = [];
    for (let next = started + killEveryMs; next < started + o.seconds * 1000; next += killEveryMs) {
      await sleep(next - Date.now());
      const candidates = cluster.processes.filter((p) => !only || only.includes(p.name));
      const victim = candidates[Math.floor(random() * candidates.length)];
      if (!victim) continue;
      const kill: Kill = { name: victim.name, role: victim.role, at: Date.now() - started, downMs: null };
      kills.push(kill);
      log(`[chaos] ${(kill.at / 1000).toFixed(0)} s: SIGKILL ${victim.name}`);
      recovered.push(
        cluster.kill(victim.name).then(
          (r) => {
            kill.downMs = r.readyAt - r.killedAt;
            log(`[chaos] ${victim.name} ready again after ${kill.downMs} ms`);
          },
          (err) => log(`[chaos] kill of ${victim.name} failed: ${(err as Error).message}`),
        ),
      );
    }
    await sleep(started + o.seconds * 1000 - Date.now());
    log('[chaos] load stops; waiting for everything to settle');
    await load.stop();
    await Promise.race([Promise.all(recovered), sleep(180_000)]);
    await flows.done;
    const replayCheck = await replaying;
    const status = await waitCampaign(cluster.databaseUrl, campaign.id, 300_000);
    log(`[chaos] settled (campaign ${status}); verifying`);

    const inbound = await checkInbound(pool, cluster.databaseUrl, `CHAOS${tag}`, [
      ...load.messages,
      ...flows.customers.flatMap((c) => c.messages),
    ]);
    // A check that throws (a connection refused) fails alone: the others still report.
    const safely = async (name: string, run: () => Promise<Check>): Promise<Check> =>
      run().catch((err) => ({ name, ok: false, detail: `threw: ${(err as Error).message}` }));
    const checks = [
      ...inbound.checks,
      await safely('each campaign phone got one message', () =>
        checkCampaign(pool, whatsappId, campaign, status),
      ),
      await safely('each flow message once and in order', () =>
        checkFlows(pool, whatsappId, flow, flows.customers),
      ),
      await safely('every socket converged', () => agents.converged(60_000)),
      replayCheck,
      {
        name: 'every killed process ready again',
        ok: kills.every((k) => k.downMs !== null),
        detail: `${kills.filter((k) => k.downMs !== null).length} of ${kills.length}`,
      },
      await safely('read models equal a replay', () => checkReadModels(pool, cluster.databaseUrl)),
    ];
    const all = [...load.messages, ...flows.customers.flatMap((c) => c.messages)];
    const roles = [...new Set(kills.map((k) => k.role))].sort();
    return {
      seed,
      seconds: o.seconds,
      kills,
      recovery: roles.map((role) => {
        const downs = kills
          .filter((k) => k.role === role && k.downMs !== null)
          .map((k) => k.downMs as number);
        return {
          role,
          kills: kills.filter((k) => k.role === role).length,
          min: percentile(downs, 0),
          median: percentile(downs, 50),
          max: percentile(downs, 100),
        };
      }),
      messages: {
        ...inbound.figures,
        retried: all.filter((m) => m.attempts > 1).length,
        retries: all.reduce((n, m) => n + m.attempts - 1, 0),
        unacknowledged: all.filter((m) => !m.acknowledged).length,
        skippedTicks: load.skipped(),
      },
      checks,
      ok: checks.every((c) => c.ok),
    };
  }
}

/** The report as the terminal shows it. */
export function formatReport(r: ChaosReport): string {
  const lines = [
    `seed ${r.seed} (CHAOS_SEED=${r.seed}), ${r.seconds} s, ${r.kills.length} kills: ${r.kills.map((k) => k.name).join(', ')}`,
    '',
    'role         kills  ready again after (ms): min / median / max',
    ...r.recovery.map(
      (x) =>
        `${x.role.padEnd(12)} ${String(x.kills).padStart(5)}  ${[x.min, x.median, x.max].map((v) => (Number.isNaN(v) ? '-' : String(v))).join(' / ')}`,
    ),
    '',
    `messages: ${r.messages.sent} sent, ${r.messages.acknowledged} acknowledged, ${r.messages.stored} stored, ` +
      `${r.messages.lost} lost, ${r.messages.duplicated} duplicated; ${r.messages.retried} needed a retry ` +
      `(${r.messages.retries} retries), ${r.messages.unacknowledged} never acknowledged, ${r.messages.skippedTicks} ticks without an idle customer`,
    '',
    ...r.checks.map((c) => `${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`),
  ];
  return lines.join('\n');
}
