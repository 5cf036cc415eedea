import { randomBytes } from 'node:crypto';
import { type fixedClock, systemClock } from '@zelo/services/platform/clock';
import { loadConfig } from '@zelo/services/platform/config';
import { dropDatabase } from '@zelo/services/platform/db';
import { DEMO } from '@zelo/services/seed';
import { testServerUrl } from '@zelo/services/testing/database';
import { endWorkflowsOn } from '@zelo/workflows/testing/end-workflows';
import { testNamespace } from '@zelo/workflows/testing/namespace';
import { startZelo, type Zelo } from '../system.ts';

export interface TestSystem extends Zelo {
  url: string;
  databaseUrl: string;
  /** fetch against the API with JSON in and out. */
  api(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; cookie?: string },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  login(email: string, password: string): Promise<{ token: string; user: any; cookie: string }>;
  /** A second tenant: signs a company up on the n-th plan as a visitor would, then logs its admin in. */
  signUpCompany(
    name: string,
    email: string,
    password: string,
    planIndex?: number,
  ): Promise<{ token: string; user: any; cookie: string; companyId: string }>;
  /** Stops everything and drops the database, unless `keepDatabase` (a restart test reuses it). */
  close(options?: { keepDatabase?: boolean }): Promise<void>;
}

/**
 * The whole product on a fresh database of the machine's PostgreSQL, API on a free port,
 * simulator channel, demo company seeded. Workflows are off unless a test starts them.
 */
export async function startTestSystem(
  options: {
    clock?: ReturnType<typeof fixedClock>;
    env?: Record<string, string>;
    databaseUrl?: string;
    /** The API's log lines go here (the logger is off otherwise). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestSystem> {
  const databaseUrl = options.databaseUrl ?? `${testServerUrl}/zelo_test_${randomBytes(5).toString('hex')}`;
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    ZELO_ROLES: 'api,projections,channels',
    ZELO_LOG: 'false',
    // Password hashes at a test cost (production refuses to lower it): tests create and log in many users.
    ZELO_PASSWORD_HASH_LOG2N: '12',
    TEMPORAL_NAMESPACE: testNamespace(),
    ...options.env,
  });
  const zelo = await startZelo(config, { clock: options.clock ?? systemClock, logStream: options.logStream });
  const url = zelo.url!;
  // The seeded simulator connection pairs once the worker saw it projected; tests start after that.
  // Ready means what a test expects of a fresh start: the seed projected (the demo admin can log in)
  // and the simulator paired. Projections may lag behind a long transaction elsewhere on the server
  // (pg_snapshot_xmin is server-wide), so wait generously, and fail loudly rather than test half a system.
  const deadline = Date.now() + 60_000;
  const ready = async () => {
    // Without autoPair the demo connection waits for a scan (a test that pairs it itself).
    // Without projections in this process (a benchmark runs them in another), nothing is projected
    // yet: the caller waits for the pairing once its projector runs.
    if (!config.roles.has('projections')) return true;
    const pairing = config.demoAutoPair && zelo.channels && zelo.simulator;
    if (pairing && !zelo.simulator?.isConnected(DEMO.whatsappId)) return false;
    const { rows } = await zelo.ctx.pool.query(
      'SELECT 1 FROM users u JOIN companies c ON c.id = u.company_id WHERE u.id = $1',
      [DEMO.adminId],
    );
    return rows.length > 0;
  };
  while (!(await ready())) {
    if (Date.now() > deadline) {
      await zelo.stop();
      throw new Error('test system not ready in 60 s (seed not projected or simulator not paired)');
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const api: TestSystem['api'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = {};
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.cookie) headers.cookie = o.cookie;
    const res = await fetch(`${url}${path}`, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
  const login: TestSystem['login'] = async (email, password) => {
    const r = await api('POST', '/auth/login', { body: { email, password } });
    if (r.status !== 200) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
    const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0];
    return { token: r.body.token, user: r.body.user, cookie };
  };
  return {
    ...zelo,
    url,
    databaseUrl,
    api,
    login,
    async signUpCompany(name, email, password, planIndex = 0) {
      const plans = await api('GET', '/plans/list');
      const signUp = await api('POST', '/companies/cadastro', {
        body: { name, email, phone: '11988880000', password, planId: plans.body[planIndex].id },
      });
      if (signUp.status !== 201)
        throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
      return { ...(await login(email, password)), companyId: signUp.body.id as string };
    },
    async close(o = {}) {
      await zelo.stop();
      if (o.keepDatabase) return;
      // What this system started on the shared dev server ends with its database.
      if (config.roles.has('workflows'))
        await endWorkflowsOn(
          config.temporalAddress,
          config.temporalTaskQueue,
          config.temporalNamespace,
        ).catch(() => 0);
      await dropDatabase(databaseUrl);
    },
  };
}

export { DEMO };
