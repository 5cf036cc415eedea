// Runs only the projections role against DATABASE_URL (bench helper).
import { loadConfig } from '../services/src/platform/config.ts';
import { startZelo } from '../services/src/system.ts';

const z = await startZelo(loadConfig({ ...process.env, ZELO_ROLES: 'projections', ZELO_LOG: 'false' }));
process.on('SIGTERM', () => void z.stop().then(() => process.exit(0)));
console.log('ready');
