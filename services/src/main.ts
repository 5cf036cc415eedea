import { loadConfig } from './platform/config.ts';
import { startZelo } from './system.ts';

const config = loadConfig();
const zelo = await startZelo(config);
console.log(`[zelo] roles: ${[...config.roles].join(', ')}${zelo.url ? ` — API on ${zelo.url}` : ''}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.log(`[zelo] ${signal}: stopping`);
    void zelo.stop().finally(() => process.exit(0));
  });
}
