import { useLocation } from 'wouter';
import { ContactsPage } from '../../features/contacts/components/contacts-page.tsx';
import { NewTicketDialog } from '../../features/tickets/components/new-ticket-dialog.tsx';

/**
 * The contacts page with the tickets feature's new-ticket dialog behind "Abrir atendimento" (doc 1
 * §2): the contact comes chosen, the queue rules of the dialog apply, and the new ticket opens.
 */
export function ContactsRoute() {
  const [, navigate] = useLocation();
  return (
    <ContactsPage
      newTicketDialog={(contact, close) => (
        <NewTicketDialog
          isOpen
          initialContact={contact}
          onClose={close}
          onCreated={(ticket) => {
            close();
            navigate(`/tickets/${ticket.id}`);
          }}
        />
      )}
    />
  );
}
