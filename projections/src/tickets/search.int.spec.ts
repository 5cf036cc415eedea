import type { AnyEvent } from '@zelo/contracts/events';
import { contactCreated, inboundMessageReceived, ticketCreated } from '@zelo/contracts/testing/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionsProjection } from '../connections/whatsapps.ts';
import { contactsProjection } from '../contacts/contacts.ts';
import { queuesProjection } from '../queues/queues.ts';
import { tagsProjection } from '../tags/tags.ts';
import { aCompany } from '../testing/company.ts';
import { createReadModelDatabase, type ReadModelDatabase } from '../testing/read-model-database.ts';
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
  let db: ReadModelDatabase;
  beforeAll(async () => {
    db = await createReadModelDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

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
