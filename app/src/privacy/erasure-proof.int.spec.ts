import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Client, Connection } from '@temporalio/client';
import { rebuildProjection } from '@zelo/projections/rebuild';
import { allProjections } from '@zelo/projections/registry';
import { localMediaStorage } from '@zelo/services/media/storage';
import { uploadLedger } from '@zelo/services/media/uploads';
import { systemClock } from '@zelo/services/platform/clock';
import { eventually } from '@zelo/services/testing/eventually';
import { testNamespace } from '@zelo/workflows/testing/namespace';
import { defaultTemporalAddress } from '@zelo/workflows/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';
import { withWorkflows } from '../testing/workflows.ts';

// The proof of an erasure (LGPD art. 18, issue 25): a customer who talked on two tickets, sent a
// picture, was noted, scheduled, listed and reached by a campaign is erased through the route; then
// their name, number and words are searched everywhere the product keeps anything: every table of the
// database (read models, the key vault, the ledgers), the event store's raw rows, the media folder,
// the ticket's audit history through GraphQL, and every read model rebuilt from the first event.
// Nothing is found; the tickets and the report's figures are what they were.

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 7, 7, 7]);
const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
const NUMBER = `55319${stamp}77`;
const NAME = 'Zuleica Quintanilha';
const SAID = `Meu protocolo secreto QX${stamp}`;
/** What must be found nowhere once the erasure ended (the number also as its last eight digits). */
const SECRETS = ['Zuleica', 'Quintanilha', NUMBER, NUMBER.slice(-8), `QX${stamp}`];

/** Simulator's own state: the fake phone network (its phones and their chats), not the product's. */
const SIMULATOR_TABLES = /^sim_/;

describe('the proof of a contact erasure', () => {
  let system: TestSystem;
  let mediaDir: string;
  let connection: Connection;
  let temporal: Client;
  let admin: string;

  const call = async (method: string, path: string, body?: unknown) => {
    const r = await system.api(method, path, { token: admin, body });
    expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
    return r.body;
  };
  const query = async <T>(sql: string, values: unknown[] = []) =>
    (await system.ctx.pool.query(sql, values)).rows as T[];

  /** Tables of the public schema whose rows, as text, hold one of the secrets: table -> secrets found. */
  async function hitsInTables(schema = 'public'): Promise<Record<string, string[]>> {
    const tables = await query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY 1`,
      [schema],
    );
    const hits: Record<string, string[]> = {};
    for (const { name } of tables) {
      if (SIMULATOR_TABLES.test(name)) continue;
      const found: string[] = [];
      for (const secret of SECRETS) {
        const [row] = await query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${schema}"."${name}" t WHERE t::text ILIKE $1`,
          [`%${secret}%`],
        );
        if (row.n > 0) found.push(secret);
      }
      if (found.length) hits[name] = found;
    }
    return hits;
  }

  /** Files under the media folder whose path or bytes hold a secret. */
  async function hitsInMedia(): Promise<string[]> {
    const files = (await readdir(mediaDir, { recursive: true })) as string[];
    const hits: string[] = [];
    for (const f of files) {
      const path = join(mediaDir, f);
      if (!(await stat(path)).isFile()) continue;
      const text = `${f}\n${(await readFile(path)).toString('latin1')}`;
      if (SECRETS.some((s) => text.toLowerCase().includes(s.toLowerCase()))) hits.push(f);
    }
    return hits;
  }

  const historyOf = async (ticketId: string) =>
    JSON.stringify(
      await call('POST', '/graphql', {
        query: 'query($id: ID!) { ticketHistory(ticketId: $id) { type actor actorName summary at } }',
        variables: { id: ticketId },
      }),
    );

  const today = () => new Date().toISOString().slice(0, 10);
  const figures = async () => ({
    tickets: (
      await query<{ n: number }>('SELECT count(*)::int AS n FROM tickets WHERE company_id = $1', [
        DEMO.companyId,
      ])
    )[0].n,
    report: await call('GET', `/reports?from=${today()}&to=${today()}`),
  });

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'zelo-erasure-proof-'));
    process.env.ZELO_MEDIA_DIR = mediaDir;
    system = await startTestSystem({ env: withWorkflows() });
    connection = await Connection.connect({ address: defaultTemporalAddress });
    temporal = new Client({ connection, namespace: testNamespace() });
    admin = (await system.login(DEMO.email, DEMO.password)).token;
  }, 300_000);
  afterAll(async () => {
    await connection?.close();
    await system?.close();
    delete process.env.ZELO_MEDIA_DIR;
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('leaves nothing of the customer anywhere, and every count as it was', async () => {
    // The customer's phone on the simulated network, and their first conversation with a picture.
    await call('POST', '/simulator/phones', { number: NUMBER, name: NAME });
    const writes = (body: string, media?: { url: string }) =>
      call('POST', `/simulator/connections/${DEMO.whatsappId}/inbound`, {
        from: NUMBER,
        name: NAME,
        body,
        ...(media ? { mediaType: 'image', mediaUrl: media.url } : {}),
      });
    await writes(SAID);
    const contactId = await eventually(
      async () =>
        (
          await query<{ id: string }>(
            `SELECT c.id FROM contacts c JOIN messages m ON m.contact_id = c.id
              WHERE c.company_id = $1 AND c.number = $2 AND m.body = $3`,
            [DEMO.companyId, NUMBER, SAID],
          )
        )[0]?.id,
      20_000,
      'the first message projected',
    );
    const picture = await localMediaStorage(mediaDir, systemClock, uploadLedger(system.ctx.pool)).save(
      DEMO.companyId,
      `${NAME}-RG.png`,
      Readable.from([Buffer.from(png)]),
    );
    await writes(`Segue o RG da Zuleica QX${stamp}`, picture);
    const [first] = await eventually(
      async () => {
        const rows = await query<{ id: string }>(
          `SELECT t.id FROM tickets t WHERE t.contact_id = $1 AND EXISTS (
             SELECT 1 FROM messages m WHERE m.ticket_id = t.id AND m.media_url = $2)`,
          [contactId, picture.url],
        );
        return rows.length ? rows : undefined;
      },
      20_000,
      'the picture projected',
    );
    // The business phone's address book, as WhatsApp would sync it to a real connection.
    await query('INSERT INTO baileys_contacts (whatsapp_id, number, name) VALUES ($1, $2, $3)', [
      DEMO.whatsappId,
      NUMBER,
      NAME,
    ]);
    await call('POST', '/ticket-notes', {
      ticketId: first.id,
      contactId,
      note: 'Zuleica Quintanilha pediu retorno à tarde',
    });
    await call('PUT', `/tickets/${first.id}`, { status: 'open' });
    await call('POST', `/messages/${first.id}`, { body: 'Olá Zuleica, recebemos seu protocolo' });
    await call('PUT', `/tickets/${first.id}`, { status: 'closed' });
    await call('POST', '/schedules', {
      body: 'Lembrar Zuleica Quintanilha do boleto',
      contactId,
      sendAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });

    // A campaign to a list that holds the number: its message opens the second ticket.
    const list = await call('POST', '/contact-lists', { name: `Prova ${stamp}` });
    await call('POST', '/contact-list-items', { contactListId: list.id, name: NAME, number: NUMBER });
    await eventually(
      async () =>
        (
          await query('SELECT 1 FROM contact_list_items WHERE contact_list_id = $1 AND is_whatsapp_valid', [
            list.id,
          ])
        ).length === 1,
      60_000,
      'the number checked on WhatsApp',
    );
    await call('POST', '/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0 } });
    const campaign = await call('POST', '/campaigns', {
      name: `Prova ${stamp}`,
      message1: 'Olá {nome}, temos novidades!',
      message2: '',
      message3: '',
      message4: '',
      message5: '',
      whatsappId: DEMO.whatsappId,
      scheduledAt: new Date(Date.now() + 1_000).toISOString(),
      contactListId: list.id,
      tagListId: '',
      fileListId: '',
      status: 'PROGRAMADA',
      companyId: DEMO.companyId,
    });
    await eventually(
      async () => (await call('GET', `/campaigns/${campaign.id}`)).status === 'FINALIZADA',
      90_000,
      'the campaign finished',
    );
    const tickets = await eventually(
      async () => {
        const rows = await query<{ id: string }>('SELECT id FROM tickets WHERE contact_id = $1', [contactId]);
        return rows.length >= 2 ? rows.map((r) => r.id) : undefined;
      },
      30_000,
      "the campaign's ticket",
    );
    // Before: the secrets are there to be found (the search below is no blind one).
    expect(Object.keys(await hitsInTables())).toEqual(
      expect.arrayContaining([
        'contacts',
        'messages',
        'tickets',
        'ticket_notes',
        'ticket_history',
        'schedules',
        'contact_list_items',
        'campaign_shipments',
        'media_uploads',
      ]),
    );
    expect(await historyOf(first.id)).toContain(`QX${stamp}`);
    const before = await figures();

    const r = await system.api('POST', `/contacts/${contactId}/erasure`, {
      token: admin,
      body: { confirmation: `+${NUMBER.slice(0, 2)} (${NUMBER.slice(2, 4)}) ${NUMBER.slice(4)}` },
    });
    expect(r.status).toBe(202);
    await temporal.workflow.getHandle(`erase-contact-${contactId}`).result();

    expect(await hitsInTables()).toEqual({});
    expect(await hitsInMedia()).toEqual([]);
    for (const id of tickets) for (const s of SECRETS) expect(await historyOf(id)).not.toContain(s);
    expect((await system.api('GET', `/contacts/${contactId}`, { token: admin })).status).toBe(404);
    expect(await figures()).toEqual(before);

    // Every read model rebuilt from the first event, reading the events as the store gives them now.
    for (const projection of allProjections().filter((p) => p.tables.length > 0))
      await rebuildProjection(system.ctx.pool, system.deps.store, projection);
    expect(await hitsInTables()).toEqual({});
    expect(await figures()).toEqual(before);
  }, 300_000);
});
