import { Button, Icon, Menu, MenuItem, Popover } from '@blueprintjs/core';
import type { MessageView } from '@zelo/contracts/messaging/read-models';
import { formatTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { renderMarkup } from '../../../lib/markup.tsx';
import { AckIcon } from './ack-icon.tsx';
import { MessageMedia, showsBody } from './message-media.tsx';

interface Props {
  message: MessageView;
  showSender: boolean;
  /** The message a search opened the conversation at: highlighted for a moment. */
  found?: boolean;
  /** Absent in read-only views (the admin's peek): no options menu. */
  actions?: { canDelete: boolean; onReply: (m: MessageView) => void; onDelete: (m: MessageView) => void };
}

export function MessageBubble({ message, showSender, actions, found = false }: Props) {
  const t = useT();
  return (
    <div className={`message-row ${message.fromMe ? 'is-mine' : 'is-theirs'}`}>
      <div
        className={`message-bubble${found ? ' is-found' : ''}`}
        data-testid="message"
        data-from-me={String(message.fromMe)}
        data-message-id={message.id}
        data-ack={message.ack}
        data-deleted={String(message.isDeleted)}
        data-edited={String(message.isEdited)}
      >
        {actions && (
          <Popover
            className="message-options"
            placement="bottom-end"
            disabled={message.isDeleted}
            content={
              <Menu>
                <MenuItem
                  icon="undo"
                  text={t('messageActions.reply')}
                  onClick={() => actions.onReply(message)}
                  data-testid="message-reply"
                />
                {actions.canDelete && (
                  <MenuItem
                    icon="trash"
                    intent="danger"
                    text={t('messageActions.delete')}
                    onClick={() => actions.onDelete(message)}
                    data-testid="message-delete"
                  />
                )}
              </Menu>
            }
          >
            <Button
              variant="minimal"
              size="small"
              icon="chevron-down"
              disabled={message.isDeleted}
              aria-label={t('messageActions.options')}
              data-testid="message-options"
            />
          </Popover>
        )}
        {showSender && !message.fromMe && message.contact && (
          <div className="message-sender">{message.contact.name}</div>
        )}
        {message.quotedMsg && (
          <div className="message-quote" data-testid="message-quote">
            {message.quotedMsg.body}
          </div>
        )}
        {message.isDeleted ? (
          <span className="message-deleted">
            <Icon icon="disable" size={12} /> {t('messages.deleted')}
          </span>
        ) : (
          <>
            <MessageMedia message={message} />
            {showsBody(message) && <span className="message-body">{renderMarkup(message.body ?? '')}</span>}
          </>
        )}
        <span className="message-meta">
          {message.isEdited && <span className="message-edited">{t('messages.edited')}</span>}
          {formatTime(message.createdAt)}
          {message.fromMe && <AckIcon ack={message.ack} />}
        </span>
      </div>
    </div>
  );
}
