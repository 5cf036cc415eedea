import { NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import type { ChatMessageView } from '@zelo/contracts/chats/read-models';
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { chatRows, scrollTopAfterPrepend, shouldLoadOlder } from '../lib/chat-messages.ts';
import type { ChatListChange } from '../lib/use-chat-messages.ts';

interface Props {
  messages: ChatMessageView[];
  viewerId: string;
  loading: boolean;
  hasMore: boolean;
  lastChange: RefObject<ChatListChange>;
  onLoadOlder: () => void;
}

/** The conversation: own messages right, others left with the sender's name; older pages load upwards. */
export function ChatMessageList({ messages, viewerId, loading, hasMore, lastChange, onLoadOlder }: Props) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  // Where the reader was before the latest change (kept on every scroll and after every render).
  const before = useRef({ scrollTop: 0, scrollHeight: 0 });

  // New and first messages stick to the bottom; an older page keeps the same messages in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each list change to fix the scroll
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.scrollTop =
      lastChange.current === 'older'
        ? scrollTopAfterPrepend(before.current, el.scrollHeight)
        : el.scrollHeight;
    before.current = { scrollTop: el.scrollTop, scrollHeight: el.scrollHeight };
  }, [messages]);

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    before.current = { scrollTop: el.scrollTop, scrollHeight: el.scrollHeight };
    if (shouldLoadOlder(el.scrollTop, { hasMore, loading })) onLoadOlder();
  };

  return (
    <div className="message-list chat-message-list" ref={ref} onScroll={onScroll} data-testid="chat-messages">
      {loading && (
        <div className="chat-messages-loading">
          <Spinner size={20} />
        </div>
      )}
      {!loading && messages.length === 0 && <NonIdealState icon="chat" description={t('chats.noMessages')} />}
      {chatRows(messages, viewerId).map((row) =>
        row.kind === 'day' ? (
          <div key={row.key} className="message-day">
            <Tag minimal round>
              {formatDate(row.date)}
            </Tag>
          </div>
        ) : (
          <div
            key={row.key}
            className={`message-row ${row.message.senderId === viewerId ? 'is-mine' : 'is-theirs'}`}
          >
            <div
              className="message-bubble"
              data-testid="chat-message"
              data-mine={String(row.message.senderId === viewerId)}
            >
              {row.showSender && (
                <div className="message-sender">{row.message.sender.name || t('chats.removedUser')}</div>
              )}
              <span className="message-body">{row.message.message}</span>
              <span className="message-meta">{formatTime(row.message.createdAt)}</span>
            </div>
          </div>
        ),
      )}
    </div>
  );
}
