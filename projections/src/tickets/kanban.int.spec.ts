import { queueCreated, ticketClosed, ticketCreated, ticketTagsSynced } from '@zelo/contracts/testing/events';
import { KANBAN_TICKETS_LIMIT } from '@zelo/contracts/tickets/api';
import { describe, expect, it } from 'vitest';
import { connectionsProjection } from '../connections/whatsapps.ts';
import { contactsProjection } from '../contacts/contacts.ts';
import { queuesProjection } from '../queues/queues.ts';
import { tagsProjection } from '../tags/tags.ts';
import { aCompany } from '../testing/company.ts';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { usersProjection } from '../users/users.ts';
import { conversationsProjection } from './conversations.ts';
import { listKanbanTickets } from './queries.ts';

const readers = [
  usersProjection,
  queuesProjection,
  connectionsProjection,
  contactsProjection,
  tagsProjection,
  conversationsProjection,
];

describe('the kanban board query', () => {
  const db = useReadModelDatabase();

  /**
   * A company with, in the order they were last touched: a pending ticket of its queue tagged VIP, an
   * open queue-less ticket of its agent, a closed ticket, a pending ticket of a second queue, and a
   * pending queue-less ticket nobody owns. Another company has a ticket too.
   */
  async function aBoard() {
    const company = aCompany();
    const { companyId, contactId, mainLineId: whatsappId, agentId } = company;
    const support = queueCreated({ companyId, name: 'Support', color: '#0055aa' });
    const supportId = support.data.queueId;
    const ticket = (over: { status?: 'open' | 'pending'; queueId?: string | null; userId?: string | null }) =>
      ticketCreated({ companyId, contactId, whatsappId, status: 'pending', ...over });
    const tagged = ticket({ queueId: company.queueId });
    const owned = ticket({ status: 'open', userId: agentId });
    const closed = ticket({ queueId: company.queueId });
    const inSupport = ticket({ queueId: supportId });
    const unowned = ticket({});
    const other = aCompany();
    const elsewhere = ticketCreated({
      companyId: other.companyId,
      contactId: other.contactId,
      whatsappId: other.mainLineId,
    });
    const id = (e: { data: { ticketId: string } }) => e.data.ticketId;
    await db.given(readers, [
      ...company.setup,
      support,
      ...other.setup,
      tagged,
      ticketTagsSynced({ companyId, ticketId: id(tagged), tagIds: [company.tagId] }),
      owned,
      closed,
      ticketClosed({ companyId, ticketId: id(closed), queueId: company.queueId }),
      inSupport,
      unowned,
      elsewhere,
    ]);
    return {
      ...company,
      supportId,
      tagged: id(tagged),
      owned: id(owned),
      closed: id(closed),
      inSupport: id(inSupport),
      unowned: id(unowned),
    };
  }

  it('lists every ticket of the company not closed, most recently updated first, with its tags', async () => {
    const b = await aBoard();
    const tickets = await listKanbanTickets(db.pool, { companyId: b.companyId, queueIds: null });
    expect(tickets.map((t) => t.id)).toEqual([b.unowned, b.inSupport, b.owned, b.tagged]);
    expect(tickets.find((t) => t.id === b.tagged)?.tags).toEqual([
      { id: b.tagId, name: 'VIP', color: '#aa0055' },
    ]);
    expect(tickets.find((t) => t.id === b.owned)?.tags).toEqual([]);
    expect(tickets.map((t) => t.status)).toEqual(['pending', 'pending', 'open', 'pending']);
  });

  it('narrows to queues, with every queue-less ticket or only those the user owns', async () => {
    const b = await aBoard();
    const inQueue = await listKanbanTickets(db.pool, { companyId: b.companyId, queueIds: [b.queueId] });
    expect(inQueue.map((t) => t.id)).toEqual([b.unowned, b.owned, b.tagged]);
    const owned = await listKanbanTickets(db.pool, {
      companyId: b.companyId,
      queueIds: [b.queueId],
      queuelessOwnedBy: b.agentId,
    });
    expect(owned.map((t) => t.id)).toEqual([b.owned, b.tagged]);
    const none = await listKanbanTickets(db.pool, {
      companyId: b.companyId,
      queueIds: [],
      queuelessOwnedBy: b.agentId,
    });
    expect(none.map((t) => t.id)).toEqual([b.owned]);
  });

  it("never shows another company's tickets, even asked for its queues", async () => {
    const b = await aBoard();
    const other = await aBoard();
    const crossed = await listKanbanTickets(db.pool, {
      companyId: b.companyId,
      queueIds: [other.queueId, other.supportId],
      queuelessOwnedBy: b.agentId,
    });
    expect(crossed.map((t) => t.id)).toEqual([b.owned]);
  });

  it(`shows at most the ${KANBAN_TICKETS_LIMIT} most recently updated tickets`, async () => {
    const company = aCompany();
    const { companyId, contactId, mainLineId: whatsappId } = company;
    const created = Array.from({ length: KANBAN_TICKETS_LIMIT + 1 }, () =>
      ticketCreated({ companyId, contactId, whatsappId }),
    );
    await db.given(readers, [...company.setup, ...created]);
    const tickets = await listKanbanTickets(db.pool, { companyId, queueIds: null });
    expect(tickets).toHaveLength(KANBAN_TICKETS_LIMIT);
    expect(tickets[0].id).toBe(created[KANBAN_TICKETS_LIMIT].data.ticketId);
    expect(tickets.map((t) => t.id)).not.toContain(created[0].data.ticketId);
  });
});
