import type { AnyEvent } from '@zelo/contracts/events';
import {
  tagCreated,
  tagDeleted,
  tagUpdated,
  testId,
  ticketCreated,
  ticketDeleted,
  ticketTagsSynced,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { conversationsProjection } from '../tickets/conversations.ts';
import { getTag, listAllTags, searchTags } from './queries.ts';
import { tagsProjection } from './tags.ts';

// A tag's ticket count leaves out deleted tickets, which the conversations projection removes.
const readers = [conversationsProjection, tagsProjection];

describe('tags read model', () => {
  const db = useReadModelDatabase();
  const given = async (...events: AnyEvent[]) => (await db.given(readers, events)).history;

  it('shows a tag as last updated, with how many live tickets carry it', async () => {
    const companyId = testId();
    const userId = testId();
    const created = tagCreated({ companyId, name: 'VIP', color: '#aa0055', kanban: false, userId });
    const { tagId } = created.data;
    const [kept, deleted, untagged] = [1, 2, 3].map(() => ticketCreated({ companyId }));
    const history = await given(
      created,
      tagUpdated({ companyId, tagId, name: 'Cliente VIP', color: '#bb0066', kanban: true, userId }),
      kept,
      deleted,
      untagged,
      ticketTagsSynced({ companyId, ticketId: kept.data.ticketId, tagIds: [tagId] }),
      ticketTagsSynced({ companyId, ticketId: deleted.data.ticketId, tagIds: [tagId] }),
      ticketTagsSynced({ companyId, ticketId: untagged.data.ticketId, tagIds: [tagId] }),
      // The whole set after a change: an empty set takes the tag off.
      ticketTagsSynced({ companyId, ticketId: untagged.data.ticketId, tagIds: [] }),
      ticketDeleted({ companyId, ticketId: deleted.data.ticketId }),
    );
    expect(await getTag(db.pool, companyId, tagId)).toEqual({
      id: tagId,
      name: 'Cliente VIP',
      color: '#bb0066',
      kanban: true,
      userId,
      ticketsCount: 1,
      createdAt: history[0].metadata.at,
      updatedAt: history[1].metadata.at,
    });
  });

  it('lists and searches the company tags by name, without deleted ones nor their ticket links', async () => {
    const companyId = testId();
    const ticket = ticketCreated({ companyId });
    const zebra = tagCreated({ companyId, name: 'zebra', kanban: true });
    const alpha = tagCreated({ companyId, name: 'Alpha', kanban: false });
    const gone = tagCreated({ companyId, name: 'Beta', kanban: true });
    await given(
      ticket,
      zebra,
      alpha,
      gone,
      ticketTagsSynced({
        companyId,
        ticketId: ticket.data.ticketId,
        tagIds: [gone.data.tagId, alpha.data.tagId],
      }),
      tagDeleted({ companyId, tagId: gone.data.tagId }),
      tagCreated({ name: 'Alpha de outra empresa' }),
    );
    expect((await listAllTags(db.pool, companyId)).map((t) => [t.name, t.ticketsCount])).toEqual([
      ['Alpha', 1],
      ['zebra', 0],
    ]);
    expect((await listAllTags(db.pool, companyId, true)).map((t) => t.name)).toEqual(['zebra']);
    expect(
      (await searchTags(db.pool, companyId, { searchParam: 'ALP', pageNumber: 1 })).tags.map((t) => t.id),
    ).toEqual([alpha.data.tagId]);
    const links = await db.pool.query('SELECT tag_id FROM ticket_tags WHERE ticket_id = $1', [
      ticket.data.ticketId,
    ]);
    expect(links.rows).toEqual([{ tag_id: alpha.data.tagId }]);
  });

  it('leaves out of a sync a tag deleted before it was applied, and a tag of another company', async () => {
    const companyId = testId();
    const ticket = ticketCreated({ companyId });
    const kept = tagCreated({ companyId, name: 'Kept' });
    const deleted = tagCreated({ companyId, name: 'Deleted' });
    const foreign = tagCreated({ name: 'Foreign' });
    await given(
      ticket,
      kept,
      deleted,
      foreign,
      tagDeleted({ companyId, tagId: deleted.data.tagId }),
      ticketTagsSynced({
        companyId,
        ticketId: ticket.data.ticketId,
        tagIds: [kept.data.tagId, deleted.data.tagId, foreign.data.tagId],
      }),
    );
    const links = await db.pool.query('SELECT tag_id FROM ticket_tags WHERE ticket_id = $1', [
      ticket.data.ticketId,
    ]);
    expect(links.rows).toEqual([{ tag_id: kept.data.tagId }]);
  });
});
