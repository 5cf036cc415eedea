import { Dialog, DialogBody } from '@blueprintjs/core';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { useState } from 'react';
import { ChoiceSelect } from '../../../components/choice-fields.tsx';
import { DialogActions } from '../../../components/form-dialog.tsx';
import { SearchPicker } from '../../../components/ui/search-picker.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useReferenceList } from '../../../lib/reference-lists.ts';
import { showToast, toastError } from '../../../lib/toaster.ts';
import { searchUsers, type UserOption } from '../api/reference-data.ts';
import { transferTicket } from '../api/transfer-ticket.ts';
import { publishTicket } from '../lib/local-updates.ts';

interface Props {
  ticket: TicketView;
  isOpen: boolean;
  onClose: () => void;
  onTransferred: (ticket: TicketView) => void;
}

/** Section 2 Transfer dialog: a user (optional; none makes it pending), a queue and a connection. */
export function TransferDialog({ ticket, isOpen, onClose, onTransferred }: Props) {
  const t = useT();
  const [text, setText] = useState('');
  const [user, setUser] = useState<UserOption | null>(null);
  const [queueId, setQueueId] = useState('');
  const [whatsappId, setWhatsappId] = useState(ticket.whatsappId ?? '');
  const [busy, setBusy] = useState(false);

  const queues = useReferenceList('queues', isOpen);
  const connections = useReferenceList('connections', isOpen);

  const submit = async () => {
    if (!queueId || !whatsappId) {
      showToast(t('ticketsExtra.selectQueue'), 'warning');
      return;
    }
    setBusy(true);
    try {
      const updated = await transferTicket(ticket.id, { userId: user?.id ?? null, queueId, whatsappId });
      publishTicket(updated);
      onTransferred(updated);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('ticketsExtra.transferTitle')}
      data-testid="transfer-dialog"
    >
      <DialogBody>
        <SearchPicker
          label={t('ticketsExtra.user')}
          helperText={t('ticketsExtra.userHelp')}
          text={text}
          onTextChange={(value) => {
            setText(value);
            setUser(null);
          }}
          selected={user}
          onSelect={(u) => {
            setUser(u);
            setText(u.name);
          }}
          search={searchUsers}
          inputTestId="transfer-user"
          optionTestId="transfer-user-option"
        />
        <ChoiceSelect
          label={`${t('ticketsExtra.queue')} *`}
          value={queueId}
          onChange={setQueueId}
          choices={queues.data}
          placeholder={t('ticketsExtra.chooseQueue')}
          testId="transfer-queue"
        />
        <ChoiceSelect
          label={`${t('ticketsExtra.connection')} *`}
          value={whatsappId}
          onChange={setWhatsappId}
          choices={connections.data}
          testId="transfer-connection"
        />
      </DialogBody>
      <DialogActions
        cancelText={t('ticketsExtra.cancel')}
        onCancel={onClose}
        saveText={t('ticketsExtra.transfer')}
        saveDisabled={!queueId || !whatsappId}
        saving={busy}
        onSave={() => void submit()}
        saveTestId="transfer-submit"
      />
    </Dialog>
  );
}
