import { Button, Menu, MenuDivider, MenuItem, PopoverNext, Tag, Tooltip } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { formatTicketTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { messagePreview } from '../../../lib/message-preview.ts';
import { useResync, useSocketEvent, useSocketRoom } from '../../../lib/socket.ts';
import type { User } from '../../../lib/store.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { listUnreadTickets } from '../api/unread-tickets.ts';
import './notifications.css';

/** The top bar's bell: tickets waiting for the user's reading, kept current by the socket. */
export function NotificationsBell({ user }: { user: User }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const includePending = user.allTicket === 'enabled';
  const request = useRequest((signal) => listUnreadTickets(includePending, signal), [includePending]);

  // A burst of messages is one refetch, half a second after the last of them.
  const later = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(later.current), []);
  const reloadSoon = () => {
    clearTimeout(later.current);
    later.current = setTimeout(request.reload, 500);
  };
  useSocketRoom('notification');
  useSocketEvent(`company-${user.companyId}-appMessage`, reloadSoon);
  useSocketEvent(`company-${user.companyId}-ticket`, reloadSoon);
  useResync(request.reload);

  const tickets = request.data ?? [];
  const list = (
    <Menu className="notifications-menu" data-testid="notifications-list">
      <MenuDivider title={t('notifications.title')} />
      {tickets.length === 0 ? (
        <MenuItem disabled text={t('notifications.empty')} />
      ) : (
        tickets.map((ticket) => (
          <MenuItem
            key={ticket.id}
            data-testid="notification-item"
            icon={ticket.status === 'pending' ? 'time' : 'chat'}
            text={
              <div className="notification-text">
                <strong>{ticket.contact?.name || ticket.contact?.number}</strong>
                <span className="bp6-text-muted">
                  {messagePreview(ticket.lastMessage, t('media.location'))}
                </span>
              </div>
            }
            labelElement={
              <span className="notification-meta">
                <small>{formatTicketTime(ticket.updatedAt)}</small>
                <Tag round minimal intent="success">
                  {ticket.unreadMessages}
                </Tag>
              </span>
            }
            onClick={() => {
              setOpen(false);
              navigate(`/tickets/${ticket.id}`);
            }}
          />
        ))
      )}
    </Menu>
  );
  return (
    <PopoverNext placement="bottom-end" isOpen={open} onInteraction={setOpen} content={list}>
      <Tooltip content={t('notifications.title')} disabled={open}>
        <span className="top-bar-bell">
          <Button
            variant="minimal"
            icon="notifications"
            aria-label={t('notifications.title')}
            data-testid="notifications-bell"
          />
          {tickets.length > 0 && (
            <span className="top-bar-bell-count" data-testid="notifications-count">
              {tickets.length > 99 ? '99+' : tickets.length}
            </span>
          )}
        </span>
      </Tooltip>
    </PopoverNext>
  );
}
