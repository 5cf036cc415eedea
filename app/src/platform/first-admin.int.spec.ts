import { randomBytes } from 'node:crypto';
import { loadConfig } from '@zelo/services/platform/config';
import { dropDatabase } from '@zelo/services/platform/db';
import { testServerUrl } from '@zelo/services/testing/database';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startZelo, type Zelo } from '../system.ts';

// A real deployment (no demo seed, no simulator) still has someone to log in as: the first
// super-admin, created once, by one process even when several start at once, its password from the
// environment or printed once.

const databaseUrl = `${testServerUrl}/zelo_test_${randomBytes(5).toString('hex')}`;
const env = {
  DATABASE_URL: databaseUrl,
  PORT: '0',
  HOST: '127.0.0.1',
  ZELO_LOG: 'false',
  ZELO_PASSWORD_HASH_LOG2N: '12',
  ZELO_SIMULATOR: 'false',
  ZELO_SEED_DEMO: 'false',
};
const systems: Zelo[] = [];
afterAll(async () => {
  for (const z of systems) await z.stop();
  await dropDatabase(databaseUrl);
});

/** Retries while the sign-up is being projected (`waitMs`); a refusal after that is final. */
async function login(url: string, email: string, password: string, waitMs = 20_000) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const res = await fetch(`${url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (res.status === 200 || Date.now() > deadline) return { status: res.status, body: await res.json() };
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('first super-admin of a deployment without the demo', () => {
  it('two API processes starting at once create one, with a random password printed once', async () => {
    const log = vi.spyOn(console, 'log');
    let calls: string[] = [];
    try {
      systems.push(
        ...(await Promise.all([
          startZelo(loadConfig({ ...env, ZELO_ROLES: 'api,projections' })),
          startZelo(loadConfig({ ...env, ZELO_ROLES: 'api' })),
        ])),
      );
    } finally {
      calls = log.mock.calls.map((c) => String(c[0]));
      log.mockRestore();
    }
    const printed = calls.filter((l) => l.includes('first super-admin'));
    expect(printed).toHaveLength(1);
    const [, email, password] = printed[0].match(/created: (\S+) \/ (\S+)/) ?? [];
    expect(email).toBe('admin@zelo.local');
    const r = await login(systems[0].url!, email, password);
    expect(r.status).toBe(200);
    expect(r.body.user.super).toBe(true);
    // No simulator: its session-less endpoints are not there.
    expect((await fetch(`${systems[0].url}/simulator/connections`)).status).toBe(404);
    // The demo admin does not exist.
    expect((await login(systems[0].url!, 'admin@zelo.dev', 'admin123', 0)).status).not.toBe(200);
  }, 90_000);

  it('a later start with ZELO_ADMIN_PASSWORD set changes nothing and prints nothing', async () => {
    const log = vi.spyOn(console, 'log');
    let calls: string[] = [];
    try {
      systems.push(
        await startZelo(loadConfig({ ...env, ZELO_ROLES: 'api', ZELO_ADMIN_PASSWORD: 'another-password' })),
      );
    } finally {
      calls = log.mock.calls.map((c) => String(c[0]));
      log.mockRestore();
    }
    expect(calls.filter((l) => l.includes('super-admin'))).toEqual([]);
    expect((await login(systems[2].url!, 'admin@zelo.local', 'another-password', 0)).status).not.toBe(200);
  }, 60_000);
});
