import { Classes, NonIdealState, Spinner } from '@blueprintjs/core';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { type UIEvent, useCallback, useMemo, useRef } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { TicketRow } from './ticket-row.tsx';

interface Props {
  tickets: TicketView[];
  loading: boolean;
  selectedId?: string;
  onOpen: (ticket: TicketView) => void;
  onAccept: (ticket: TicketView) => void;
  onLoadMore: () => void;
  onPeek?: (ticket: TicketView) => void;
  emptyMessage?: string;
  /** The search tab's text, for the rows' excerpts. */
  searchText?: string;
}

const LOAD_MORE_PX = 100;

export function TicketList({
  tickets,
  loading,
  selectedId,
  onOpen,
  onAccept,
  onLoadMore,
  onPeek,
  emptyMessage,
  searchText,
}: Props) {
  const t = useT();
  // The parent passes new closures on every render; stable wrappers over the latest ones let the
  // memoized rows skip re-rendering (a row shows the peek button only when onPeek is given).
  const latest = useRef({ onOpen, onAccept, onPeek });
  latest.current = { onOpen, onAccept, onPeek };
  const open = useCallback((ticket: TicketView) => latest.current.onOpen(ticket), []);
  const accept = useCallback((ticket: TicketView) => latest.current.onAccept(ticket), []);
  const peek = useCallback((ticket: TicketView) => latest.current.onPeek?.(ticket), []);
  const canPeek = Boolean(onPeek);
  // Loading flags re-render the list twice per page; the row elements only change with the tickets.
  const rows = useMemo(
    () =>
      tickets.map((ticket) => (
        <TicketRow
          key={ticket.id}
          ticket={ticket}
          selected={ticket.id === selectedId}
          onOpen={open}
          onAccept={accept}
          onPeek={canPeek ? peek : undefined}
          searchText={searchText}
        />
      )),
    [tickets, selectedId, canPeek, open, accept, peek, searchText],
  );
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_MORE_PX) onLoadMore();
  };
  return (
    <div className="ticket-list" onScroll={onScroll} data-testid="ticket-list">
      {rows}
      {loading && tickets.length === 0 && <TicketSkeleton />}
      {loading && tickets.length > 0 && (
        <div className="ticket-list-loading">
          <Spinner size={24} />
        </div>
      )}
      {!loading && tickets.length === 0 && (
        <NonIdealState
          icon="inbox"
          title={t('tickets.emptyTitle')}
          description={emptyMessage ?? t('tickets.emptyMessage')}
        />
      )}
    </div>
  );
}

/** The first page's placeholder: rows shaped like tickets, shimmering (section 2). */
function TicketSkeleton() {
  return (
    <div data-testid="ticket-skeleton">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="ticket-row ticket-row-skeleton">
          <div className={`ticket-avatar ${Classes.SKELETON}`} />
          <div className="ticket-main">
            <div className={Classes.SKELETON}>&nbsp;</div>
            <div className={Classes.SKELETON}>&nbsp;</div>
          </div>
        </div>
      ))}
    </div>
  );
}
