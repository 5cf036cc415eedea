import type { AnyEvent } from '@zelo/contracts/events';
import {
  contactCreated,
  inboundMessageReceived,
  messageDeleted,
  outboundMessageQueued,
  ticketCreated,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { eventStoreMigrations } from '../../../services/src/event-store/postgres.ts';
import { migrate } from '../../../services/src/platform/migrate.ts';
import { connectionsProjection } from '../connections/whatsapps.ts';
import { contactsProjection } from '../contacts/contacts.ts';
import { queuesProjection } from '../queues/queues.ts';
import { rebuildProjection } from '../rebuild.ts';
import type { StoredEvent } from '../runner.ts';
import { tagsProjection } from '../tags/tags.ts';
import { aCompany } from '../testing/company.ts';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { usersProjection } from '../users/users.ts';
import { conversationsProjection } from './conversations.ts';
import { listTickets, SEARCH_COUNT_BOUND, type TicketFilter } from './queries.ts';

const readers = [
  usersProjection,
  queuesProjection,
  connectionsProjection,
  contactsProjection,
  tagsProjection,
  conversationsProjection,
];

describe('the search tab with a text', () => {
  const db = useReadModelDatabase();

  const given = (...events: AnyEvent[]) => db.given(readers, events);

  /** A company with a contact of that name and number, and `tickets` tickets of that contact. */
  function aContact(company: ReturnType<typeof aCompany>, name: string, number: string, tickets = 1) {
    const contact = contactCreated({ companyId: company.companyId, name, number });
    const { contactId } = contact.data;
    const created = Array.from({ length: tickets }, () =>
      ticketCreated({ companyId: company.companyId, contactId, whatsappId: company.mainLineId }),
    );
    return { contactId, ticketIds: created.map((t) => t.data.ticketId), events: [contact, ...created] };
  }

  const search = (companyId: string, searchParam: string, more: Partial<TicketFilter> = {}) =>
    listTickets(db.pool, { companyId, queueIds: null, pageNumber: 1, searchParam, ...more });
  const idsOf = async (companyId: string, searchParam: string) =>
    (await search(companyId, searchParam)).tickets.map((t) => t.id).sort();

  it('finds tickets by a fragment of the name or number, in any case, or of the last message', async () => {
    const mine = aCompany();
    const theirs = aCompany();
    const ana = aContact(mine, 'Ana Souza', '5511987654321');
    const bruno = aContact(mine, 'Bruno Costa', '5521912340000');
    // Another company's contact with the same name and number: never in this company's results.
    const twin = aContact(theirs, 'Ana Souza', '5511987654321');
    await given(
      ...mine.setup,
      ...theirs.setup,
      ...ana.events,
      ...bruno.events,
      ...twin.events,
      inboundMessageReceived({
        companyId: mine.companyId,
        ticketId: bruno.ticketIds[0],
        contactId: bruno.contactId,
        whatsappId: mine.mainLineId,
        body: 'Quero um Orçamento',
      }),
    );
    expect(await idsOf(mine.companyId, 'souz')).toEqual(ana.ticketIds);
    expect(await idsOf(mine.companyId, 'ANA SOUZA')).toEqual(ana.ticketIds);
    expect(await idsOf(mine.companyId, '98765')).toEqual(ana.ticketIds);
    expect(await idsOf(mine.companyId, '1234')).toEqual(bruno.ticketIds);
    expect(await idsOf(mine.companyId, 'orçamento')).toEqual(bruno.ticketIds);
    // A ticket whose contact and last message both match is listed once.
    expect(await idsOf(mine.companyId, 'o')).toEqual([...ana.ticketIds, ...bruno.ticketIds].sort());
    expect(await idsOf(theirs.companyId, 'souza')).toEqual(twin.ticketIds);
    expect(await idsOf(theirs.companyId, 'costa')).toEqual([]);
    // What the user types is text: LIKE's wildcards match only themselves.
    expect(await idsOf(mine.companyId, '%')).toEqual([]);
    expect(await idsOf(mine.companyId, 'a_a')).toEqual([]);
    const page = await search(mine.companyId, 'souza');
    expect(page).toMatchObject({ count: 1, hasMore: false });
    expect(page.tickets[0].contact).toMatchObject({ name: 'Ana Souza', number: '5511987654321' });
  });

  it('counts matches exactly below the bound, and at least the bound from there on', async () => {
    const company = aCompany();
    const bound = SEARCH_COUNT_BOUND;
    const carla = aContact(company, 'Carla Dias', '5511900000001', bound - 2);
    const carlosDias = aContact(company, 'Carlos Dias', '5511900000002', 2);
    const carlosLima = aContact(company, 'Carlos Lima', '5511900000003', 1);
    await given(...company.setup, ...carla.events, ...carlosDias.events, ...carlosLima.events);
    const { companyId } = company;

    expect(await search(companyId, 'carla')).toMatchObject({ count: bound - 2, hasMore: true });
    expect(await search(companyId, 'dias')).toMatchObject({ count: bound, hasMore: true });
    // bound + 1 matches: the count stops at the bound…
    const first = await search(companyId, 'carl');
    expect(first).toMatchObject({ count: bound, hasMore: true });
    expect(first.tickets).toHaveLength(40);
    // …until a page beyond it proves more.
    const last = await search(companyId, 'carl', { pageNumber: Math.ceil((bound + 1) / 40) });
    expect(last).toMatchObject({ count: bound + 1, hasMore: false });
    expect(last.tickets).toHaveLength((bound + 1) % 40 || 40);
    // Without a text, the count stays exact (the open and pending tabs' badges).
    expect((await listTickets(db.pool, { companyId, queueIds: null, pageNumber: 1 })).count).toBe(bound + 1);
  });
});

describe('the search tab with a text, in every message (issue 24)', () => {
  const db = useReadModelDatabase();
  /** Everything given so far, in order: what a rebuild replays. */
  const history: StoredEvent[] = [];

  const given = async (...events: AnyEvent[]) => history.push(...(await db.given(readers, events)).history);

  /** A company with one contact and one ticket on its main line, and messages on that ticket. */
  function aConversation(name = 'Carla Dias', number = '5511900001111') {
    const company = aCompany();
    const contact = contactCreated({ companyId: company.companyId, name, number });
    const ticket = ticketCreated({
      companyId: company.companyId,
      contactId: contact.data.contactId,
      whatsappId: company.mainLineId,
    });
    const ref = {
      companyId: company.companyId,
      ticketId: ticket.data.ticketId,
      contactId: contact.data.contactId,
      whatsappId: company.mainLineId,
    };
    return {
      companyId: company.companyId,
      ticketId: ticket.data.ticketId,
      events: [...company.setup, contact, ticket] as AnyEvent[],
      customer: (body: string) => inboundMessageReceived({ ...ref, body }),
      agent: (body: string) => outboundMessageQueued({ ...ref, body, userId: company.agentId }),
    };
  }

  const search = (companyId: string, searchParam: string) =>
    listTickets(db.pool, { companyId, queueIds: null, pageNumber: 1, searchParam });
  const found = async (companyId: string, searchParam: string) =>
    (await search(companyId, searchParam)).tickets.map((t) => ({ id: t.id, match: t.searchMatch }));

  it("finds a word of the customer's first message after later ones, and of the agent's, with that message", async () => {
    const c = aConversation();
    const first = c.customer('Meu pedido chegou com a embalagem rasgada');
    const reply = c.agent('Sinto muito! Vamos verificar com a transportadora.');
    await given(...c.events, first, reply, c.customer('Obrigada'), c.customer('Aguardo retorno'));

    expect(await found(c.companyId, 'embalagem')).toEqual([
      {
        id: c.ticketId,
        match: {
          messageId: first.data.messageId,
          excerpt: 'Meu pedido chegou com a embalagem rasgada',
          createdAt: expect.any(String),
        },
      },
    ]);
    expect((await found(c.companyId, 'transportadora'))[0].match?.messageId).toBe(reply.data.messageId);
    // The last message still counts, as before.
    expect((await found(c.companyId, 'aguardo'))[0].match?.excerpt).toBe('Aguardo retorno');
    // A ticket found by its contact alone has no message to show.
    expect(await found(c.companyId, 'carla')).toEqual([{ id: c.ticketId, match: null }]);
  });

  it('ignores accents and case, both ways, in messages and names', async () => {
    const c = aConversation('José Antônio', '5511900002222');
    const accented = c.customer('A INSTALAÇÃO foi concluída?');
    const plain = c.customer('faltou a acao de cobranca');
    await given(...c.events, accented, plain);

    for (const text of ['instalacao', 'Instalação', 'CONCLUIDA'])
      expect((await found(c.companyId, text))[0]?.match?.messageId).toBe(accented.data.messageId);
    for (const text of ['ação', 'AÇÃO DE COBRANÇA'])
      expect((await found(c.companyId, text))[0]?.match?.messageId).toBe(plain.data.messageId);
    expect(await found(c.companyId, 'jose antonio')).toEqual([{ id: c.ticketId, match: null }]);
    expect(await found(c.companyId, 'ANTÔN')).toHaveLength(1);
  });

  it('leaves deleted messages and other companies out', async () => {
    const mine = aConversation('Mina', '5511900003333');
    const theirs = aConversation('Outra', '5511900003333');
    const deleted = mine.customer('a senha é abacaxi42');
    await given(
      ...mine.events,
      ...theirs.events,
      deleted,
      messageDeleted({
        companyId: mine.companyId,
        ticketId: mine.ticketId,
        messageId: deleted.data.messageId,
      }),
      mine.customer('tudo certo por aqui'),
      theirs.customer('segredo exclusivo da outra empresa'),
    );

    expect(await found(mine.companyId, 'abacaxi')).toEqual([]);
    expect(await found(mine.companyId, 'exclusivo')).toEqual([]);
    expect(await found(theirs.companyId, 'exclusivo')).toEqual([
      {
        id: theirs.ticketId,
        match: expect.objectContaining({ excerpt: 'segredo exclusivo da outra empresa' }),
      },
    ]);
  });

  it('shows the newest matching message, cut around the text, also deep in a long conversation', async () => {
    const c = aConversation('Longa', '5511900004444');
    const padding = 'bla '.repeat(60);
    const oldest = c.customer(`${padding}o número de série é XK-2291 ${padding}`);
    const older = c.customer('primeiro orçamento');
    const newer = c.customer('segundo orçamento');
    // More messages after it than the first look reads (search.ts), none holding the text.
    const chatter = Array.from({ length: 60 }, (_, i) => c.agent(`mensagem ${i}`));
    await given(...c.events, oldest, older, newer, ...chatter);

    expect((await found(c.companyId, 'orcamento'))[0].match?.messageId).toBe(newer.data.messageId);
    const [{ match }] = await found(c.companyId, 'xk-2291');
    expect(match?.messageId).toBe(oldest.data.messageId);
    expect(match?.excerpt).toMatch(/^…bla .* o número de série é XK-2291 .*bla…$/);
    expect(match?.excerpt.length).toBeLessThanOrEqual(122);
  });

  it('takes what is typed as text: blank, huge, LIKE wildcards, NUL, short', async () => {
    const c = aConversation('Wanda', '5511900005555');
    const percent = c.customer('cupom de 50% off_ com barra \\ invertida');
    await given(...c.events, percent, c.customer('sem nada de especial'));

    // Blank is no search: the tab's every ticket, no message matched.
    const blank = await search(c.companyId, '   ');
    expect(blank.tickets.map((t) => [t.id, t.searchMatch])).toEqual([[c.ticketId, undefined]]);
    // Longer than the API takes is cut, not an error.
    expect(await found(c.companyId, 'x'.repeat(10_000))).toEqual([]);
    expect((await found(c.companyId, '50% off_'))[0]?.match?.messageId).toBe(percent.data.messageId);
    expect((await found(c.companyId, 'barra \\ inv'))[0]?.match?.messageId).toBe(percent.data.messageId);
    expect(await found(c.companyId, 'cupom%especial')).toEqual([]);
    expect(await found(c.companyId, 'n_da')).toEqual([]);
    expect(await found(c.companyId, '\\')).toEqual([]);
    expect((await found(c.companyId, 'cupom\0'))[0]?.match?.messageId).toBe(percent.data.messageId);
    // Under three letters in a row, names and numbers only (search.ts).
    expect(await found(c.companyId, 'of')).toEqual([]);
    expect(await found(c.companyId, 'wa')).toEqual([{ id: c.ticketId, match: null }]);
  });

  it('keeps the message index, under its name, across a rebuild of the conversations', async () => {
    const c = aConversation('Rebuild', '5511900006666');
    const message = c.customer('reconstrução completa');
    await given(...c.events, message);
    const indexes = () =>
      db.pool
        .query(
          `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'messages'
            ORDER BY 1`,
        )
        .then((r) => r.rows);
    const before = await indexes();
    expect(before.map((i) => i.indexname)).toContain('messages_search_body');
    // The rebuild counts the store's events for its progress; it replays what was given here.
    await migrate(db.pool, eventStoreMigrations);

    await rebuildProjection(
      db.pool,
      {
        readAll: async (after, limit) =>
          history.filter((e) => after === null || e.position > after).slice(0, limit),
      },
      conversationsProjection,
    );
    expect(await indexes()).toEqual(before);
    expect((await found(c.companyId, 'reconstrucao'))[0]?.match?.messageId).toBe(message.data.messageId);
  });
});
