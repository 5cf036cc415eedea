import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import type { ChatMessageView, ChatView } from '@zelo/contracts/chats/read-models';
import { useCallback, useEffect } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { useResync, useSocketEvent } from '../../../lib/socket.ts';
import { appStore, sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { sendChatMessage } from '../api/chat-messages.ts';
import { getChat, markChatRead } from '../api/chats.ts';
import { unreadsOf, withReadBy } from '../lib/chat-list.ts';
import { markReadInInbox, readingChatAtom } from '../lib/use-chat-inbox.ts';
import { useChatMessages } from '../lib/use-chat-messages.ts';
import { usePageVisible } from '../lib/use-page-visible.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatMessageList } from './chat-message-list.tsx';

interface Props {
  chatId: string;
  viewerId: string;
  /** Bumped after the viewer saved the chat, so the header shows the new title and members. */
  savedCount: number;
  onBack?: () => void;
  onEdit: (chat: ChatView) => void;
  onDelete: (chat: ChatView) => void;
  /** The viewer read the chat: the list clears its counter. */
  onRead: (chatId: string) => void;
  /** The chat was deleted (or the viewer removed from it) while open. */
  onGone: () => void;
}

const isMessage = (m: unknown): m is ChatMessageView =>
  !!m && typeof m === 'object' && 'id' in m && 'message' in m && 'senderId' in m;

/** One chat: its header (edit and delete for who may), the messages and the composer. */
export function ChatConversation({
  chatId,
  viewerId,
  savedCount,
  onBack,
  onEdit,
  onDelete,
  onRead,
  onGone,
}: Props) {
  const t = useT();
  const companyId = useAtomValue(sessionAtom)?.user.companyId;
  const visible = usePageVisible();
  const chat = useRequest((signal) => getChat(chatId, signal), [chatId, savedCount]);

  const read = useCallback(() => {
    // Doc 2 §7 POST /chats/{id}/read; the bell, the dot and the list clear at once.
    markChatRead(chatId, viewerId).catch(() => undefined);
    markReadInInbox(chatId, viewerId);
    onRead(chatId);
    chat.setData((c) => c && withReadBy(c, viewerId));
  }, [chatId, viewerId, onRead, chat.setData]);

  // While the chat is on screen its messages are read: when it opens, when a message arrives (the
  // frame raises the counter) and when the tab comes back to the front.
  const unread = chat.data ? unreadsOf(chat.data, viewerId) : 0;
  useEffect(() => {
    if (visible && unread > 0) read();
  }, [visible, unread, read]);
  useEffect(() => {
    if (!visible) return;
    appStore.set(readingChatAtom, chatId);
    return () => appStore.set(readingChatAtom, null);
  }, [chatId, visible]);

  const messages = useChatMessages(chatId);
  useResync(chat.reload);

  useSocketEvent(companyId ? `company-${companyId}-chat` : null, (frame) => {
    if (frame.action === 'delete') {
      if (frame.id === chatId) onGone();
    } else if (frame.chat.id === chatId) {
      chat.setData(() => frame.chat);
    }
  });

  const send = async (text: string) => {
    try {
      const answer = await sendChatMessage(chatId, text);
      if (isMessage(answer)) messages.appendOwn(answer);
      return true;
    } catch {
      return false; // doc 2 §8: silent; the text stays in the box to try again
    }
  };

  const current = chat.data;
  if (!current) {
    return (
      <div className="chat-conversation chat-conversation-empty">
        {chat.loading ? <Spinner size={30} /> : <NonIdealState icon="search" title={t('chats.notFound')} />}
      </div>
    );
  }
  // Doc 2 §6: the owner edits and deletes; once her user is deleted, any member may (the server agrees).
  const canManage = current.ownerId === viewerId || current.ownerGone;
  // A member deleted since has no name left in the users read model.
  const members = current.users.map((u) => u.user.name || t('chats.removedUser')).join(', ');
  return (
    <div className="chat-conversation" data-testid="chat-conversation">
      <div className="conversation-header chat-conversation-header">
        {onBack && (
          <Button variant="minimal" icon="arrow-left" aria-label={t('chats.back')} onClick={onBack} />
        )}
        <div className="conversation-title">
          <strong data-testid="chat-conversation-title">{current.title}</strong>
          <small className="bp6-text-muted chat-members" title={members}>
            {members}
          </small>
        </div>
        {canManage && (
          <div className="conversation-actions">
            <Button
              variant="minimal"
              icon="edit"
              aria-label={t('chats.edit')}
              onClick={() => onEdit(current)}
              data-testid="chat-edit"
            />
            <Button
              variant="minimal"
              icon="trash"
              intent="danger"
              aria-label={t('chats.delete')}
              onClick={() => onDelete(current)}
              data-testid="chat-delete"
            />
          </div>
        )}
      </div>
      <ChatMessageList
        messages={messages.messages}
        viewerId={viewerId}
        loading={messages.loading}
        hasMore={messages.hasMore}
        lastChange={messages.lastChange}
        onLoadOlder={messages.loadOlder}
      />
      <ChatComposer onSend={send} />
    </div>
  );
}
