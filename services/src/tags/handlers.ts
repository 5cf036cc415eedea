import { type Actor, commandHandler, type Deps, latestPosition, load } from '../platform/command-handler.ts';
import { newId } from '../platform/ids.ts';
import {
  assertExists,
  decideTags,
  evolveTags,
  initialTagsState,
  resolveWanted,
  type TagCommand,
  tagsStreamId,
} from './domain/tags.ts';
import {
  decideTicketTags,
  evolveTicketTags,
  initialTicketTagsState,
  type TicketTagsCommand,
  ticketTagsStreamId,
} from './domain/ticket-tags.ts';

const tagsAggregate = { initialState: initialTagsState, evolve: evolveTags };
const ticketTagsAggregate = { initialState: initialTicketTagsState, evolve: evolveTicketTags };

const handleTagCommand = commandHandler(tagsAggregate, tagsStreamId, decideTags);
const runTicketTagsCommand = commandHandler(ticketTagsAggregate, ticketTagsStreamId, decideTicketTags);

/** All of a company's tags share its stream, so the command names the stream by its company. */
export const runTagCommand = (deps: Deps, command: TagCommand, who: Actor) =>
  handleTagCommand(deps, command.companyId, command, who);

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
  const synced = await runTicketTagsCommand(
    deps,
    ticketId,
    { type: 'SyncTicketTags', ticketId, companyId, tagIds },
    who,
  );
  return { tagIds, position: latestPosition(deps.store, ensured.position, synced.position) };
}

/**
 * The kanban's commands on a ticket's tags (add one, remove all, move to a lane). A named tag must be
 * one of the company's, as its tag stream knows it (not a lagging read model): another company's or an
 * unknown id is ERR_NO_TAG_FOUND and nothing is written. The caller has checked the ticket.
 */
export type KanbanTagCommand = Exclude<TicketTagsCommand, { type: 'SyncTicketTags' }>;

export async function runTicketTagCommand(deps: Deps, command: KanbanTagCommand, who: Actor) {
  const tagId = command.type === 'RemoveTicketTags' ? null : command.tagId;
  if (tagId) {
    const { state } = await load(deps.store, tagsStreamId(command.companyId), tagsAggregate);
    assertExists(state, tagId);
  }
  return runTicketTagsCommand(deps, command.ticketId, command, who);
}
