/**
 * List benchmark (issue 3): the ticket list's first page, the kanban board and a ticket's first message
 * page for one company with 100 000 tickets and 2 000 000 messages. Builds a fresh database with every migration,
 * fills the read models directly with SQL (the queries only read them), then times the real query
 * functions and prints p50/p95/p99 server time in ms.
 * Usage: npm run bench:lists   (BENCH_RUNS=200; BENCH_DB=<url> reuses a filled database;
 *        BENCH_KEEP=1 keeps the one it built and prints its url; BENCH_HTTP=1 also times the API)
 */

import { allMigrations, startZelo } from '../app/src/system.ts';
import {
  listKanbanTickets,
  listMessages,
  listTickets,
  type TicketFilter,
} from '../projections/src/tickets/queries.ts';
import { loadConfig } from '../services/src/platform/config.ts';
import { createPool, ensureDatabase } from '../services/src/platform/db.ts';
import { migrate } from '../services/src/platform/migrate.ts';
import { createTestDatabase } from '../services/src/testing/database.ts';
import { hashPassword } from '../services/src/users/password.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TICKETS = 100_000;
const CONTACTS = 50_000;
const HEAVY = 5; // tickets 1..5 carry 20 000 messages each on top of the even spread
const HEAVY_SIZE = 20_000;
const SPREAD = 2_000_000 - HEAVY * HEAVY_SIZE;

// Ids are derived from a kind and a number, so rows can reference each other without joins.
const id = (kind: string, n: string) => `md5('${kind}' || (${n}))::uuid`;
const sql = (s: TemplateStringsArray, ...v: unknown[]) => String.raw(s, ...v);

let db: { url: string; pool: ReturnType<typeof createPool>; drop(): Promise<void> };
if (process.env.BENCH_DB) {
  await ensureDatabase(process.env.BENCH_DB);
  const pool = createPool(process.env.BENCH_DB, 4);
  await migrate(pool, allMigrations);
  db = { url: process.env.BENCH_DB, pool, drop: () => pool.end() };
} else {
  db = await createTestDatabase(allMigrations);
}
const { pool } = db;
const company = (await pool.query(`SELECT ${id('company', '1')} AS id`)).rows[0].id as string;

async function step(label: string, text: string) {
  const t0 = performance.now();
  await pool.query(text);
  console.error(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

async function fill() {
  console.error('filling read models…');
  await pool.query('SET synchronous_commit = off');
  const plan = id('plan', '1');
  await step(
    'company, users, queues, connection',
    sql`
    INSERT INTO plans VALUES (${plan}, 'Bench', 50, 5, 10, 0, true, true, true, true, true, true, true);
    INSERT INTO companies (id, name, email, phone, plan_id, due_date, recurrence, settings, created_at)
      VALUES (${id('company', '1')}, 'Bench', 'bench@zelo.test', '', ${plan}, now() + interval '1 year', 'MENSAL', '{}', now());
    INSERT INTO queues (id, company_id, name, color, greeting_message, out_of_hours_message, created_at, updated_at)
      SELECT ${id('queue', 'n')}, ${id('company', '1')}, 'Fila ' || n, '#7c7c7c', '', '', now(), now()
        FROM generate_series(1, 5) n;
    INSERT INTO users (id, company_id, name, email, password_hash, profile, super, all_ticket, queue_ids, created_at, updated_at)
      SELECT ${id('user', 'n')}, ${id('company', '1')}, 'Agente ' || n, 'agent' || n || '@bench.test', 'x',
             CASE WHEN n = 1 THEN 'admin' ELSE 'user' END, false, 'disabled',
             ARRAY[${id('queue', '1 + n % 5')}, ${id('queue', '1 + (n + 1) % 5')}], now(), now()
        FROM generate_series(1, 20) n;
    INSERT INTO whatsapps (id, company_id, name, is_default, provider, token, settings, queue_ids, created_at, updated_at)
      VALUES (${id('whatsapp', '1')}, ${id('company', '1')}, 'Principal', true, 'simulator', 'bench', '{}', '{}', now(), now());`,
  );
  await step(
    `${CONTACTS} contacts`,
    sql`
    INSERT INTO contacts (id, company_id, name, number, email, is_group, profile_pic_url, extra_info, created_at, updated_at)
      SELECT ${id('contact', 'n')}, ${id('company', '1')}, 'Cliente ' || n, (5511900000000 + n)::text, '', false, '', '[]',
             now(), now()
        FROM generate_series(1, ${CONTACTS}) n;`,
  );
  // ~8 % open, ~4 % pending, the rest closed; 10 % without a queue; pending tickets have no agent.
  // A ticket's queue is one of its agent's two queues (agent 1 + n % 20), as assignment makes it.
  await step(
    `${TICKETS} tickets`,
    sql`
    INSERT INTO tickets (id, company_id, status, user_id, queue_id, whatsapp_id, contact_id, is_group, last_message,
                         unread_messages, created_at, updated_at)
      SELECT ${id('ticket', 'n')}, ${id('company', '1')}, s.status,
             CASE WHEN s.status = 'pending' THEN NULL ELSE ${id('user', '1 + n % 20')} END,
             CASE WHEN n % 10 = 0 THEN NULL ELSE ${id('queue', '1 + (1 + n % 20 + (n / 20) % 2) % 5')} END,
             ${id('whatsapp', '1')}, ${id('contact', `1 + n % ${CONTACTS}`)}, false, 'mensagem ' || n, n % 3,
             u.at - interval '2 days', u.at
        FROM generate_series(1, ${TICKETS}) n,
             LATERAL (SELECT CASE WHEN n % 25 < 2 THEN 'open' WHEN n % 25 = 2 THEN 'pending' ELSE 'closed' END AS status) s,
             LATERAL (SELECT now() - (random() * 365) * interval '1 day' AS at) u;`,
  );
  // Secondary indexes are dropped and rebuilt around the bulk insert: same definitions, much faster.
  const { rows: indexes } = await pool.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'messages' AND indexname <> 'messages_pkey'`,
  );
  for (const i of indexes) await pool.query(`DROP INDEX ${i.indexname}`);
  // Bodies as a conversation has them: a greeting and a phrase (accents, words common and not) and a
  // number, so that the search cases below meet a realistic index. One message in 250 001 asks for a
  // "reembolso" (the rare word; 9 tickets, one of them a heavy one, 4 242 messages back), one in 2 001
  // for a "cupom" (an uncommon one). The moduli are prime to the tickets' so that they spread.
  const greetings = [
    'Olá, bom dia!',
    'Boa tarde.',
    'Oi, tudo bem?',
    'Boa noite,',
    'Por favor,',
    'Prezados,',
    '',
  ];
  const phrases = [
    'quero saber o status do meu pedido',
    'qual o prazo de entrega para o meu CEP?',
    'a entrega atrasou e ninguém me avisou',
    'gostaria de trocar o tamanho da camisa',
    'vocês aceitam pagamento por Pix?',
    'o boleto venceu, podem gerar outro?',
    'preciso da segunda via da nota fiscal',
    'o produto chegou com defeito, e agora?',
    'como faço para cancelar a assinatura?',
    'meu cartão foi recusado na compra',
    'já fiz o pagamento, segue o comprovante',
    'qual é o horário de atendimento da loja?',
    'vocês têm esse modelo em outra cor?',
    'o código de rastreio não funciona',
    'posso retirar na loja física?',
    'seu pedido foi enviado e chega em até 5 dias úteis',
    'estamos verificando a sua solicitação',
    'pode me informar o número do pedido, por favor?',
    'a promoção ainda está válida?',
    'obrigado, vou aguardar a confirmação',
    'a instalação será agendada pela nossa equipe técnica',
    'não recebi o e-mail de confirmação',
  ];
  const list = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replaceAll("'", "''")}'`).join(', ')}]`;
  const body = `CASE WHEN i % 250001 = 4242 THEN 'Quero o reembolso da cobrança duplicada, protocolo ' || i
         WHEN i % 2001 = 77 THEN 'Tenho um cupom de desconto de ' || (i % 50) || '%, posso usar?'
         ELSE ltrim((${list(greetings)})[1 + i % ${greetings.length}] || ' ' ||
                    (${list(phrases)})[1 + (i::bigint * 7919) % ${phrases.length}] || ' ' || (i::bigint * 7919) % 100000) END`;
  const messages = (from: string, count: number, ticket: string) =>
    sql`
    INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, user_id, body, from_me, read, media_type,
                          wa_message_id, created_at, updated_at)
      SELECT ${id(from, 'i')}, ${id('company', '1')}, ${id('ticket', ticket)}, ${id('contact', `1 + (${ticket}) % ${CONTACTS}`)},
             ${id('whatsapp', '1')}, CASE WHEN i % 2 = 0 THEN ${id('user', '1 + i % 20')} END,
             ${body}, i % 2 = 0, true, 'chat', 'wa' || i,
             now() - i * interval '1 second', now() - i * interval '1 second'
        FROM generate_series(1, ${count}) i;`;
  await step(
    `${HEAVY * HEAVY_SIZE} messages on ${HEAVY} heavy tickets`,
    messages('heavy', HEAVY * HEAVY_SIZE, `1 + (i - 1) / ${HEAVY_SIZE}`),
  );
  await step(`${SPREAD} messages spread over every ticket`, messages('msg', SPREAD, `1 + i % ${TICKETS}`));
  // More sort memory than the default 64 MB: the text-search index alone is built several times faster.
  for (const i of indexes)
    await step(`index ${i.indexname}`, `SET maintenance_work_mem = '256MB'; ${i.indexdef}`);
  // VACUUM as autovacuum would on a long-lived table: it sets the visibility map index-only scans use.
  await step('VACUUM ANALYZE', 'VACUUM ANALYZE');
}

const filled = (await pool.query('SELECT count(*)::int AS n FROM tickets WHERE company_id = $1', [company]))
  .rows[0].n;
if (filled === 0) await fill();

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)].toFixed(1);
  return { p50: at(50), p95: at(95), p99: at(99) };
}

async function time(label: string, run: () => Promise<unknown>, minRows = 0) {
  const first = await run();
  // A case that finds nothing measures nothing: say how many rows it got, and stop if too few.
  const rows = (first as { tickets?: unknown[] } | undefined)?.tickets?.length;
  if (rows !== undefined && rows < minRows)
    throw new Error(`${label}: ${rows} rows, expected at least ${minRows}`);
  for (let i = 0; i < 10; i++) await run(); // warm the cache and the connections
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  const r = stats(samples);
  const count = (first as { count?: number } | undefined)?.count;
  const found = rows === undefined ? '' : ` (${rows} rows${count === undefined ? '' : `, count ${count}`})`;
  console.log(`| ${label}${found} | ${r.p50} | ${r.p95} | ${r.p99} |`);
  return r;
}

const q = async (text: string) => (await pool.query(text)).rows[0].id as string;
const agent = await q(`SELECT ${id('user', '2')} AS id`);
const agentQueues = (await pool.query('SELECT queue_ids FROM users WHERE id = $1', [agent])).rows[0]
  .queue_ids;
const heavy = await q(`SELECT ${id('ticket', '1')} AS id`);
const average = await q(`SELECT ${id('ticket', '777')} AS id`);
// The filters GET /tickets builds (services/src/tickets/routes.ts) for each tab of the web app.
const adminShowAll = (status: TicketFilter['status']): TicketFilter => ({
  companyId: company,
  status,
  queueIds: null,
  userId: null,
  userIds: null,
  tagIds: null,
  pageNumber: 1,
});
const plainUser = (status: TicketFilter['status']): TicketFilter => ({
  ...adminShowAll(status),
  queueIds: agentQueues,
  queuelessOwnedBy: agent, // all_ticket is off for the agents
  userId: agent,
});

console.log(`\n${RUNS} runs each, ms\n`);
console.log('| query | p50 | p95 | p99 |\n|---|---|---|---|');
await time('tickets, admin show-all, open', () => listTickets(pool, adminShowAll('open')));
await time('tickets, admin show-all, pending', () => listTickets(pool, adminShowAll('pending')));
await time('tickets, admin, search tab (every status)', () => listTickets(pool, adminShowAll(undefined)));
await time('tickets, agent with 2 queues, open', () => listTickets(pool, plainUser('open')), 40);
await time('tickets, agent with 2 queues, pending', () => listTickets(pool, plainUser('pending')), 40);
// The search tab with a text (every status): a fragment of many names (contacts 1, 10-19, 100-199…:
// 11 111 contacts, ~22 000 tickets), a fragment of a number (contacts 12 300-12 399), a rare text
// (one contact), and a text nothing matches (the whole index answers "none").
const search =
  (searchParam: string, f = adminShowAll(undefined)) =>
  () =>
    listTickets(pool, { ...f, searchParam });
await time('search "cliente 1", admin (common name)', search('cliente 1'), 40);
await time('search "cliente 1", agent with 2 queues', search('cliente 1', plainUser(undefined)), 40);
await time('search "19000123", admin (number fragment)', search('19000123'), 40);
await time('search "Cliente 42424", admin (rare)', search('Cliente 42424'), 1);
await time('search "zzqx", admin (no match)', search('zzqx'));
// Issue 24: the text in any message. "pedido" is in about 14 % of the messages (nearly every ticket),
// "ninguem" (typed without its accent) in 4.5 %, "cupom" in 0.05 %, "reembolso" in 9 (one of them
// 4 242 messages back in a heavy ticket), "paralelepípedo" in none. Each answer carries the newest
// matching message of each of its tickets.
await time('search "pedido", admin (common word in messages)', search('pedido'), 40);
await time('search "pedido", agent with 2 queues', search('pedido', plainUser(undefined)), 40);
await time('search "ninguem", admin (frequent word, accent left out)', search('ninguem'), 40);
await time('search "cupom", admin (uncommon word)', search('cupom'), 40);
await time('search "reembolso", admin (rare word)', search('reembolso'), 9);
await time('search "paralelepípedo", admin (absent word)', search('paralelepípedo'));
// GET /ticket/kanban (issue 12): the 500 most recent open or waiting tickets with their tags.
await time('kanban board, admin show-all', () =>
  listKanbanTickets(pool, { companyId: company, queueIds: null }),
);
await time('kanban board, agent with 2 queues', () =>
  listKanbanTickets(pool, { companyId: company, queueIds: agentQueues, queuelessOwnedBy: agent }),
);
await time('messages page 1, heavy ticket (20 000+)', () => listMessages(pool, company, heavy, 1));
await time('messages page 1, average ticket (~19)', () => listMessages(pool, company, average, 1));

// The same through HTTP with the real API on this database (API role only: no projection may touch
// the hand-filled read models), as an admin and as the 2-queue agent, both with a real password.
if (process.env.BENCH_HTTP) {
  const password = 'bench123';
  await pool.query('UPDATE users SET password_hash = $1 WHERE company_id = $2', [
    await hashPassword(password),
    company,
  ]);
  // Opening an unread conversation marks it read, a command on a ticket stream these hand-filled
  // rows do not have; the two timed conversations are read already, so the GET stays a read.
  await pool.query('UPDATE tickets SET unread_messages = 0 WHERE id = ANY($1::uuid[])', [[heavy, average]]);
  const zelo = await startZelo(
    loadConfig({
      DATABASE_URL: db.url,
      PORT: '0',
      HOST: '127.0.0.1',
      ZELO_ROLES: 'api',
      ZELO_LOG: 'false',
      ZELO_SEED_DEMO: 'false',
    }),
  );
  const login = async (email: string) => {
    const res = await fetch(`${zelo.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return ((await res.json()) as { token: string }).token;
  };
  const get = (token: string, path: string) => async () => {
    const res = await fetch(`${zelo.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  const [adminToken, agentToken] = [await login('agent1@bench.test'), await login('agent2@bench.test')];
  console.log('\nThrough HTTP (GET, one client, same machine), ms\n');
  console.log('| request | p50 | p95 | p99 |\n|---|---|---|---|');
  await time(
    'GET /tickets?status=open&showAll=true (admin)',
    get(adminToken, '/tickets?status=open&showAll=true'),
  );
  await time('GET /tickets?status=open (agent, 2 queues)', get(agentToken, '/tickets?status=open'));
  await time('GET /tickets (admin, search tab)', get(adminToken, '/tickets?showAll=true'));
  await time(`GET /messages/:heavy`, get(adminToken, `/messages/${heavy}`));
  await time(`GET /messages/:average`, get(adminToken, `/messages/${average}`));
  await zelo.stop();
}

if (process.env.BENCH_KEEP || process.env.BENCH_DB) {
  console.error(`database kept: ${db.url}`);
  await pool.end();
} else {
  await db.drop();
}
