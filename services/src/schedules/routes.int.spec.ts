import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jwt from '@fastify/jwt';
import { CheckpointWatcher } from '@zelo/projections/checkpoint-watcher';
import { contactsMigrations, contactsProjection } from '@zelo/projections/contacts/contacts';
import { checkpointMigration, ProjectionRunner } from '@zelo/projections/runner';
import { schedulesMigrations, schedulesProjection } from '@zelo/projections/schedules/schedules';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../api/errors.ts';
import { installAuthentication } from '../auth/authenticate.ts';
import { createContact } from '../contacts/handlers.ts';
import { eventStoreMigrations, PostgresEventStore } from '../event-store/postgres.ts';
import { localMediaStorage } from '../media/storage.ts';
import { systemClock } from '../platform/clock.ts';
import type { Deps } from '../platform/command-handler.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { runScheduleCommand } from './handlers.ts';
import { schedulesRoutes } from './routes.ts';

const companyA = randomUUID();
const companyB = randomUUID();
const userA = randomUUID();
const userB = randomUUID();

let db: TestDatabase;
let store: PostgresEventStore;
let deps: Deps;
let runner: ProjectionRunner;
let watcher: CheckpointWatcher;
let app: FastifyInstance;
let tokenA: string;
let tokenB: string;
let contactA: string;
let contactB: string;

beforeAll(async () => {
  db = await createTestDatabase([
    ...eventStoreMigrations,
    checkpointMigration,
    ...contactsMigrations,
    ...schedulesMigrations,
  ]);
  store = new PostgresEventStore(db.pool, db.url);
  deps = { store, clock: systemClock };
  watcher = new CheckpointWatcher(db.url, (a, b) => store.comparePositions(a, b));
  await watcher.start(db.pool);
  runner = new ProjectionRunner(db.pool, store, [contactsProjection, schedulesProjection], { pollMs: 50 });
  runner.on('applied', (name: string, position: string) => watcher.record(name, position));
  runner.start();

  app = Fastify();
  installErrorHandler(app);
  await app.register(jwt, { secret: 'test-secret' });
  // No users read model here: the session is the token's user, with no queues.
  installAuthentication(app, async (c) => ({
    id: c.id,
    companyId: c.companyId,
    profile: c.profile,
    super: c.super,
    queueIds: [],
    allTicket: false,
  }));
  // As api/app.ts mounts them: inside the scope whose one hook checks the session.
  await app.register(async (authed) => {
    authed.addHook('onRequest', authed.authenticate);
    // The attachment's uploads are covered by app/src/schedules/schedule-media.int.spec.ts.
    const media = localMediaStorage(join(tmpdir(), `zelo-schedules-routes-${randomUUID()}`), systemClock);
    await authed.register(schedulesRoutes, { ctx: { deps, pool: db.pool, watcher }, media });
  });
  await app.ready();
  tokenA = app.jwt.sign({ id: userA, companyId: companyA, profile: 'user', super: false });
  tokenB = app.jwt.sign({ id: userB, companyId: companyB, profile: 'user', super: false });

  const contact = { email: '', isGroup: false, profilePicUrl: '', extraInfo: [] };
  contactA = (
    await createContact(
      deps,
      companyA,
      { ...contact, name: 'Maria Souza', number: '5511999990001' },
      { companyId: companyA, actor: userA },
    )
  ).contactId;
  contactB = (
    await createContact(
      deps,
      companyB,
      { ...contact, name: 'João Lima', number: '5511999990002' },
      { companyId: companyB, actor: userB },
    )
  ).contactId;
});

afterAll(async () => {
  await app?.close();
  await runner?.stop();
  await watcher?.stop();
  await store?.close();
  await db?.drop();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: payload as never });

const sendAt = '2030-01-31T14:00:00.000Z';

describe('schedules routes', () => {
  it('creates a pending schedule and answers it with its contact', async () => {
    const r = await call('POST', '/schedules', tokenA, {
      body: 'Lembrete da consulta',
      contactId: contactA,
      sendAt,
    });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({
      body: 'Lembrete da consulta',
      contactId: contactA,
      contact: { id: contactA, name: 'Maria Souza' },
      sendAt,
      sentAt: null,
      status: 'PENDENTE',
      userId: userA,
    });
  });

  it('refuses a short body, a missing contact and a missing sendAt with 400 ERR_VALIDATION', async () => {
    const short = await call('POST', '/schedules', tokenA, { body: 'oi', contactId: contactA, sendAt });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    expect(short.json().message).toContain('Mensagem muito curta');

    const noContact = await call('POST', '/schedules', tokenA, { body: 'Lembrete da consulta', sendAt });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().message).toContain('contactId: Obrigatório');

    const noDate = await call('POST', '/schedules', tokenA, {
      body: 'Lembrete da consulta',
      contactId: contactA,
      sendAt: '',
    });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().message).toContain('sendAt: Obrigatório');

    const badDate = await call('POST', '/schedules', tokenA, {
      body: 'Lembrete da consulta',
      contactId: contactA,
      sendAt: 'amanhã',
    });
    expect(badDate.statusCode).toBe(400);
  });

  it("refuses another company's contact", async () => {
    const r = await call('POST', '/schedules', tokenA, {
      body: 'Lembrete da consulta',
      contactId: contactB,
      sendAt,
    });
    expect(r.statusCode).toBe(404);
    expect(r.json().error).toBe('ERR_NO_CONTACT_FOUND');
  });

  it('lists, reads, edits and deletes within the company only', async () => {
    const created = (
      await call('POST', '/schedules', tokenA, { body: 'Confirmar pedido 123', contactId: contactA, sendAt })
    ).json();
    const path = `/schedules/${created.id}`;

    const list = (await call('GET', '/schedules?searchParam=pedido', tokenA)).json();
    expect(list.schedules.map((s: { id: string }) => s.id)).toEqual([created.id]);
    expect(list).toMatchObject({ count: 1, hasMore: false });
    expect(
      (await call('GET', `/schedules?contactId=${contactA}`, tokenA)).json().count,
    ).toBeGreaterThanOrEqual(2);
    expect((await call('GET', '/schedules', tokenB)).json()).toEqual({
      schedules: [],
      count: 0,
      hasMore: false,
    });

    for (const [method, payload] of [
      ['GET'],
      ['PUT', { body: 'Invasão de outra empresa', contactId: contactB, sendAt }],
      ['DELETE'],
    ] as const) {
      const r = await call(method, path, tokenB, payload);
      expect(r.statusCode, method).toBe(404);
      expect(r.json().error, method).toBe('ERR_NO_SCHEDULE_FOUND');
    }

    const moved = await call('PUT', path, tokenA, {
      body: 'Confirmar pedido 123 amanhã',
      contactId: contactA,
      sendAt: '2030-02-01T14:00:00-03:00',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      sendAt: '2030-02-01T17:00:00.000Z',
      body: 'Confirmar pedido 123 amanhã',
      status: 'PENDENTE',
    });

    expect((await call('DELETE', path, tokenA)).statusCode).toBe(200);
    expect((await call('GET', path, tokenA)).statusCode).toBe(404);
  });

  it('refuses to edit or delete a sent schedule with ERR_SCHEDULE_ALREADY_SENT', async () => {
    const created = (
      await call('POST', '/schedules', tokenA, { body: 'Lembrete enviado', contactId: contactA, sendAt })
    ).json();
    await runScheduleCommand(
      deps,
      {
        type: 'MarkScheduleSent',
        scheduleId: created.id,
        companyId: companyA,
        messageId: randomUUID(),
        sentAt: sendAt,
      },
      { companyId: companyA, actor: 'system:schedules' },
    );
    const edit = await call('PUT', `/schedules/${created.id}`, tokenA, {
      body: 'Lembrete alterado',
      contactId: contactA,
      sendAt,
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error).toBe('ERR_SCHEDULE_ALREADY_SENT');
    expect((await call('DELETE', `/schedules/${created.id}`, tokenA)).json().error).toBe(
      'ERR_SCHEDULE_ALREADY_SENT',
    );
  });

  it('narrows the list to a window of send times (the calendar asks for one month)', async () => {
    const body = 'Janela de março';
    const at = (iso: string) =>
      call('POST', '/schedules', tokenA, { body, contactId: contactA, sendAt: iso }).then((r) => r.json().id);
    const [lastOfFeb, firstOfMarch, lastOfMarch, firstOfApril] = [
      await at('2031-02-28T23:59:59.000Z'),
      await at('2031-03-01T00:00:00.000Z'),
      await at('2031-03-31T23:59:59.999Z'),
      await at('2031-04-01T00:00:00.000Z'),
    ];
    const window = (
      await call('GET', '/schedules?from=2031-03-01T00:00:00Z&to=2031-04-01T00:00:00Z', tokenA)
    ).json();
    const ids = window.schedules.map((s: { id: string }) => s.id);
    expect(ids).toEqual([firstOfMarch, lastOfMarch]);
    expect(ids).not.toContain(lastOfFeb);
    expect(ids).not.toContain(firstOfApril);
    // Offsets count: 21:00 in São Paulo on 28 February is already March in UTC.
    const local = (
      await call('GET', '/schedules?from=2031-02-28T20:59:59-03:00&to=2031-03-01T00:00:00-03:00', tokenA)
    ).json();
    expect(local.schedules.map((s: { id: string }) => s.id)).toEqual([lastOfFeb, firstOfMarch]);
    // Another company asking for the same window sees nothing of A's.
    expect(
      (await call('GET', '/schedules?from=2031-03-01T00:00:00Z&to=2031-04-01T00:00:00Z', tokenB)).json()
        .count,
    ).toBe(0);
  });

  it('refuses a window that is not one: bad dates, or from after to', async () => {
    for (const query of [
      'from=amanhã',
      'to=2031-13-01T00:00:00Z',
      'from=2031-04-01T00:00:00Z&to=2031-03-01T00:00:00Z',
    ]) {
      const r = await call('GET', `/schedules?${query}`, tokenA);
      expect(r.statusCode, query).toBe(400);
      expect(r.json().error, query).toBe('ERR_VALIDATION');
    }
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/schedules' })).statusCode).toBe(401);
  });
});
