import type { TagEvent, TicketTagsEvent } from '@zelo/contracts/tags/events';
import { type Actor, type Deps, handle, latestPosition } from '../platform/command-handler.ts';
import { newId } from '../platform/ids.ts';
import {
  decideTags,
  evolveTags,
  initialTagsState,
  resolveWanted,
  type TagCommand,
  type TagsState,
  tagsStreamId,
} from './domain/tags.ts';
import {
  decideTicketTags,
  evolveTicketTags,
  initialTicketTagsState,
  type TicketTagsState,
  ticketTagsStreamId,
} from './domain/ticket-tags.ts';

const tagsAggregate = { initialState: initialTagsState, evolve: evolveTags };
const ticketTagsAggregate = { initialState: initialTicketTagsState, evolve: evolveTicketTags };

export const runTagCommand = (deps: Deps, command: TagCommand, who: Actor) =>
  handle<TagsState, TagEvent>(
    deps,
    tagsStreamId(command.companyId),
    tagsAggregate,
    (s) => decideTags(command, s),
    who,
  );

/**
 * Sets a ticket's tags to exactly `tags`: names not yet known are created first in the company's tag
 * stream (reusing a tag of the same name, whatever its case), then the ticket's own stream records the set.
 * The caller has checked that the ticket belongs to `companyId`.
 */
export async function syncTicketTags(
  deps: Deps,
  companyId: string,
  ticketId: string,
  tags: { id?: string; name: string; color?: string }[],
  who: Actor & { actor: string },
) {
  const wanted = tags.map((t) => ({ ...t, newTagId: newId() }));
  const ensured = await runTagCommand(
    deps,
    { type: 'EnsureTags', companyId, userId: who.actor.startsWith('system:') ? null : who.actor, wanted },
    who,
  );
  const tagIds = wanted.map((w) => resolveWanted(ensured.state, w));
  const synced = await handle<TicketTagsState, TicketTagsEvent>(
    deps,
    ticketTagsStreamId(ticketId),
    ticketTagsAggregate,
    (s) => decideTicketTags({ type: 'SyncTicketTags', ticketId, companyId, tagIds }, s),
    who,
  );
  return { tagIds, position: latestPosition(deps.store, ensured.position, synced.position) };
}
