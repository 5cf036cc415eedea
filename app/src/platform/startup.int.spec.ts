import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { dropDatabase, ensureDatabase } from '@zelo/services/platform/db';
import { testServerUrl } from '@zelo/services/testing/database';
import { describe, expect, it } from 'vitest';
import { DEMO, startTestSystem } from '../testing/system.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const freshUrl = () => `${testServerUrl}/zelo_test_${randomBytes(5).toString('hex')}`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}

describe('start-up', () => {
  it('several processes creating one missing database at once all go on', async () => {
    const url = freshUrl();
    try {
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => ensureDatabase(url)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    } finally {
      await dropDatabase(url);
    }
  });

  it('two roles starting at once on a fresh database both come up and serve', async () => {
    const databaseUrl = freshUrl();
    // Both create the database, migrate and seed; one also projects (it is ready once the seed is
    // projected), the other holds the channel.
    const started = await Promise.allSettled([
      startTestSystem({ databaseUrl, env: { ZELO_ROLES: 'api,projections' } }),
      startTestSystem({ databaseUrl, env: { ZELO_ROLES: 'api,channels' } }),
    ]);
    const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      expect(started.filter((s) => s.status === 'rejected')).toEqual([]);
      for (const system of up) {
        const { token } = await system.login(DEMO.email, DEMO.password);
        expect((await system.api('GET', '/queue', { token })).status).toBe(200);
      }
    } finally {
      for (const system of up) await system.close({ keepDatabase: true });
      await dropDatabase(databaseUrl);
    }
  }, 120_000);

  it('a SIGTERM during start-up stops what had started and the process exits, nothing listening', async () => {
    const databaseUrl = freshUrl();
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'app/src/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        ZELO_ROLES: 'api,workflows',
        ZELO_LOG: 'false',
        ZELO_PASSWORD_HASH_LOG2N: '12',
        TEMPORAL_TASK_QUEUE: `zelo_test_${randomBytes(4).toString('hex')}`,
      },
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      // Mid-start: the Temporal worker runs (its timers' runners and the API are still to come).
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no worker start-up seen:\n${output}`)), 90_000);
        const seen = (chunk: Buffer) => {
          output += chunk.toString();
          if (/Worker state changed[^}]*RUNNING/.test(output)) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout?.on('data', seen);
        child.stderr?.on('data', seen);
      });
      child.kill('SIGTERM');
      const code = await Promise.race([
        exited,
        new Promise<'running'>((r) => setTimeout(() => r('running'), 20_000)),
      ]);
      expect(code).toBe(0);
      await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      await dropDatabase(databaseUrl);
    }
  }, 150_000);
});
