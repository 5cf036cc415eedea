import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { useState } from 'react';
import { SearchPicker } from '../../../components/ui/search-picker.tsx';
import { useT } from '../../../lib/i18n.ts';
import { showToast, toastError } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { listConnections, listQueues, searchUsers, type UserOption } from '../api/reference-data.ts';
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

  const queues = useRequest(async (signal) => (isOpen ? listQueues(signal) : []), [isOpen]);
  const connections = useRequest(async (signal) => (isOpen ? listConnections(signal) : []), [isOpen]);

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
        <FormGroup label={`${t('ticketsExtra.queue')} *`}>
          <HTMLSelect
            fill
            value={queueId}
            onChange={(e) => setQueueId(e.currentTarget.value)}
            data-testid="transfer-queue"
          >
            <option value="">{t('ticketsExtra.chooseQueue')}</option>
            {(queues.data ?? []).map((q) => (
              <option key={q.id} value={q.id}>
                {q.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={`${t('ticketsExtra.connection')} *`}>
          <HTMLSelect
            fill
            value={whatsappId}
            onChange={(e) => setWhatsappId(e.currentTarget.value)}
            data-testid="transfer-connection"
          >
            {(connections.data ?? []).map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('ticketsExtra.cancel')} onClick={onClose} />
            <Button
              intent="primary"
              text={t('ticketsExtra.transfer')}
              disabled={!queueId || !whatsappId}
              loading={busy}
              onClick={() => void submit()}
              data-testid="transfer-submit"
            />
          </>
        }
      />
    </Dialog>
  );
}
