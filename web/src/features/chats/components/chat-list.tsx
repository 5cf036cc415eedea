import { Button, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import type { ChatView } from '@zelo/contracts/chats/read-models';
import { formatTicketTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { unreadsOf } from '../lib/chat-list.ts';

const NEAR_BOTTOM_PX = 100;

interface Props {
  chats: ChatView[];
  loading: boolean;
  viewerId: string;
  selectedId?: string;
  search: string;
  onSearch: (value: string) => void;
  onLoadMore: () => void;
  onOpen: (chat: ChatView) => void;
  onCreate: () => void;
}

/** The left column of /chats: search, the new-chat button, and the viewer's chats with their unread counts. */
export function ChatList(props: Props) {
  const t = useT();
  const { chats, loading, viewerId, selectedId } = props;
  return (
    <div className="chat-list" data-testid="chat-list">
      <div className="chat-list-header">
        <InputGroup
          leftIcon="search"
          placeholder={t('chats.search')}
          value={props.search}
          onChange={(e) => props.onSearch(e.currentTarget.value)}
          data-testid="chat-search"
        />
        <Button
          intent="primary"
          icon="add"
          text={t('chats.new')}
          onClick={props.onCreate}
          data-testid="chat-new"
        />
      </div>
      <div
        className="chat-list-body"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX) props.onLoadMore();
        }}
      >
        {chats.map((chat) => {
          const unreads = unreadsOf(chat, viewerId);
          return (
            <button
              type="button"
              key={chat.id}
              className={`chat-row${chat.id === selectedId ? ' is-selected' : ''}${unreads > 0 ? ' is-unread' : ''}`}
              onClick={() => props.onOpen(chat)}
              data-testid="chat-row"
              data-chat-id={chat.id}
            >
              <span className="chat-row-line">
                <strong className="chat-row-title">{chat.title}</strong>
                <small className="chat-row-time">{formatTicketTime(chat.updatedAt)}</small>
              </span>
              <span className="chat-row-line">
                <span className="chat-row-last">{chat.lastMessage || t('chats.noMessages')}</span>
                {unreads > 0 && (
                  <Tag round intent="success" data-testid="chat-row-unreads">
                    {unreads}
                  </Tag>
                )}
              </span>
            </button>
          );
        })}
        {loading && (
          <div className="chat-list-loading">
            <Spinner size={20} />
          </div>
        )}
        {!loading && chats.length === 0 && (
          <NonIdealState icon="chat" title={t('chats.empty')} description={t('chats.emptyHint')} />
        )}
      </div>
    </div>
  );
}
