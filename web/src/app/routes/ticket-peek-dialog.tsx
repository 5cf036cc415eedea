import { Dialog, DialogBody } from '@blueprintjs/core';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { MessagesPane } from '../../features/messages/components/messages-pane.tsx';
import { useT } from '../../lib/i18n.ts';

/** The admin's eye icon: the conversation, read-only, without leaving the list (section 2). */
export function TicketPeekDialog({ ticket, onClose }: { ticket: TicketView | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      isOpen={ticket !== null}
      onClose={onClose}
      title={t('ticketsExtra.peekTitle', { name: ticket?.contact?.name || ticket?.contact?.number || '' })}
      style={{ width: 640 }}
      data-testid="ticket-peek-dialog"
    >
      <DialogBody className="ticket-peek-body">
        {ticket && (
          <div style={{ height: '60vh', display: 'flex', flexDirection: 'column' }}>
            <MessagesPane ticketId={ticket.id} canSend={false} isGroup={ticket.isGroup} readOnly />
          </div>
        )}
      </DialogBody>
    </Dialog>
  );
}
