import { Alert, Tab, Tabs } from '@blueprintjs/core';
import type { ChatView } from '@zelo/contracts/chats/read-models';
import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../lib/i18n.ts';
import { refreshKeyAtom, sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { useWindowWidth } from '../../../lib/use-media.ts';
import { deleteChat } from '../api/chats.ts';
import { readingChatAtom } from '../lib/use-chat-inbox.ts';
import { useChatList } from '../lib/use-chat-list.ts';
import { ChatConversation } from './chat-conversation.tsx';
import { ChatDialog } from './chat-dialog.tsx';
import { ChatList } from './chat-list.tsx';
import './chats.css';

/** Below this width the list and the conversation are two tabs (doc 2 §2.17), as the tickets do. */
const SPLIT_MIN = 900;

/** Doc 2 §2.17 /chats and /chats/{uuid}: the viewer's internal chats beside the open one. */
export function ChatsPage({ chatId }: { chatId?: string }) {
  const t = useT();
  const [, navigate] = useLocation();
  const viewerId = useAtomValue(sessionAtom)?.user.id ?? '';
  const refreshKey = useAtomValue(refreshKeyAtom);
  const split = useWindowWidth() >= SPLIT_MIN;
  const [search, setSearch] = useState('');
  // The chat on screen while the tab is in front: its new messages arrive already read.
  const reading = useAtomValue(readingChatAtom);
  const list = useChatList(search, reading, refreshKey);
  const [editing, setEditing] = useState<ChatView | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ChatView | null>(null);
  const [savedCount, setSavedCount] = useState(0);
  const { markRead, putChat, removeChat } = list;

  const onRead = useCallback((id: string) => markRead(id, viewerId), [markRead, viewerId]);
  const onGone = useCallback(() => navigate('/chats', { replace: true }), [navigate]);

  const confirmDelete = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      await deleteChat(target.id);
      removeChat(target.id);
      if (target.id === chatId) navigate('/chats', { replace: true });
    } catch {
      // Doc 2 §8: silent; the chat stays listed.
    }
  };

  const listPane = (
    <ChatList
      chats={list.chats}
      loading={list.loading}
      viewerId={viewerId}
      selectedId={chatId}
      search={search}
      onSearch={setSearch}
      onLoadMore={list.loadMore}
      onOpen={(chat) => navigate(`/chats/${chat.uuid}`)}
      onCreate={() => setEditing(null)}
    />
  );
  const conversation = chatId ? (
    <ChatConversation
      key={`${chatId}-${refreshKey}`}
      chatId={chatId}
      viewerId={viewerId}
      savedCount={savedCount}
      onBack={split ? undefined : () => navigate('/chats')}
      onEdit={setEditing}
      onDelete={setDeleting}
      onRead={onRead}
      onGone={onGone}
    />
  ) : (
    <div className="chat-conversation chat-conversation-empty" data-testid="chat-welcome">
      <span className="bp6-text-muted">{t('chats.pick')}</span>
    </div>
  );

  return (
    <div className="chats-page" data-testid="chats-page">
      {split ? (
        <div className="chats-split">
          <section className="chats-split-list">{listPane}</section>
          <section className="chats-split-conversation">{conversation}</section>
        </div>
      ) : (
        <div className="chats-narrow">
          <Tabs
            id="chats-narrow-tabs"
            selectedTabId={chatId ? 'messages' : 'chats'}
            onChange={(id) => id === 'chats' && navigate('/chats')}
          >
            <Tab id="chats" title={t('chats.chatsTab')} data-testid="chats-tab-chats" />
            <Tab
              id="messages"
              title={t('chats.messagesTab')}
              disabled={!chatId}
              data-testid="chats-tab-messages"
            />
          </Tabs>
          <div className="chats-narrow-body">{chatId ? conversation : listPane}</div>
        </div>
      )}
      {editing !== undefined && (
        <ChatDialog
          chat={editing}
          viewerId={viewerId}
          onClose={() => setEditing(undefined)}
          onSaved={(chat) => {
            putChat(chat);
            setSavedCount((n) => n + 1);
            if (!editing) navigate(`/chats/${chat.uuid}`);
          }}
        />
      )}
      <Alert
        isOpen={!!deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={t('chats.delete')}
        cancelButtonText={t('chats.cancel')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <span data-testid="chat-delete-confirm">
          {deleting && t('chats.confirmDelete', { title: deleting.title })}
        </span>
      </Alert>
    </div>
  );
}
