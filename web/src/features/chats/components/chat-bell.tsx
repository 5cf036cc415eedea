import { Button, Menu, MenuDivider, MenuItem, PopoverNext, Tag, Tooltip } from '@blueprintjs/core';
import { useState } from 'react';
import { formatTicketTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { unreadsOf } from '../lib/chat-list.ts';
import { useChatInbox } from '../lib/use-chat-inbox.ts';
import './chats.css';

/** Doc 1 §2 chat popover: the internal chats; choosing one is a full page load of /chats/{uuid}. */
export function ChatBell() {
  const t = useT();
  const me = useAtomValue(sessionAtom)?.user.id ?? '';
  const [open, setOpen] = useState(false);
  const { chats, unreadChats } = useChatInbox();

  const list = (
    <Menu className="chat-bell-menu" data-testid="chat-bell-list">
      <MenuDivider title={t('chats.title')} />
      {chats.length === 0 ? (
        <MenuItem disabled text={t('chats.none')} />
      ) : (
        chats.map((chat) => {
          const unreads = unreadsOf(chat, me);
          return (
            <MenuItem
              key={chat.id}
              data-testid="chat-bell-item"
              icon="comment"
              href={`/chats/${chat.uuid}`}
              text={
                <div className="chat-bell-text">
                  <strong>{chat.title}</strong>
                  <span className="bp6-text-muted">{chat.lastMessage || t('chats.noMessages')}</span>
                </div>
              }
              labelElement={
                <span className="chat-bell-meta">
                  <small>{formatTicketTime(chat.updatedAt)}</small>
                  {unreads > 0 && (
                    <Tag round minimal intent="success">
                      {unreads}
                    </Tag>
                  )}
                </span>
              }
            />
          );
        })
      )}
    </Menu>
  );
  return (
    <PopoverNext placement="bottom-end" isOpen={open} onInteraction={setOpen} content={list}>
      <Tooltip content={t('chats.title')} disabled={open}>
        <span className="top-bar-bell">
          <Button variant="minimal" icon="comment" aria-label={t('chats.title')} data-testid="chat-bell" />
          {unreadChats > 0 && (
            <span className="top-bar-bell-count" data-testid="chat-bell-count">
              {unreadChats > 99 ? '99+' : unreadChats}
            </span>
          )}
        </span>
      </Tooltip>
    </PopoverNext>
  );
}
