import type { TagEvent, TicketTagsEvent } from '@zelo/contracts/tags/events';
import { tagCreated, tagDeleted, ticketTagsSynced } from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  decideTags,
  evolveTags,
  initialTagsState,
  resolveWanted,
  TAG_PALETTE,
  type TagCommand,
  type TagsState,
} from './tags.ts';
import {
  decideTicketTags,
  evolveTicketTags,
  initialTicketTagsState,
  type TicketTagsCommand,
  type TicketTagsState,
} from './ticket-tags.ts';

const tags = decider<TagsState, TagCommand, TagEvent>({
  initialState: initialTagsState,
  evolve: evolveTags,
  decide: decideTags,
});
const ticketTags = decider<TicketTagsState, TicketTagsCommand, TicketTagsEvent>({
  initialState: initialTicketTagsState,
  evolve: evolveTicketTags,
  decide: decideTicketTags,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const otherCompany = '00000000-0000-4000-8000-000000000002';
const userId = '00000000-0000-4000-8000-000000000010';
const vipId = '00000000-0000-4000-8000-000000000020';
const urgentId = '00000000-0000-4000-8000-000000000021';
const newId = '00000000-0000-4000-8000-000000000022';
const ticketId = '00000000-0000-4000-8000-000000000030';

const vip = { tagId: vipId, name: 'VIP', color: '#FF0000', kanban: false, userId };
const vipCreated = tagCreated({ companyId, ...vip });

describe('Tags', () => {
  describe('When the company has no tags', () => {
    it('a tag is created', () =>
      tags.given([]).when({ type: 'CreateTag', companyId, tag: vip }).then([vipCreated]));

    it('updating refuses with ERR_NO_TAG_FOUND', () =>
      tags
        .given([])
        .when({
          type: 'UpdateTag',
          companyId,
          tag: { tagId: vipId, name: 'VIP', color: '#000000', kanban: true },
        })
        .thenThrows('ERR_NO_TAG_FOUND'));

    it('deleting refuses with ERR_NO_TAG_FOUND', () =>
      tags.given([]).when({ type: 'DeleteTag', companyId, tagId: vipId }).thenThrows('ERR_NO_TAG_FOUND'));
  });

  describe('When a tag has a name', () => {
    it('another tag with that name, in any letter case, refuses with ERR_DUPLICATED_TAG', () =>
      tags
        .given([vipCreated])
        .when({ type: 'CreateTag', companyId, tag: { ...vip, tagId: urgentId, name: ' vip ' } })
        .thenThrows('ERR_DUPLICATED_TAG'));

    it('another tag may not be renamed to it', () =>
      tags
        .given([
          vipCreated,
          { type: 'TagCreated', data: { companyId, ...vip, tagId: urgentId, name: 'Urgente' } },
        ])
        .when({
          type: 'UpdateTag',
          companyId,
          tag: { tagId: urgentId, name: 'Vip', color: '#000000', kanban: false },
        })
        .thenThrows('ERR_DUPLICATED_TAG'));

    it('the tag itself is saved with a new colour and the kanban flag, keeping its creator', () =>
      tags
        .given([vipCreated])
        .when({
          type: 'UpdateTag',
          companyId,
          tag: { tagId: vipId, name: 'VIP', color: '#00FF00', kanban: true },
        })
        .then([{ type: 'TagUpdated', data: { companyId, ...vip, color: '#00FF00', kanban: true } }]));

    it('saving it unchanged records nothing', () =>
      tags
        .given([vipCreated])
        .when({
          type: 'UpdateTag',
          companyId,
          tag: { tagId: vipId, name: 'VIP', color: '#FF0000', kanban: false },
        })
        .thenNothing());

    it('once deleted, its name is free again', () =>
      tags
        .given([vipCreated, tagDeleted({ companyId, tagId: vipId })])
        .when({ type: 'CreateTag', companyId, tag: { ...vip, tagId: urgentId } })
        .then([{ type: 'TagCreated', data: { companyId, ...vip, tagId: urgentId } }]));
  });

  describe('When the picker sends names to tag a ticket with', () => {
    const wanted = [
      { name: 'vip', newTagId: urgentId },
      { name: 'Novo cliente', newTagId: newId },
    ];
    it('an existing name is reused and only a new name is created, with a palette colour', () =>
      tags
        .given([vipCreated])
        .when({ type: 'EnsureTags', companyId, userId, wanted })
        .then([
          {
            type: 'TagCreated',
            data: {
              companyId,
              tagId: newId,
              name: 'Novo cliente',
              color: TAG_PALETTE[1],
              kanban: false,
              userId,
            },
          },
        ]));

    it('the same new name twice is created once', () =>
      tags
        .given([])
        .when({
          type: 'EnsureTags',
          companyId,
          userId,
          wanted: [
            { name: 'Lead', color: '#123456', newTagId: urgentId },
            { name: 'LEAD', newTagId: newId },
          ],
        })
        .then([
          {
            type: 'TagCreated',
            data: { companyId, tagId: urgentId, name: 'Lead', color: '#123456', kanban: false, userId },
          },
        ]));

    it('an unknown id refuses with ERR_NO_TAG_FOUND', () =>
      tags
        .given([])
        .when({
          type: 'EnsureTags',
          companyId,
          userId,
          wanted: [{ id: vipId, name: 'VIP', newTagId: newId }],
        })
        .thenThrows('ERR_NO_TAG_FOUND'));

    it('each entry resolves to the tag it names', () => {
      const state = [vipCreated].reduce(evolveTags, initialTagsState());
      expect(resolveWanted(state, { name: 'VIP', newTagId: newId })).toBe(vipId);
      expect(resolveWanted(state, { id: vipId, name: 'whatever', newTagId: newId })).toBe(vipId);
      expect(resolveWanted(state, { name: 'Outra', newTagId: newId })).toBe(newId);
    });
  });
});

describe('Ticket tags', () => {
  const synced = (tagIds: string[], company = companyId) =>
    ticketTagsSynced({ ticketId, companyId: company, tagIds });

  describe('When the ticket has no tags', () => {
    it('syncing records the new set, without repeats', () =>
      ticketTags
        .given([])
        .when({ type: 'SyncTicketTags', ticketId, companyId, tagIds: [vipId, urgentId, vipId] })
        .then([synced([vipId, urgentId])]));

    it('syncing an empty set records nothing', () =>
      ticketTags.given([]).when({ type: 'SyncTicketTags', ticketId, companyId, tagIds: [] }).thenNothing());
  });

  describe('When the ticket has tags', () => {
    it('the same set in another order records nothing', () =>
      ticketTags
        .given([synced([vipId, urgentId])])
        .when({ type: 'SyncTicketTags', ticketId, companyId, tagIds: [urgentId, vipId] })
        .thenNothing());

    it('an empty set removes them all', () =>
      ticketTags
        .given([synced([vipId])])
        .when({ type: 'SyncTicketTags', ticketId, companyId, tagIds: [] })
        .then([synced([])]));

    it("another company's command refuses with ERR_NO_TICKET_FOUND", () =>
      ticketTags
        .given([synced([vipId])])
        .when({ type: 'SyncTicketTags', ticketId, companyId: otherCompany, tagIds: [] })
        .thenThrows('ERR_NO_TICKET_FOUND'));
  });

  describe('the kanban calls', () => {
    it('adding a tag keeps the others and records the whole set', () =>
      ticketTags
        .given([synced([vipId])])
        .when({ type: 'AddTicketTag', ticketId, companyId, tagId: urgentId })
        .then([synced([vipId, urgentId])]));

    it('adding a tag the ticket has records nothing', () =>
      ticketTags
        .given([synced([vipId, urgentId])])
        .when({ type: 'AddTicketTag', ticketId, companyId, tagId: vipId })
        .thenNothing());

    it('removing the tags records the empty set, and nothing when there are none', () => {
      ticketTags
        .given([synced([vipId, urgentId])])
        .when({ type: 'RemoveTicketTags', ticketId, companyId })
        .then([synced([])]);
      ticketTags.given([]).when({ type: 'RemoveTicketTags', ticketId, companyId }).thenNothing();
      ticketTags
        .given([synced([vipId]), synced([])])
        .when({ type: 'RemoveTicketTags', ticketId, companyId })
        .thenNothing();
    });

    it('moving to a lane leaves exactly its tag, in one event', () =>
      ticketTags
        .given([synced([vipId, urgentId])])
        .when({ type: 'MoveTicketToLane', ticketId, companyId, tagId: newId })
        .then([synced([newId])]));

    it('moving to the lane without tags removes them all', () =>
      ticketTags
        .given([synced([vipId])])
        .when({ type: 'MoveTicketToLane', ticketId, companyId, tagId: null })
        .then([synced([])]));

    it('moving to the lane the ticket is in records nothing', () => {
      ticketTags
        .given([synced([vipId])])
        .when({ type: 'MoveTicketToLane', ticketId, companyId, tagId: vipId })
        .thenNothing();
      ticketTags.given([]).when({ type: 'MoveTicketToLane', ticketId, companyId, tagId: null }).thenNothing();
    });

    it("another company's kanban call refuses with ERR_NO_TICKET_FOUND", () => {
      ticketTags
        .given([synced([vipId])])
        .when({ type: 'AddTicketTag', ticketId, companyId: otherCompany, tagId: urgentId })
        .thenThrows('ERR_NO_TICKET_FOUND');
      ticketTags
        .given([synced([vipId])])
        .when({ type: 'RemoveTicketTags', ticketId, companyId: otherCompany })
        .thenThrows('ERR_NO_TICKET_FOUND');
      ticketTags
        .given([synced([vipId])])
        .when({ type: 'MoveTicketToLane', ticketId, companyId: otherCompany, tagId: null })
        .thenThrows('ERR_NO_TICKET_FOUND');
    });
  });
});
