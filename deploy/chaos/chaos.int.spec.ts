import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePortBase, startCluster } from '../cluster.mjs';
import { type ChaosReport, formatReport, runChaos } from './chaos.ts';

// The short chaos run of the suite (npm run test:chaos runs 3 minutes): a cluster of its own, about
// 60 s of customers, agents' sockets, a campaign and a flow while a process dies every 10 s.
type Cluster = Awaited<ReturnType<typeof startCluster>>;
let cluster: Cluster;
let report: ChaosReport;
const logs: string[] = [];
const name = `test_chaos_${process.pid}`;

beforeAll(async () => {
  cluster = await startCluster({
    name,
    portBase: await freePortBase(),
    counts: { api: 2, channels: 2, workflows: 2 },
    web: false,
    log: (line: string) => {
      logs.push(line);
      if (logs.length > 3_000) logs.shift();
    },
  });
}, 600_000);

afterAll(async () => {
  await cluster?.stop();
  rmSync(fileURLToPath(new URL(`../../.data/${name}`, import.meta.url)), { recursive: true, force: true });
}, 120_000);

describe('the cluster under chaos (a process killed every 10 s)', () => {
  it('keeps every acknowledged message once and in order, every socket converges, replays agree', async () => {
    report = await runChaos({
      cluster,
      seconds: 60,
      killEveryMs: 10_000,
      rate: 8,
      campaignSize: 40,
      // The shape that once left 79 of 200 waiting: arriving within 20 s, 2-4 s to answer each question.
      flowCustomers: 200,
      agents: 4,
      log: (line) => logs.push(line),
    });
    console.log(formatReport(report));
    if (!report.ok) console.log(logs.slice(-300).join('\n'));
    expect(report.kills.length).toBeGreaterThanOrEqual(5);
    expect(report.messages.acknowledged).toBeGreaterThan(300);
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
  }, 900_000);
});
