import type { ChatEvent } from '@zelo/contracts/chats/events';
import { DomainError } from '@zelo/contracts/errors';

/** One internal chat, stream `chat-<chatId>`: who is in it, who owns it, who has not read it. */
export interface ChatState {
  companyId: string | null;
  ownerId: string | null;
  title: string;
  /** Every member, the owner included. */
  members: string[];
  /** Unread messages per member (a member missing here has none). */
  unreads: Record<string, number>;
  deleted: boolean;
}

export const chatStreamId = (chatId: string) => `chat-${chatId}`;
export const initialChatState = (): ChatState => ({
  companyId: null,
  ownerId: null,
  title: '',
  members: [],
  unreads: {},
  deleted: false,
});

export function evolveChat(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case 'ChatCreated': {
      const { companyId, ownerId, title, userIds } = event.data;
      return { ...state, companyId, ownerId, title, members: userIds, unreads: {} };
    }
    case 'ChatUpdated': {
      const { title, userIds } = event.data;
      // A removed member's count goes with her; one added starts with nothing unread.
      const unreads = Object.fromEntries(userIds.map((u) => [u, state.unreads[u] ?? 0]));
      return { ...state, title, members: userIds, unreads };
    }
    case 'ChatDeleted':
      return { ...state, deleted: true };
    case 'ChatMessagePosted': {
      const { senderId } = event.data;
      const unreads = Object.fromEntries(
        state.members.map((u) => [u, u === senderId ? (state.unreads[u] ?? 0) : (state.unreads[u] ?? 0) + 1]),
      );
      return { ...state, unreads };
    }
    case 'ChatRead':
      return { ...state, unreads: { ...state.unreads, [event.data.userId]: 0 } };
  }
}

export type ChatCommand =
  | {
      type: 'CreateChat';
      companyId: string;
      chatId: string;
      ownerId: string;
      title: string;
      userIds: string[];
    }
  | {
      type: 'UpdateChat';
      companyId: string;
      chatId: string;
      by: string;
      /** The owner's user was deleted (from the users read model): the chat is its members' now. */
      ownerGone: boolean;
      title: string;
      userIds: string[];
    }
  | { type: 'DeleteChat'; companyId: string; chatId: string; by: string; ownerGone: boolean }
  | {
      type: 'PostChatMessage';
      companyId: string;
      chatId: string;
      by: string;
      messageId: string;
      message: string;
    }
  | { type: 'MarkChatRead'; companyId: string; chatId: string; by: string };

type Cmd<T extends ChatCommand['type']> = Extract<ChatCommand, { type: T }>;

/** The owner first, then the chosen users, each once: the owner is always a member. */
const membersWith = (ownerId: string, userIds: string[]) => [...new Set([ownerId, ...userIds])];

/**
 * The chat as one of its members sees it. A chat of another company, a deleted one or one the user is
 * not in is "not found": its existence is not hers to know.
 */
function memberOf(state: ChatState, companyId: string, userId: string): ChatState {
  if (state.companyId !== companyId || state.deleted || !state.members.includes(userId))
    throw new DomainError('ERR_NO_CHAT_FOUND', 'chat not found');
  return state;
}

/**
 * Who may edit or delete the chat: its owner (doc 2 §6), and once the owner's user is deleted, any of
 * its remaining members, so that no chat is left that nobody can change. Never anyone outside it.
 */
function managedBy(
  state: ChatState,
  command: { companyId: string; by: string; ownerGone: boolean },
): ChatState & { ownerId: string } {
  memberOf(state, command.companyId, command.by);
  if (state.ownerId !== command.by && !command.ownerGone)
    throw new DomainError('ERR_NO_PERMISSION', 'only the chat owner may change or delete it');
  return state as ChatState & { ownerId: string };
}

function createChat(command: Cmd<'CreateChat'>, state: ChatState): ChatEvent[] {
  const { companyId, chatId, ownerId, title, userIds } = command;
  // A repeated create (a retried request with the same id) changes nothing.
  if (state.companyId !== null) return [];
  return [
    {
      type: 'ChatCreated',
      data: { chatId, companyId, ownerId, title, userIds: membersWith(ownerId, userIds) },
    },
  ];
}

function updateChat(command: Cmd<'UpdateChat'>, state: ChatState): ChatEvent[] {
  const { companyId, chatId, title } = command;
  const { ownerId } = managedBy(state, command);
  const userIds = membersWith(ownerId, command.userIds);
  const sameMembers =
    userIds.length === state.members.length && userIds.every((u) => state.members.includes(u));
  if (title === state.title && sameMembers) return [];
  return [{ type: 'ChatUpdated', data: { chatId, companyId, title, userIds } }];
}

function deleteChat(command: Cmd<'DeleteChat'>, state: ChatState): ChatEvent[] {
  const { companyId, chatId } = command;
  managedBy(state, command);
  return [{ type: 'ChatDeleted', data: { chatId, companyId, userIds: state.members } }];
}

function postChatMessage(command: Cmd<'PostChatMessage'>, state: ChatState): ChatEvent[] {
  const { companyId, chatId, messageId, message } = command;
  memberOf(state, companyId, command.by);
  return [
    { type: 'ChatMessagePosted', data: { chatId, companyId, messageId, senderId: command.by, message } },
  ];
}

function markChatRead(command: Cmd<'MarkChatRead'>, state: ChatState): ChatEvent[] {
  const { companyId, chatId, by } = command;
  memberOf(state, companyId, by);
  // Opening a chat with nothing new records nothing.
  if (!state.unreads[by]) return [];
  return [{ type: 'ChatRead', data: { chatId, companyId, userId: by } }];
}

export function decideChat(command: ChatCommand, state: ChatState): ChatEvent[] {
  switch (command.type) {
    case 'CreateChat':
      return createChat(command, state);
    case 'UpdateChat':
      return updateChat(command, state);
    case 'DeleteChat':
      return deleteChat(command, state);
    case 'PostChatMessage':
      return postChatMessage(command, state);
    case 'MarkChatRead':
      return markChatRead(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
