import { DomainError } from '@zelo/contracts/errors';
import type { TagCreated, TagEvent } from '@zelo/contracts/tags/events';

export type Tag = Omit<TagCreated['data'], 'companyId'>;

/** All tags of a company in one stream: the unique name is decided here, not in a lagging read model. */
export interface TagsState {
  tags: Record<string, Tag>;
}
export const tagsStreamId = (companyId: string) => `tags-${companyId}`;
export const initialTagsState = (): TagsState => ({ tags: {} });

export function evolveTags(state: TagsState, event: TagEvent): TagsState {
  const tags = { ...state.tags };
  if (event.type === 'TagDeleted') delete tags[event.data.tagId];
  else {
    const { companyId: _c, ...tag } = event.data;
    tags[tag.tagId] = tag;
  }
  return { tags };
}

/** Colours given to tags created on the fly, in turn, so that new chips are told apart. */
export const TAG_PALETTE = ['#5C7080', '#2965CC', '#29A634', '#D99E0B', '#D13913', '#8F398F', '#00B3A4'];

/** A name the picker sent: an existing tag's id, or a new tag with the id the handler prepared. */
export interface WantedTag {
  id?: string;
  name: string;
  color?: string;
  newTagId: string;
}

export type TagCommand =
  | { type: 'CreateTag'; companyId: string; tag: Tag }
  | { type: 'UpdateTag'; companyId: string; tag: Omit<Tag, 'userId'> }
  | { type: 'DeleteTag'; companyId: string; tagId: string }
  | { type: 'EnsureTags'; companyId: string; userId: string | null; wanted: WantedTag[] };

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
export const findByName = (state: TagsState, name: string) =>
  Object.values(state.tags).find((t) => sameName(t.name, name));

type Cmd<T extends TagCommand['type']> = Extract<TagCommand, { type: T }>;

function assertNameFree(state: TagsState, tagId: string, name: string) {
  const other = findByName(state, name);
  if (other && other.tagId !== tagId)
    throw new DomainError('ERR_DUPLICATED_TAG', 'a tag with this name exists');
}

/** The company's tag of that id: an unknown id, or another company's (not in this stream), is not found. */
export function assertExists(state: TagsState, tagId: string): Tag {
  const tag = state.tags[tagId];
  if (!tag) throw new DomainError('ERR_NO_TAG_FOUND', 'tag not found');
  return tag;
}

/** Which tag each wanted entry names once EnsureTags has run: an existing id, the same name, or the new id. */
export function resolveWanted(state: TagsState, w: WantedTag): string {
  if (w.id) return assertExists(state, w.id).tagId;
  return findByName(state, w.name)?.tagId ?? w.newTagId;
}

function ensureTags(c: Cmd<'EnsureTags'>, state: TagsState): TagEvent[] {
  const events: TagEvent[] = [];
  let s = state;
  for (const w of c.wanted) {
    if (w.id) {
      assertExists(s, w.id);
      continue;
    }
    if (findByName(s, w.name)) continue;
    const color = w.color ?? TAG_PALETTE[Object.keys(s.tags).length % TAG_PALETTE.length];
    const e: TagEvent = {
      type: 'TagCreated',
      data: {
        companyId: c.companyId,
        tagId: w.newTagId,
        name: w.name.trim(),
        color,
        kanban: false,
        userId: c.userId,
      },
    };
    events.push(e);
    s = evolveTags(s, e);
  }
  return events;
}

function createTag(command: Cmd<'CreateTag'>, state: TagsState): TagEvent[] {
  const { companyId, tag } = command;
  if (state.tags[tag.tagId]) return [];
  assertNameFree(state, tag.tagId, tag.name);
  return [{ type: 'TagCreated', data: { companyId, ...tag } }];
}

function updateTag(command: Cmd<'UpdateTag'>, state: TagsState): TagEvent[] {
  const { companyId, tag } = command;
  const current = assertExists(state, tag.tagId);
  assertNameFree(state, tag.tagId, tag.name);
  const next = { ...current, ...tag };
  const same = next.name === current.name && next.color === current.color && next.kanban === current.kanban;
  return same ? [] : [{ type: 'TagUpdated', data: { companyId, ...next } }];
}

function deleteTag(command: Cmd<'DeleteTag'>, state: TagsState): TagEvent[] {
  const { companyId, tagId } = command;
  assertExists(state, tagId);
  return [{ type: 'TagDeleted', data: { companyId, tagId } }];
}

export function decideTags(command: TagCommand, state: TagsState): TagEvent[] {
  switch (command.type) {
    case 'CreateTag':
      return createTag(command, state);
    case 'UpdateTag':
      return updateTag(command, state);
    case 'DeleteTag':
      return deleteTag(command, state);
    case 'EnsureTags':
      return ensureTags(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
