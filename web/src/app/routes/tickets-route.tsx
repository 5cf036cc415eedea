import { Spinner, Tab, Tabs } from '@blueprintjs/core';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { TicketHistoryButton } from '../../features/audit/components/ticket-history-dialog.tsx';
import { ContactDrawer } from '../../features/contacts/components/contact-drawer.tsx';
import { MessagesPane } from '../../features/messages/components/messages-pane.tsx';
import { useQuickAnswers } from '../../features/quick-messages/components/quick-answers.tsx';
import { TagPicker } from '../../features/tags/components/tag-picker.tsx';
import { useTicket } from '../../features/tickets/api/get-ticket.ts';
import { TicketHeader } from '../../features/tickets/components/ticket-header.tsx';
import { TicketManager } from '../../features/tickets/components/ticket-manager.tsx';
import { TicketsWelcome } from '../../features/tickets/components/tickets-welcome.tsx';
import { publishTicket } from '../../features/tickets/lib/local-updates.ts';
import { useT } from '../../lib/i18n.ts';
import { refreshKeyAtom, useAtomValue } from '../../lib/store.ts';
import { useWindowWidth } from '../../lib/use-media.ts';
import { TicketPeekDialog } from './ticket-peek-dialog.tsx';

const SPLIT_MIN = 900;

/** Composes the ticket list (tickets) and the conversation (tickets header + messages). */
export function TicketsRoute({ ticketId }: { ticketId?: string }) {
  const t = useT();
  const [, navigate] = useLocation();
  const refreshKey = useAtomValue(refreshKeyAtom);
  const split = useWindowWidth() >= SPLIT_MIN;
  const [peeking, setPeeking] = useState<TicketView | null>(null);
  // A search hit opens the conversation at its message (issue 24).
  const focusMessageId = new URLSearchParams(useSearch()).get('message') ?? undefined;

  const list = (
    <>
      <TicketManager selectedId={ticketId} refreshKey={refreshKey} onPeek={setPeeking} />
      <TicketPeekDialog ticket={peeking} onClose={() => setPeeking(null)} />
    </>
  );
  const conversation = ticketId ? (
    <Conversation
      key={ticketId}
      ticketId={ticketId}
      focusMessageId={focusMessageId}
      refreshKey={refreshKey}
      onBack={split ? undefined : () => navigate('/tickets')}
    />
  ) : (
    <TicketsWelcome />
  );

  if (split) {
    return (
      <div className="tickets-split">
        <section className="tickets-split-list">{list}</section>
        <section className="tickets-split-conversation">{conversation}</section>
      </div>
    );
  }
  return (
    <div className="tickets-narrow">
      <Tabs
        id="tickets-narrow-tabs"
        selectedTabId={ticketId ? 'conversation' : 'list'}
        onChange={(id) => id === 'list' && navigate('/tickets')}
      >
        <Tab id="list" title={t('tickets.listTab')} />
        <Tab id="conversation" title={t('tickets.conversationTab')} disabled={!ticketId} />
      </Tabs>
      <div className="tickets-narrow-body">{ticketId ? conversation : list}</div>
    </div>
  );
}

function Conversation({
  ticketId,
  focusMessageId,
  refreshKey,
  onBack,
}: {
  ticketId: string;
  focusMessageId?: string;
  refreshKey: number;
  onBack?: () => void;
}) {
  const { data: ticket } = useTicket(ticketId);
  if (!ticket) {
    return (
      <div className="full-center">
        <Spinner size={32} />
      </div>
    );
  }
  return (
    <div className="conversation" data-testid="conversation" data-ticket-id={ticket.id}>
      <TicketHeader
        ticket={ticket}
        onBack={onBack}
        renderTags={(t) => <TagPicker ticket={t} onSynced={publishTicket} />}
        renderContact={({ ticket: t, isOpen, onClose }) => (
          <ContactDrawer contactId={t.contactId} ticketId={t.id} isOpen={isOpen} onClose={onClose} />
        )}
        renderHistory={(t) => <TicketHistoryButton ticketId={t.id} />}
      />
      <MessagesPane
        inputAddon={useQuickAnswers}
        ticketId={ticket.id}
        canSend={ticket.status === 'open'}
        isGroup={ticket.isGroup}
        refreshKey={refreshKey}
        focusMessageId={focusMessageId}
      />
    </div>
  );
}
