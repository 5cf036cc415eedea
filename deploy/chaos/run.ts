/**
 * `npm run test:chaos`: a cluster of its own (deploy/cluster.mjs: Temporal on PostgreSQL, nginx, 2 API,
 * 2 channel and 2 workflow processes, the projections) under CHAOS_SECONDS (180) of chaos, one process
 * killed every CHAOS_KILL_EVERY_MS (10 000); prints the report and exits 1 on any failed check.
 *
 *   CHAOS_SEED (replays a run's kills), CHAOS_RATE (inbound messages/s, 150: about half of what 2 API processes take here, bench:cluster), CHAOS_CAMPAIGN (recipients,
 *   300), CHAOS_FLOW_CUSTOMERS (200, arriving within 20 s, 2-4 s think time), CHAOS_AGENTS (sockets, 10), CHAOS_ONLY (process names to kill, e.g.
 *   `nginx,api-1`; default all), CHAOS_KEEP=1 keeps the databases.
 * Every process's output goes to .data/<cluster>/cluster.log.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePortBase, startCluster } from '../cluster.mjs';
import { formatReport, runChaos } from './chaos.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const name = `chaos_${process.pid}`;
const dir = fileURLToPath(new URL(`../../.data/${name}/`, import.meta.url));
mkdirSync(dir, { recursive: true });
const logFile = createWriteStream(`${dir}cluster.log`);
console.log(`[chaos] cluster ${name}; its processes' output in ${dir}cluster.log`);

const cluster = await startCluster({
  name,
  portBase: await freePortBase(),
  counts: { api: 2, channels: 2, workflows: 2 },
  web: false,
  log: (line: string) => logFile.write(`${line}\n`),
});
let ok = false;
try {
  const report = await runChaos({
    cluster,
    seconds: env('CHAOS_SECONDS', 180),
    killEveryMs: env('CHAOS_KILL_EVERY_MS', 10_000),
    rate: env('CHAOS_RATE', 150),
    campaignSize: env('CHAOS_CAMPAIGN', 300),
    flowCustomers: env('CHAOS_FLOW_CUSTOMERS', 200),
    agents: env('CHAOS_AGENTS', 10),
  });
  console.log(`\n${formatReport(report)}`);
  ok = report.ok;
} catch (err) {
  console.error(err);
} finally {
  await cluster.stop({ keepDatabases: process.env.CHAOS_KEEP === '1' });
  logFile.end();
}
process.exit(ok ? 0 : 1);
