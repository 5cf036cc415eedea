import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

// Secrets and security knobs of the configuration (issue 7: no signing secret in the repository).

describe('configuration', () => {
  it('without JWT_SECRET outside production: no secret configured (one is generated on first start)', () => {
    const config = loadConfig({});
    expect(config.jwtSecret).toBeNull();
    expect(config.refreshSecret).toBeNull();
  });

  it('production refuses to start without JWT_SECRET, whatever else is set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: '   ' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's3cr3t-from-the-vault' }).jwtSecret).toBe(
      's3cr3t-from-the-vault',
    );
  });

  it('each process opens at most ZELO_DB_POOL_MAX connections (20 unless set), a whole number from 2 to 200', () => {
    expect(loadConfig({}).databasePoolMax).toBe(20);
    expect(loadConfig({ ZELO_DB_POOL_MAX: '8' }).databasePoolMax).toBe(8);
    for (const bad of ['0', '1', '8.5', 'ten', '1000'])
      expect(() => loadConfig({ ZELO_DB_POOL_MAX: bad })).toThrow(/ZELO_DB_POOL_MAX/);
  });

  it("each database has its own Temporal task queue (npm start's stays `zelo`), unless one is set", () => {
    expect(loadConfig({}).temporalTaskQueue).toBe('zelo');
    expect(
      loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/zelo_test_ab12' }).temporalTaskQueue,
    ).toBe('zelo_test_ab12');
    expect(
      loadConfig({ DATABASE_URL: 'postgres://h/zelo_test_ab12', TEMPORAL_TASK_QUEUE: 'mine' })
        .temporalTaskQueue,
    ).toBe('mine');
  });

  it('password hashes at N=2^17 unless lowered, and never lowered in production', () => {
    expect(loadConfig({}).passwordHashLog2N).toBe(17);
    expect(loadConfig({ ZELO_PASSWORD_HASH_LOG2N: '12' }).passwordHashLog2N).toBe(12);
    expect(() => loadConfig({ ZELO_PASSWORD_HASH_LOG2N: 'abc' })).toThrow();
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ZELO_PASSWORD_HASH_LOG2N: '12' }),
    ).toThrow(/production/);
  });

  it('the refresh cookie is Secure per COOKIE_SECURE, or per request protocol by default', () => {
    expect(loadConfig({}).cookieSecure).toBe('auto');
    expect(loadConfig({ COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
    expect(loadConfig({ COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
  });

  it('TRUST_PROXY: off by default; true, a hop count or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (a: string, hop: number) => boolean;
    expect([hops('1.2.3.4', 0), hops('1.2.3.4', 1)]).toEqual([true, false]);
  });
});
