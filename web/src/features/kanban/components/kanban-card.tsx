import { AnchorButton, Button, Menu, MenuDivider, MenuItem, PopoverNext, Tag, Text } from '@blueprintjs/core';
import type { TicketTag } from '@zelo/contracts/tags/read-models';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { memo } from 'react';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n.ts';
import { messagePreview } from '../../../lib/message-preview.ts';
import { laneKey, shortTicketId } from '../lib/lanes.ts';

/** What a drag carries: the ticket and the lane it leaves (a ticket may sit in two lanes). */
export const DRAG_TYPE = 'application/x-zelo-kanban-card';
export interface DragPayload {
  ticketId: string;
  fromLane: string;
}

interface Props {
  ticket: TicketView;
  /** The lane this copy of the card sits in. */
  laneTagId: string | null;
  /** The lanes it may go to: the card menu's "move to…", the keyboard's way to do a drag. */
  targets: (TicketTag | null)[];
  onMove: (ticket: TicketView, target: TicketTag | null) => void;
}

/** Doc 2 §2.5 card: ticket number, contact name and number, last message, see-ticket button. */
export const KanbanCard = memo(function KanbanCard({ ticket, laneTagId, targets, onMove }: Props) {
  const t = useT();
  const payload: DragPayload = { ticketId: ticket.id, fromLane: laneKey(laneTagId) };
  const preview = messagePreview(ticket.lastMessage, t('media.location'));
  return (
    <article
      className="kanban-card"
      draggable
      data-testid="kanban-card"
      data-ticket-id={ticket.id}
      aria-label={ticket.contact.name || ticket.contact.number}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData(DRAG_TYPE, JSON.stringify(payload));
        e.dataTransfer.setData('text/plain', ticket.uuid);
        e.currentTarget.classList.add('is-dragging');
      }}
      onDragEnd={(e) => e.currentTarget.classList.remove('is-dragging')}
    >
      <span
        className="kanban-card-queue"
        style={{ background: ticket.queue?.color ?? 'var(--zelo-muted-bar)' }}
      />
      <header className="kanban-card-head">
        <span className="kanban-card-id" data-testid="kanban-card-number">
          #{shortTicketId(ticket)}
        </span>
        {ticket.status === 'pending' && (
          <Tag minimal intent="warning">
            {t('kanban.pending')}
          </Tag>
        )}
        <PopoverNext
          placement="bottom-end"
          content={
            <Menu data-testid="kanban-move-menu">
              <MenuDivider title={t('kanban.moveTo')} />
              {targets.map((tag) => (
                <MenuItem
                  key={laneKey(tag?.id ?? null)}
                  text={tag?.name ?? t('kanban.openLane')}
                  labelElement={<span className="kanban-swatch" style={{ background: tag?.color }} />}
                  onClick={() => onMove(ticket, tag)}
                  data-testid="kanban-move-target"
                />
              ))}
            </Menu>
          }
        >
          <Button
            variant="minimal"
            size="small"
            icon="more"
            aria-label={t('kanban.moveTo')}
            title={t('kanban.moveTo')}
            data-testid="kanban-card-menu"
          />
        </PopoverNext>
      </header>
      <Text ellipsize className="kanban-card-contact" data-testid="kanban-card-contact">
        {ticket.contact.name || ticket.contact.number}
      </Text>
      <div className="kanban-card-phone bp6-text-muted">{ticket.contact.number}</div>
      <p className="kanban-card-last" title={preview}>
        {preview || <span className="bp6-text-muted">{t('kanban.noMessage')}</span>}
      </p>
      <footer className="kanban-card-foot">
        <div className="kanban-card-who">
          {ticket.queue && (
            <Tag minimal style={{ background: ticket.queue.color, color: '#fff' }}>
              {ticket.queue.name}
            </Tag>
          )}
          {ticket.user && (
            <Tag minimal icon="person">
              {ticket.user.name}
            </Tag>
          )}
        </div>
        <Link href={`/tickets/${ticket.uuid}`} asChild>
          <AnchorButton
            size="small"
            variant="outlined"
            intent="primary"
            icon="eye-open"
            text={t('kanban.seeTicket')}
            data-testid="kanban-see-ticket"
            draggable={false}
          />
        </Link>
      </footer>
    </article>
  );
});
