// Runs only the projections role against DATABASE_URL (bench helper). With BENCH_PROFILE set, writes a
// CPU profile of this process to <BENCH_PROFILE>.projections.cpuprofile when it is stopped.

import { startZelo } from '../app/src/system.ts';
import { loadConfig } from '../services/src/platform/config.ts';
import { startProfile } from './profile.ts';

const profile = await startProfile('.projections.cpuprofile');
const z = await startZelo(loadConfig({ ...process.env, ZELO_ROLES: 'projections', ZELO_LOG: 'false' }));
process.on('SIGTERM', async () => {
  await profile.stop();
  await z.stop();
  process.exit(0);
});
console.log('ready');
