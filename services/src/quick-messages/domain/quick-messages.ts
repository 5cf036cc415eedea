import { DomainError } from '@zelo/contracts/errors';
import { attachmentName } from '@zelo/contracts/quick-messages/api';
import type {
  QuickMessageCreated,
  QuickMessageEvent,
  QuickMessageMediaAttached,
} from '@zelo/contracts/quick-messages/events';

export type QuickMessage = Omit<QuickMessageCreated['data'], 'companyId'>;

/** All quick messages of a company in one stream: the shortcode is unique per company, decided here. */
export interface QuickMessagesState {
  messages: Record<string, QuickMessage>;
  /** The attachment's URL by message id; kept apart so that updates never carry it. */
  media: Record<string, string>;
}
export const quickMessagesStreamId = (companyId: string) => `quickmessages-${companyId}`;
export const initialQuickMessagesState = (): QuickMessagesState => ({ messages: {}, media: {} });

export function evolveQuickMessages(state: QuickMessagesState, event: QuickMessageEvent): QuickMessagesState {
  const messages = { ...state.messages };
  const media = { ...state.media };
  const id = event.data.quickMessageId;
  switch (event.type) {
    case 'QuickMessageDeleted':
      delete messages[id];
      delete media[id];
      break;
    case 'QuickMessageMediaAttached':
      media[id] = event.data.mediaUrl;
      break;
    case 'QuickMessageMediaRemoved':
      delete media[id];
      break;
    default: {
      const { companyId: _c, ...m } = event.data;
      messages[id] = m;
    }
  }
  return { messages, media };
}

export type QuickMessageMedia = Omit<QuickMessageMediaAttached['data'], 'companyId' | 'quickMessageId'>;

/** Who asks: owners change their own messages, admins any message of the company. */
export interface Editor {
  userId: string;
  admin: boolean;
}

export type QuickMessageCommand =
  | { type: 'CreateQuickMessage'; companyId: string; message: QuickMessage }
  | {
      type: 'UpdateQuickMessage';
      companyId: string;
      by: Editor;
      message: Omit<QuickMessage, 'userId'>;
    }
  | { type: 'DeleteQuickMessage'; companyId: string; by: Editor; quickMessageId: string }
  | {
      type: 'AttachQuickMessageMedia';
      companyId: string;
      by: Editor;
      quickMessageId: string;
      media: QuickMessageMedia;
    }
  | { type: 'RemoveQuickMessageMedia'; companyId: string; by: Editor; quickMessageId: string };

function assertShortcodeFree(state: QuickMessagesState, id: string, shortcode: string) {
  const taken = Object.values(state.messages).some(
    (m) => m.quickMessageId !== id && m.shortcode.toLowerCase() === shortcode.toLowerCase(),
  );
  if (taken) throw new DomainError('ERR_DUPLICATED_SHORTCODE', 'this shortcode is already in use');
}

function editable(state: QuickMessagesState, id: string, by: Editor): QuickMessage {
  const m = state.messages[id];
  // Another agent's personal message is invisible to a non-admin, so it is "not found", not "forbidden".
  if (!m || (!by.admin && m.userId !== by.userId && !m.geral))
    throw new DomainError('ERR_NO_QUICK_MESSAGE_FOUND', 'quick message not found');
  if (!by.admin && m.userId !== by.userId)
    throw new DomainError('ERR_NO_PERMISSION', 'only its owner or an admin may change it');
  return m;
}

type Cmd<T extends QuickMessageCommand['type']> = Extract<QuickMessageCommand, { type: T }>;

function createQuickMessage(
  command: Cmd<'CreateQuickMessage'>,
  state: QuickMessagesState,
): QuickMessageEvent[] {
  const { companyId, message } = command;
  if (state.messages[message.quickMessageId]) return [];
  assertShortcodeFree(state, message.quickMessageId, message.shortcode);
  return [{ type: 'QuickMessageCreated', data: { companyId, ...message } }];
}

function updateQuickMessage(
  command: Cmd<'UpdateQuickMessage'>,
  state: QuickMessagesState,
): QuickMessageEvent[] {
  const { companyId, message } = command;
  const current = editable(state, message.quickMessageId, command.by);
  assertShortcodeFree(state, current.quickMessageId, message.shortcode);
  return [{ type: 'QuickMessageUpdated', data: { companyId, ...current, ...message } }];
}

function deleteQuickMessage(
  command: Cmd<'DeleteQuickMessage'>,
  state: QuickMessagesState,
): QuickMessageEvent[] {
  const { companyId, quickMessageId } = command;
  editable(state, quickMessageId, command.by);
  return [{ type: 'QuickMessageDeleted', data: { companyId, quickMessageId } }];
}

function attachQuickMessageMedia(
  command: Cmd<'AttachQuickMessageMedia'>,
  state: QuickMessagesState,
): QuickMessageEvent[] {
  const { companyId, quickMessageId, media } = command;
  editable(state, quickMessageId, command.by);
  // Doc 2 §2.7: spaces in attachment names become underscores, decided here so every client shows it.
  const mediaName = attachmentName(media.mediaName);
  return [{ type: 'QuickMessageMediaAttached', data: { companyId, quickMessageId, ...media, mediaName } }];
}

function removeQuickMessageMedia(
  command: Cmd<'RemoveQuickMessageMedia'>,
  state: QuickMessagesState,
): QuickMessageEvent[] {
  const { companyId, quickMessageId } = command;
  editable(state, quickMessageId, command.by);
  // Removing what is not there changes nothing: a repeated click is not an error.
  if (!state.media[quickMessageId]) return [];
  return [{ type: 'QuickMessageMediaRemoved', data: { companyId, quickMessageId } }];
}

export function decideQuickMessages(
  command: QuickMessageCommand,
  state: QuickMessagesState,
): QuickMessageEvent[] {
  switch (command.type) {
    case 'CreateQuickMessage':
      return createQuickMessage(command, state);
    case 'UpdateQuickMessage':
      return updateQuickMessage(command, state);
    case 'DeleteQuickMessage':
      return deleteQuickMessage(command, state);
    case 'AttachQuickMessageMedia':
      return attachQuickMessageMedia(command, state);
    case 'RemoveQuickMessageMedia':
      return removeQuickMessageMedia(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
