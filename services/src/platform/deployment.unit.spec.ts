import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

// Issue 7: the simulator (no sessions) and the demo company (a public password) belong to the embedded
// `npm start`, never to a production deployment by default.

const production = { NODE_ENV: 'production', JWT_SECRET: 'a-secret-from-the-vault-0123456789' };

describe('demo parts and production', () => {
  it('npm start (no NODE_ENV) keeps the simulator and the demo company', () => {
    const config = loadConfig({});
    expect(config.simulator).toBe(true);
    expect(config.seedDemo).toBe(true);
  });

  it('production runs without them by default', () => {
    const config = loadConfig(production);
    expect(config.simulator).toBe(false);
    expect(config.seedDemo).toBe(false);
  });

  it('production refuses ZELO_SIMULATOR=true or ZELO_SEED_DEMO=true unless forced', () => {
    expect(() => loadConfig({ ...production, ZELO_SIMULATOR: 'true' })).toThrow(
      /ZELO_ALLOW_DEMO_IN_PRODUCTION/,
    );
    expect(() => loadConfig({ ...production, ZELO_SEED_DEMO: 'true' })).toThrow(
      /ZELO_ALLOW_DEMO_IN_PRODUCTION/,
    );
    const forced = loadConfig({
      ...production,
      ZELO_SIMULATOR: 'true',
      ZELO_ALLOW_DEMO_IN_PRODUCTION: 'true',
    });
    expect(forced.simulator).toBe(true);
  });

  it('the first super-admin comes from ZELO_ADMIN_EMAIL / ZELO_ADMIN_PASSWORD; an empty password is none', () => {
    expect(loadConfig({ ZELO_ADMIN_EMAIL: 'ops@example.com', ZELO_ADMIN_PASSWORD: 'p' }).firstAdmin).toEqual({
      email: 'ops@example.com',
      password: 'p',
    });
    expect(loadConfig({ ZELO_ADMIN_PASSWORD: '' }).firstAdmin).toEqual({ email: null, password: null });
  });
});
