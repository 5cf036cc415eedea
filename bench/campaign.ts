// `npm run bench:campaign`: the campaign benchmark's phases, each in a process of its own (the Temporal
// runtime is installed once per process):
//   pacing      bench/campaign-pacing.ts: the workflow's pacing accuracy at 2 s gaps (about 4 minutes)
//   throughput  bench/campaign-throughput.ts: interval 0 over 10 connections while inbound traffic runs,
//               and the inbound latency during it (see that file for its sizes)
// BENCH_PHASES=pacing or BENCH_PHASES=throughput runs one; the default runs both, in that order.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const phases = (process.env.BENCH_PHASES ?? 'pacing,throughput').split(',').map((p) => p.trim());
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
let failed = 0;
for (const phase of phases) {
  if (phase !== 'pacing' && phase !== 'throughput') {
    console.error(`unknown phase ${phase} (pacing, throughput)`);
    process.exit(2);
  }
  console.log(`\n== campaign ${phase} ==`);
  const child = spawn(tsx, [fileURLToPath(new URL(`./campaign-${phase}.ts`, import.meta.url))], {
    stdio: 'inherit',
  });
  const code = await new Promise<number>((r) => child.once('exit', (c) => r(c ?? 1)));
  if (code !== 0) failed = code;
}
process.exit(failed);
