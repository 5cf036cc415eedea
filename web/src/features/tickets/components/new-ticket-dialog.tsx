import { Callout, Dialog, DialogBody, MenuItem } from '@blueprintjs/core';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { useEffect, useState } from 'react';
import { ChoiceSelect } from '../../../components/choice-fields.tsx';
import { DialogActions } from '../../../components/form-dialog.tsx';
import { SearchPicker } from '../../../components/ui/search-picker.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useReferenceList } from '../../../lib/reference-lists.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { showToast, toastError } from '../../../lib/toaster.ts';
import { createTicket } from '../api/create-ticket.ts';
import { type ContactOption, createContact, searchContacts } from '../api/reference-data.ts';
import { publishTicket } from '../lib/local-updates.ts';
import { otherOpenTicket, splitNameAndNumber } from '../lib/search.ts';

interface Props {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (ticket: TicketView) => void;
  /** Opened from a contact (the contacts page's "Abrir atendimento"): that contact, already chosen. */
  initialContact?: ContactOption | null;
}

/** Section 2 New-ticket dialog, section 4 ERR_OTHER_OPEN_TICKET, section 5 queue rule. */
export function NewTicketDialog({ isOpen, onClose, onCreated, initialContact = null }: Props) {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;
  const isAdmin = user?.profile === 'admin';
  const [text, setText] = useState('');
  const [contact, setContact] = useState<ContactOption | null>(null);
  const [queueId, setQueueId] = useState('');
  const [whatsappId, setWhatsappId] = useState('');
  const [busy, setBusy] = useState(false);
  const [held, setHeld] = useState<{ agent: string; queue: string } | null>(null);

  // Each opening from a contact starts with that contact chosen; the queue and connection stay to pick.
  useEffect(() => {
    if (!isOpen || !initialContact) return;
    setContact(initialContact);
    setText(initialContact.name);
  }, [isOpen, initialContact]);

  const companyQueues = useReferenceList('queues', isOpen && isAdmin);
  const queues = isAdmin ? companyQueues.data : user?.queues;
  const soleQueueId = queues?.length === 1 ? queues[0].id : null;
  useEffect(() => {
    if (isOpen && soleQueueId) setQueueId(soleQueueId); // one queue: preselected
  }, [isOpen, soleQueueId]);
  const connections = useReferenceList('connections', isOpen);
  const typed = splitNameAndNumber(text);

  const reset = () => {
    setText('');
    setContact(null);
    setHeld(null);
    setQueueId('');
    setWhatsappId('');
  };
  const close = () => {
    reset();
    onClose();
  };

  const addContact = async () => {
    try {
      const created = await createContact(typed);
      setContact(created);
      setText(created.name);
    } catch (err) {
      toastError(err);
    }
  };

  const submit = async () => {
    if (!contact || !user) return;
    if (!isAdmin && !queueId) {
      showToast(t('ticketsExtra.selectQueue'), 'warning');
      return;
    }
    setBusy(true);
    setHeld(null);
    try {
      const ticket = await createTicket({
        contactId: contact.id,
        queueId: queueId || null,
        whatsappId: whatsappId || null,
        userId: user.id,
      });
      publishTicket(ticket);
      reset();
      onCreated(ticket);
    } catch (err) {
      const other = otherOpenTicket(err);
      if (other) setHeld(other);
      else toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('ticketsExtra.newTicket')}
      data-testid="new-ticket-dialog"
    >
      <DialogBody>
        <SearchPicker
          label={t('ticketsExtra.contact')}
          helperText={t('ticketsExtra.contactHelp')}
          text={text}
          onTextChange={(value) => {
            setText(value);
            setContact(null);
          }}
          selected={contact}
          onSelect={(c) => {
            setContact(c);
            setText(c.name);
          }}
          search={searchContacts}
          inputTestId="new-ticket-contact"
          optionTestId="new-ticket-contact-option"
          autoFocus={!initialContact}
          showSelectedTick
          menuClassName="new-ticket-contacts"
          optionLabel={(c) => c.number}
          extraItems={
            <MenuItem
              icon="add"
              text={t('ticketsExtra.createContact', { name: typed.name || text })}
              label={typed.number || t('ticketsExtra.typeNumber')}
              disabled={!typed.number || typed.name.length < 2}
              onClick={() => void addContact()}
              data-testid="new-ticket-create-contact"
            />
          }
        />
        <ChoiceSelect
          label={isAdmin ? t('ticketsExtra.queue') : `${t('ticketsExtra.queue')} *`}
          value={queueId}
          onChange={setQueueId}
          choices={queues}
          placeholder={t('ticketsExtra.chooseQueue')}
          testId="new-ticket-queue"
        />
        <ChoiceSelect
          label={t('ticketsExtra.connection')}
          value={whatsappId}
          onChange={setWhatsappId}
          choices={connections.data}
          placeholder={t('ticketsExtra.defaultConnection')}
          testId="new-ticket-connection"
        />
        {held && (
          <Callout intent="warning" data-testid="new-ticket-held">
            {t('ticketsExtra.heldByOther', held)}
          </Callout>
        )}
      </DialogBody>
      <DialogActions
        cancelText={t('ticketsExtra.cancel')}
        onCancel={close}
        saveText={t('ticketsExtra.start')}
        saveDisabled={!contact}
        saving={busy}
        onSave={() => void submit()}
        saveTestId="new-ticket-submit"
      />
    </Dialog>
  );
}
