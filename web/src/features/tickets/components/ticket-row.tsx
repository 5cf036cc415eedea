import { Button, Icon, Tag, Text } from '@blueprintjs/core';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { findFolded } from '@zelo/contracts/tickets/search-text';
import { memo } from 'react';
import { formatTicketTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { messagePreview } from '../../../lib/message-preview.ts';
import { SlaBadge } from './sla-badge.tsx';

interface Props {
  ticket: TicketView;
  selected: boolean;
  onOpen: (ticket: TicketView) => void;
  onAccept: (ticket: TicketView) => void;
  /** Admins' read-only look at the conversation (section 2, eye icon). */
  onPeek?: (ticket: TicketView) => void;
  /** The search tab's text: a ticket found by a message shows that message's excerpt, the text marked. */
  searchText?: string;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

/**
 * Memoized: a list holds hundreds of rows, and without it every page append, loading flag and socket
 * event re-rendered all of them (about a second per page at 600 rows). The list keeps the callbacks
 * stable and the reducer keeps unchanged tickets' identity, so only new or changed rows render.
 */
export const TicketRow = memo(function TicketRow({
  ticket,
  selected,
  onOpen,
  onAccept,
  onPeek,
  searchText,
}: Props) {
  const t = useT();
  const pending = ticket.status === 'pending';
  const name = ticket.contact?.name || ticket.contact?.number || '—';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row holding its own buttons cannot be a <button>
    <div
      role="button"
      tabIndex={0}
      className={`ticket-row${selected ? ' is-selected' : ''}${pending ? ' is-pending' : ''}`}
      data-testid="ticket-row"
      data-ticket-id={ticket.id}
      data-status={ticket.status}
      // Pending tickets open only through Aceitar (section 4).
      onClick={() => !pending && onOpen(ticket)}
      onKeyDown={(e) => e.key === 'Enter' && !pending && onOpen(ticket)}
    >
      <span
        className="ticket-queue-bar"
        style={{ background: ticket.queue?.color ?? 'var(--zelo-muted-bar)' }}
      />
      <div className="ticket-avatar">
        {ticket.contact?.profilePicUrl ? (
          <img src={ticket.contact.profilePicUrl} alt="" />
        ) : (
          initials(name) || <Icon icon="person" />
        )}
      </div>
      <div className="ticket-main">
        <div className="ticket-line">
          <Text ellipsize className="ticket-contact">
            {ticket.isGroup && <Icon icon="people" size={12} className="ticket-group-icon" />}
            {name}
          </Text>
          <span className="ticket-time">{formatTicketTime(ticket.updatedAt)}</span>
        </div>
        <div className="ticket-line">
          {searchText && ticket.searchMatch ? (
            <div
              className="ticket-search-excerpt bp6-text-muted"
              title={t('ticketSearch.foundInMessage')}
              data-testid="ticket-search-excerpt"
            >
              <Icon icon="search-text" size={12} />{' '}
              <Marked text={ticket.searchMatch.excerpt} find={searchText} />
            </div>
          ) : (
            <Text ellipsize className="ticket-last bp6-text-muted">
              {messagePreview(ticket.lastMessage, t('media.location'))}
            </Text>
          )}
          {ticket.unreadMessages > 0 && (
            <Tag round intent="success" className="ticket-unread" data-testid="ticket-unread">
              {ticket.unreadMessages}
            </Tag>
          )}
        </div>
        <div className="ticket-tags">
          {ticket.sla && <SlaBadge sla={ticket.sla} />}
          {ticket.whatsapp && (
            <Tag minimal icon="mobile-phone">
              {ticket.whatsapp.name}
            </Tag>
          )}
          {ticket.user && (
            <Tag minimal icon="person" intent="primary">
              {ticket.user.name}
            </Tag>
          )}
          <Tag minimal style={ticket.queue ? { background: ticket.queue.color, color: '#fff' } : undefined}>
            {ticket.queue?.name ?? t('tickets.noQueue')}
          </Tag>
          {ticket.tags?.map((tag) => (
            <Tag
              key={tag.id}
              round
              style={{ background: tag.color, color: '#fff' }}
              data-testid="ticket-row-tag"
            >
              {tag.name}
            </Tag>
          ))}
          {ticket.chatbot && <Icon icon="predictive-analysis" size={12} />}
        </div>
      </div>
      {onPeek && (
        <Button
          className="ticket-peek"
          variant="minimal"
          size="small"
          icon="eye-open"
          aria-label={t('ticketsExtra.peek')}
          title={t('ticketsExtra.peek')}
          data-testid="ticket-peek"
          onClick={(e) => {
            e.stopPropagation();
            onPeek(ticket);
          }}
        />
      )}
      {pending && (
        <Button
          className="ticket-accept"
          intent="success"
          size="small"
          text={t('tickets.accept')}
          data-testid="ticket-accept"
          onClick={(e) => {
            e.stopPropagation();
            onAccept(ticket);
          }}
        />
      )}
    </div>
  );
});

/** `text` with the first occurrence of `find` (whatever its case and accents) marked. */
function Marked({ text, find }: { text: string; find: string }) {
  const at = findFolded(text, find);
  if (!at) return <>{text}</>;
  return (
    <>
      {text.slice(0, at.start)}
      <mark data-testid="ticket-search-mark">{text.slice(at.start, at.end)}</mark>
      {text.slice(at.end)}
    </>
  );
}
