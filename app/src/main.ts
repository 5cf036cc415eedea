import { loadConfig } from '@zelo/services/platform/config';
import { startZelo, type Zelo } from './system.ts';

const config = loadConfig();

// Signals are handled from the first instant: one arriving during start-up aborts the start, which
// stops what it had started (the Temporal worker, the pools, the API if it was already listening) and
// the process exits. Without this, the Temporal runtime's own handler stopped its worker and the start
// went on to serve the API. A second signal (Ctrl-C under `npm start` sends SIGINT to the group and the
// launcher a SIGTERM) does not cut the stop short, or the channel leases would be left to lapse and the
// next start would wait for them; a stop that hangs ends the process after 15 s.
const abort = new AbortController();
let zelo: Zelo | null = null;
let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (signalled) return;
    signalled = true;
    console.log(`[zelo] ${signal}: stopping`);
    setTimeout(() => {
      console.error('[zelo] not stopped in 15 s: exiting');
      process.exit(1);
    }, 15_000).unref();
    if (zelo) void zelo.stop().finally(() => process.exit(0));
    else abort.abort(new Error(`${signal} during start-up`));
  });
}

try {
  zelo = await startZelo(config, { signal: abort.signal });
} catch (err) {
  if (abort.signal.aborted) {
    console.log('[zelo] start-up aborted: stopped what had started');
    process.exit(0);
  }
  throw err;
}
if (abort.signal.aborted) {
  // The signal came between the last step of the start and here.
  await zelo.stop();
  process.exit(0);
}
console.log(`[zelo] roles: ${[...config.roles].join(', ')}${zelo.url ? ` — API on ${zelo.url}` : ''}`);
