import { Button, InputGroup, Switch, Tab, Tabs } from '@blueprintjs/core';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useTicketTransition } from '../api/update-ticket.ts';
import { normalizeSearch, SEARCH_DEBOUNCE_MS } from '../lib/search.ts';
import type { TicketOrder } from '../lib/ticket-list-reducer.ts';
import { useLiveTickets } from '../lib/use-live-tickets.ts';
import { type TicketSearch, useTicketSearch } from '../lib/use-ticket-search.ts';
import './ticket-manager.css';
import { NewTicketDialog } from './new-ticket-dialog.tsx';
import { QueueFilter, SearchFilters } from './search-filters.tsx';
import { TicketList } from './ticket-list.tsx';
import { TicketOrderPicker } from './ticket-order.tsx';

type MainTab = 'open' | 'closed' | 'search';
const ORDER_KEY = 'ticketOrder';
type OpenTab = 'open' | 'pending';

interface Props {
  selectedId?: string;
  refreshKey?: number;
  /** Admins' eye icon; the route composes the read-only conversation it opens. */
  onPeek?: (ticket: TicketView) => void;
}

export function TicketManager({ selectedId, refreshKey = 0, onPeek }: Props) {
  const t = useT();
  const [, navigate] = useLocation();
  const user = useAtomValue(sessionAtom)?.user;
  const isAdmin = user?.profile === 'admin';
  const [mainTab, setMainTab] = useState<MainTab>('open');
  // allTicket users start on the waiting list, as they are expected to pick up new conversations.
  const [openTab, setOpenTab] = useState<OpenTab>(user?.allTicket === 'enabled' ? 'pending' : 'open');
  const [showAll, setShowAll] = useState(isAdmin);
  const [newTicketOpen, setNewTicketOpen] = useState(false);
  const [text, setText] = useState('');
  // One queue filter for every tab (doc 1 §2), the user's queues preselected; nothing picked is every
  // queue the user may see.
  const [queueIds, setQueueIds] = useState<string[]>(user?.queues.map((q) => q.id) ?? []);
  const queueFilter = queueIds.length > 0 ? queueIds : null;
  const [filters, setFilters] = useState<Pick<TicketSearch, 'users' | 'tags' | 'withUnreadMessages'>>({
    users: [],
    tags: [],
    withUnreadMessages: false,
  });
  const searchParam = useDebounced(normalizeSearch(text), SEARCH_DEBOUNCE_MS);
  // Issue 24: the open and pending lists, newest first or closest to an SLA breach first (remembered).
  const [orderBy, setOrderBy] = useState<TicketOrder>(() =>
    localStorage.getItem(ORDER_KEY) === 'slaDue' ? 'slaDue' : 'recent',
  );
  const chooseOrder = (order: TicketOrder) => {
    localStorage.setItem(ORDER_KEY, order);
    setOrderBy(order);
  };

  // Typing searches; clearing the box goes back to the open tab (section 2).
  useEffect(() => {
    if (searchParam) setMainTab('search');
  }, [searchParam]);
  const onText = (value: string) => {
    setText(value);
    if (!normalizeSearch(value)) setMainTab((tab) => (tab === 'search' ? 'open' : tab));
  };

  const open = useLiveTickets('open', showAll, queueFilter, refreshKey, orderBy);
  const pending = useLiveTickets('pending', showAll, queueFilter, refreshKey, orderBy);
  const closed = useLiveTickets('closed', true, queueFilter, refreshKey);
  const found = useTicketSearch(
    { ...filters, queueIds: queueFilter ?? undefined, searchParam, showAll: isAdmin },
    mainTab === 'search',
  );
  const transition = useTicketTransition();

  // A search hit in a message opens the conversation at that message (issue 24).
  const pathOf = ({ id, searchMatch }: TicketView) =>
    searchMatch ? `/tickets/${id}?message=${encodeURIComponent(searchMatch.messageId)}` : `/tickets/${id}`;
  const openTicket = (ticket: TicketView) => navigate(pathOf(ticket));
  const accept = async (ticket: TicketView) => {
    const updated = await transition('accept', ticket);
    if (updated) {
      setOpenTab('open');
      navigate(pathOf({ ...updated, searchMatch: ticket.searchMatch }));
    }
  };

  const list = (
    state: { tickets: TicketView[]; loading: boolean; loadMore: () => void },
    emptyMessage?: string,
    searchText?: string,
  ) => (
    <TicketList
      tickets={state.tickets}
      loading={state.loading}
      selectedId={selectedId}
      onOpen={openTicket}
      onAccept={accept}
      onLoadMore={state.loadMore}
      onPeek={isAdmin ? onPeek : undefined}
      emptyMessage={emptyMessage}
      searchText={searchText}
    />
  );

  return (
    <div className="ticket-manager">
      <div className="ticket-manager-search">
        <InputGroup
          leftIcon="search"
          type="search"
          value={text}
          placeholder={t('ticketsExtra.searchPlaceholder')}
          onChange={(e) => onText(e.currentTarget.value)}
          data-testid="ticket-search"
        />
        <Button
          intent="primary"
          icon="plus"
          text={t('ticketsExtra.newTicket')}
          onClick={() => setNewTicketOpen(true)}
          data-testid="new-ticket"
        />
      </div>
      <div className="ticket-manager-head">
        <Tabs
          id="ticket-main-tabs"
          selectedTabId={mainTab}
          onChange={(id) => setMainTab(id as MainTab)}
          size="large"
        >
          <Tab id="open" icon="inbox" title={t('tickets.open')} data-testid="tab-main-open" />
          <Tab id="closed" icon="tick-circle" title={t('tickets.closed')} data-testid="tab-closed" />
          <Tab id="search" icon="search" title={t('ticketsExtra.search')} data-testid="tab-search" />
        </Tabs>
      </div>
      {/* A wrapping row of its own, so nothing is pushed out of a narrow list column. */}
      <div className="ticket-filters" data-testid="ticket-filters">
        <QueueFilter selected={queueIds} onChange={setQueueIds} />
        {mainTab === 'search' && <SearchFilters search={filters} onChange={setFilters} />}
        {mainTab === 'open' && <TicketOrderPicker value={orderBy} onChange={chooseOrder} />}
        {isAdmin && mainTab === 'open' && (
          <Switch
            className="ticket-show-all"
            checked={showAll}
            onChange={(e) => setShowAll(e.currentTarget.checked)}
            label={t('tickets.showAll')}
            alignIndicator="end"
            data-testid="show-all"
          />
        )}
      </div>
      {mainTab === 'open' && (
        <>
          <Tabs
            id="ticket-open-tabs"
            selectedTabId={openTab}
            onChange={(id) => setOpenTab(id as OpenTab)}
            className="ticket-subtabs"
          >
            <Tab
              id="open"
              title={t('tickets.assigned')}
              tagContent={open.count}
              tagProps={{ round: true, intent: 'primary' }}
              data-testid="tab-open"
            />
            <Tab
              id="pending"
              title={t('tickets.pending')}
              tagContent={pending.count}
              tagProps={{ round: true, intent: 'warning' }}
              data-testid="tab-pending"
            />
          </Tabs>
          {list(openTab === 'open' ? open : pending)}
        </>
      )}
      {mainTab === 'closed' && list(closed)}
      {mainTab === 'search' && list(found, t('ticketsExtra.searchEmpty'), searchParam)}
      <NewTicketDialog
        isOpen={newTicketOpen}
        onClose={() => setNewTicketOpen(false)}
        onCreated={(ticket) => {
          setNewTicketOpen(false);
          setMainTab('open');
          setOpenTab(ticket.status === 'pending' ? 'pending' : 'open');
          // A ticket opened in a queue outside the filter still shows in the list it went to.
          const queueId = ticket.queueId;
          if (queueId && queueIds.length > 0 && !queueIds.includes(queueId))
            setQueueIds([...queueIds, queueId]);
          navigate(`/tickets/${ticket.id}`);
        }}
      />
    </div>
  );
}
