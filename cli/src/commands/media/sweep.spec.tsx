import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readModelMigrations } from '@zelo/projections/registry';
import { eventStoreMigrations, PostgresEventStore } from '@zelo/services/event-store/postgres';
import { mediaUploadsMigrations } from '@zelo/services/media/uploads';
import { createTestDatabase, type TestDatabase } from '@zelo/services/testing/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runZelo } from '../../testing/run-zelo.tsx';

const companyId = randomUUID();
const url = (name: string) => `/public/${companyId}/2026/01/1767225600000-${'a'.repeat(32)}-${name}`;

describe('zelo media sweep', () => {
  let db: TestDatabase;
  let mediaDir: string;
  const referenced = url('tabela.pdf');
  const orphan = url('velha.pdf');
  const recent = url('agora.pdf');
  const untracked = url('alheio.pdf');
  const fileOf = (u: string) => join(mediaDir, ...u.slice('/public/'.length).split('/'));
  const exists = (u: string) =>
    stat(fileOf(u)).then(
      () => true,
      () => false,
    );
  const zelo = (...args: string[]) =>
    runZelo(['media', 'sweep', '--media-dir', mediaDir, ...args], { databaseUrl: db.url });

  beforeAll(async () => {
    // No simulator tables here: a table the database lacks holds no references.
    db = await createTestDatabase([
      ...eventStoreMigrations,
      ...readModelMigrations,
      ...mediaUploadsMigrations,
    ]);
    mediaDir = await mkdtemp(join(tmpdir(), 'zelo-cli-sweep-'));
    const old = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    for (const u of [referenced, orphan, recent, untracked]) {
      await mkdir(dirname(fileOf(u)), { recursive: true });
      await writeFile(fileOf(u), '%PDF-1.4');
      if (u !== recent) await utimes(fileOf(u), old, old);
    }
    await db.pool.query(`INSERT INTO media_uploads (url, saved_at) VALUES ($1, $4), ($2, $4), ($3, now())`, [
      referenced,
      orphan,
      recent,
      old,
    ]);
    await db.pool.query(
      `INSERT INTO file_list_options (id, file_list_id, company_id, position, name, path)
       VALUES ($1, $2, $3, 0, 'Tabela', $4)`,
      [randomUUID(), randomUUID(), companyId, referenced],
    );
  });
  afterAll(async () => {
    await db?.drop();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('lists, then removes, only the old uploads nothing refers to', async () => {
    const dry = await zelo('--dry-run');
    expect(dry.exitCode).toBe(0);
    expect(dry.screen).toContain('Would remove 1 unreferenced upload (0.0 MB)');
    // Long paths wrap on the terminal.
    expect(dry.screen.replace(/\s/g, '')).toContain(orphan);
    expect(await exists(orphan)).toBe(true);

    const run = await zelo();
    expect(run.exitCode).toBe(0);
    expect(run.screen).toContain(`✔ Removed 1 unreferenced upload (0.0 MB) from ${mediaDir}.`);
    expect(await exists(orphan)).toBe(false);
    for (const u of [referenced, recent, untracked]) expect(await exists(u), u).toBe(true);

    const again = await zelo();
    expect(again.screen).toContain('Nothing to remove: every upload older than 24 h is still referred to.');
  });

  it('refuses while the read models have old events to apply', async () => {
    const store = new PostgresEventStore(db.pool, db.url);
    try {
      await store.appendToStream(
        `quick-messages-${companyId}`,
        [
          {
            id: randomUUID(),
            type: 'QuickMessageCreated',
            data: {},
            metadata: {
              companyId,
              actor: 'test',
              correlationId: randomUUID(),
              at: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString(),
            },
          },
        ],
        'any',
      );
    } finally {
      await store.close();
    }
    const run = await zelo('--grace-hours', '1');
    expect(run.exitCode).toBe(1);
    expect(run.screen).toMatch(/Nothing swept: the \S+ read model has events older than the grace period/);
    expect(run.screen).toContain('zelo projections status');
  });
});
