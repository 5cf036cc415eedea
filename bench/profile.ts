// BENCH_PROFILE=<file>: a CPU profile of the calling process, to open in Chrome's DevTools. Without
// the variable, nothing is recorded and `stop` writes nothing.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/** Starts profiling when BENCH_PROFILE is set; `stop()` writes the profile to `<BENCH_PROFILE><suffix>`. */
export async function startProfile(suffix = ''): Promise<{ stop(): Promise<void> }> {
  const file = process.env.BENCH_PROFILE;
  if (!file) return { stop: async () => {} };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(`${file}${suffix}`, JSON.stringify(profile));
    },
  };
}
