import type { ContactView } from '@zelo/contracts/contacts/read-models';
import type { Dispatch, SetStateAction } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { getContact } from '../api/save-contact.ts';

/**
 * Doc 1 §7 `company-{id}-contact`: a contact created, changed or deleted elsewhere (another agent,
 * a customer's first message, an import) shows in the table without a reload. The push names the
 * contact; its row is fetched (the server checks the company) and put in place, or at the top when new
 * and no search narrows the list. A contact the server no longer shows (erased, LGPD) leaves the list.
 */
export function useLiveContacts(
  companyId: string | undefined,
  search: string,
  setContacts: Dispatch<SetStateAction<ContactView[]>>,
) {
  useSocketEvent(companyId ? `company-${companyId}-contact` : null, (push) => {
    if (push.action === 'delete') {
      setContacts((prev) => prev.filter((c) => c.id !== push.id));
      return;
    }
    getContact(push.id)
      .then((contact) =>
        setContacts((prev) => {
          if (prev.some((c) => c.id === contact.id))
            return prev.map((c) => (c.id === contact.id ? contact : c));
          return search === '' ? [contact, ...prev] : prev;
        }),
      )
      .catch((err) => {
        // Gone (deleted or erased since): its row goes. Not ours: nothing to show.
        if (err instanceof ApiError && err.status === 404)
          setContacts((prev) => prev.filter((c) => c.id !== push.id));
      });
  });
}
