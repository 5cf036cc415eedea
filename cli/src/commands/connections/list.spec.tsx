import { randomUUID } from 'node:crypto';
import { connectionsMigrations } from '@zelo/projections/connections/whatsapps';
import { leaseMigrations } from '@zelo/services/channels/leases';
import { migrate } from '@zelo/services/platform/migrate';
import { createTestDatabase, type TestDatabase } from '@zelo/services/testing/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runZelo } from '../../testing/run-zelo.tsx';

process.env.TZ = 'UTC';

describe('zelo connections list', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase([]);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('says the read model is missing rather than failing obscurely', async () => {
    const { screen, exitCode } = await runZelo(['connections', 'list'], { databaseUrl: db.url });
    expect(exitCode).toBe(1);
    expect(screen).toContain('✖ This database has no whatsapps read model yet.');
  });

  it('lists connections with their company and status', async () => {
    await migrate(db.pool, connectionsMigrations);
    let run = await runZelo(['connections', 'list'], { databaseUrl: db.url });
    expect(run.screen).toContain('No WhatsApp connections.');

    const acme = randomUUID();
    const globex = randomUUID();
    const add = (company: string, name: string, status: string) =>
      db.pool.query(
        `INSERT INTO whatsapps (id, company_id, name, status, is_default, provider, token, settings, queue_ids, created_at, updated_at)
         VALUES ($1, $2, $3, $4, true, 'beta', $5, '{}', '{}', now(), '2025-03-01T09:30:00Z')`,
        [randomUUID(), company, name, status, randomUUID()],
      );
    await add(acme, 'Acme sales', 'CONNECTED');
    await add(globex, 'Globex', 'qrcode');

    run = await runZelo(['connections', 'list'], { databaseUrl: db.url });
    expect(run.exitCode).toBe(0);
    const lines = run.screen.split('\n').map((l) => l.trimEnd());
    const [acmeAt, globexAt] = [lines.indexOf(`Company ${acme}`), lines.indexOf(`Company ${globex}`)];
    expect(acmeAt).toBeGreaterThanOrEqual(0);
    expect(lines[acmeAt + 1]).toMatch(/^ID\s+STATUS\s+UPDATED\s+NAME\s+WORKER$/);
    expect(lines[acmeAt + 2]).toMatch(
      /^[0-9a-f-]{36} {2}CONNECTED {2}01\/03\/2025 09:30:00 {2}Acme sales {2}—$/,
    );
    expect(lines[globexAt + 2]).toMatch(/^[0-9a-f-]{36} {2}qrcode {2}01\/03\/2025 09:30:00 {2}Globex\s+—$/);
    expect(run.screen).toContain('2 connections, 1 connected');

    // With channel workers running, each connection names the worker holding its lease.
    await migrate(db.pool, leaseMigrations);
    await db.pool.query(
      `INSERT INTO channel_leases (whatsapp_id, owner, expires_at)
       SELECT id, CASE WHEN name = 'Globex' THEN 'worker-b' ELSE 'worker-a' END,
              CASE WHEN name = 'Globex' THEN now() - interval '1 minute' ELSE now() + interval '1 minute' END
         FROM whatsapps`,
    );
    run = await runZelo(['connections', 'list'], { databaseUrl: db.url });
    expect(run.screen).toMatch(/Acme sales {2}worker-a$/m);
    expect(run.screen).toMatch(/Globex {2}worker-b \(lapsed\)$/m);

    run = await runZelo(['connections', 'list', '--company', globex], { databaseUrl: db.url });
    expect(run.screen).not.toContain('Acme sales');
    expect(run.screen).toContain('1 connection, 0 connected');

    // With the tenancy read model, companies go by name.
    await db.pool.query('CREATE TABLE companies (id uuid PRIMARY KEY, name text NOT NULL)');
    await db.pool.query(`INSERT INTO companies VALUES ($1, 'Acme Ltd')`, [acme]);
    run = await runZelo(['connections', 'list'], { databaseUrl: db.url });
    expect(run.screen).toContain(`Company Acme Ltd (${acme})`);
    expect(run.screen).toContain(`Company ${globex}`);
  });
});
