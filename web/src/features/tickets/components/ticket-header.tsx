import { Alert, Button, ButtonGroup, Icon, Tag } from '@blueprintjs/core';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError } from '../../../lib/toaster.ts';
import { deleteTicket } from '../api/delete-ticket.ts';
import { type TicketAction, useTicketTransition } from '../api/update-ticket.ts';
import { TransferDialog } from './transfer-dialog.tsx';

interface Props {
  ticket: TicketView;
  /** Narrow screens show a back arrow to the list. */
  onBack?: () => void;
  /** Slots the app layer fills from other features (tag picker, contact drawer). */
  renderTags?: (ticket: TicketView) => ReactNode;
  renderContact?: (props: { ticket: TicketView; isOpen: boolean; onClose: () => void }) => ReactNode;
  /** The audit history button (audit feature). */
  renderHistory?: (ticket: TicketView) => ReactNode;
}

const STATUS_INTENT = { open: 'success', pending: 'warning', closed: 'none' } as const;
const STATUS_KEY = {
  open: 'tickets.statusOpen',
  pending: 'tickets.statusPending',
  closed: 'tickets.statusClosed',
} as const;

export function TicketHeader({ ticket, onBack, renderTags, renderContact, renderHistory }: Props) {
  const t = useT();
  const [, navigate] = useLocation();
  const transition = useTicketTransition();
  const isAdmin = useAtomValue(sessionAtom)?.user.profile === 'admin';
  const [transferring, setTransferring] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showContact, setShowContact] = useState(false);
  const remove = async () => {
    setConfirmDelete(false);
    try {
      await deleteTicket(ticket.id);
      navigate('/tickets');
    } catch (err) {
      toastError(err);
    }
  };

  const run = async (action: TicketAction) => {
    const updated = await transition(action, ticket);
    if (!updated) return;
    // Resolving or returning leaves the conversation; accepting and reopening stay on it.
    if (action === 'resolve' || action === 'return') navigate('/tickets');
  };

  return (
    <div className="conversation-header" data-testid="ticket-header" data-status={ticket.status}>
      {onBack && <Button variant="minimal" icon="arrow-left" onClick={onBack} aria-label="back" />}
      <div className="ticket-avatar">
        {ticket.contact?.profilePicUrl ? (
          <img src={ticket.contact.profilePicUrl} alt="" />
        ) : (
          <Icon icon="person" />
        )}
      </div>
      <div className="conversation-title">
        <strong data-testid="ticket-contact-name">{ticket.contact?.name || ticket.contact?.number}</strong>
        <span className="bp6-text-muted bp6-text-small">
          {ticket.contact?.number}
          {ticket.user && ` · ${t('tickets.assignedTo', { name: ticket.user.name })}`}
        </span>
      </div>
      <Button
        variant="minimal"
        icon="id-number"
        title={t('contacts.contactData')}
        aria-label={t('contacts.contactData')}
        onClick={() => setShowContact(true)}
        data-testid="ticket-contact-info"
      />
      {renderHistory?.(ticket)}
      <Tag minimal intent={STATUS_INTENT[ticket.status]}>
        {t(STATUS_KEY[ticket.status])}
      </Tag>
      {renderTags?.(ticket)}
      <ButtonGroup className="conversation-actions">
        {ticket.status === 'pending' && (
          <Button
            intent="success"
            icon="tick"
            text={t('tickets.accept')}
            onClick={() => run('accept')}
            data-testid="ticket-header-accept"
          />
        )}
        {ticket.status === 'open' && (
          <Button
            icon="undo"
            text={t('tickets.return')}
            onClick={() => run('return')}
            data-testid="ticket-return"
          />
        )}
        {ticket.status !== 'closed' && (
          <>
            <Button
              icon="swap-horizontal"
              text={t('ticketsExtra.transfer')}
              onClick={() => setTransferring(true)}
              data-testid="ticket-transfer"
            />
            <Button
              intent="success"
              icon="tick-circle"
              text={t('tickets.resolve')}
              onClick={() => run('resolve')}
              data-testid="ticket-resolve"
            />
          </>
        )}
        {ticket.status === 'closed' && (
          <Button
            intent="primary"
            icon="refresh"
            text={t('tickets.reopen')}
            onClick={() => run('reopen')}
            data-testid="ticket-reopen"
          />
        )}
        {isAdmin && (
          <Button
            icon="trash"
            intent="danger"
            aria-label={t('ticketsExtra.delete')}
            title={t('ticketsExtra.delete')}
            onClick={() => setConfirmDelete(true)}
            data-testid="ticket-delete"
          />
        )}
      </ButtonGroup>
      {transferring && (
        <TransferDialog
          ticket={ticket}
          isOpen
          onClose={() => setTransferring(false)}
          onTransferred={() => {
            setTransferring(false);
            navigate('/tickets');
          }}
        />
      )}
      <Alert
        isOpen={confirmDelete}
        intent="danger"
        icon="trash"
        confirmButtonText={t('ticketsExtra.delete')}
        cancelButtonText={t('ticketsExtra.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      >
        {t('ticketsExtra.deleteConfirm')}
      </Alert>
      {renderContact?.({ ticket, isOpen: showContact, onClose: () => setShowContact(false) })}
    </div>
  );
}
