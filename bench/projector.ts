// Runs only the projections role against DATABASE_URL (bench helper). With BENCH_PROFILE set, writes a
// CPU profile of this process to <BENCH_PROFILE>.projections.cpuprofile when it is stopped.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadConfig } from '../services/src/platform/config.ts';
import { startZelo } from '../services/src/system.ts';

const profiler = process.env.BENCH_PROFILE ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const z = await startZelo(loadConfig({ ...process.env, ZELO_ROLES: 'projections', ZELO_LOG: 'false' }));
process.on('SIGTERM', async () => {
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(`${process.env.BENCH_PROFILE}.projections.cpuprofile`, JSON.stringify(profile));
  }
  await z.stop();
  process.exit(0);
});
console.log('ready');
