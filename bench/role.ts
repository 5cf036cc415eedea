// Runs the roles of BENCH_ROLES (default: projections) against DATABASE_URL: a bench helper, started
// by bench/measure.ts with an IPC channel. Counts the queries this process sends and answers 'stats'
// with them and its CPU seconds. With BENCH_PROFILE set, writes a CPU profile of this process to
// <BENCH_PROFILE>.<roles>.cpuprofile when it is stopped.

import { startZelo } from '../app/src/system.ts';
import { loadConfig } from '../services/src/platform/config.ts';
import { countQueries, cpuSeconds, queryCount, queryTexts } from './measure.ts';
import { startProfile } from './profile.ts';

const roles = process.env.BENCH_ROLES ?? 'projections';
countQueries();
const profile = await startProfile(`.${roles.replaceAll(',', '+')}.cpuprofile`);
const z = await startZelo(loadConfig({ ...process.env, ZELO_ROLES: roles, ZELO_LOG: 'false' }));
process.on('message', (m) => {
  if (m === 'stats') process.send?.({ cpu: cpuSeconds(), queries: queryCount.total, texts: queryTexts() });
});
process.on('SIGTERM', async () => {
  await profile.stop();
  await z.stop();
  process.exit(0);
});
// The bench gone (crashed, killed): do not outlive it.
process.on('disconnect', () => process.exit(0));
process.send?.('ready');
