import { Button, FormGroup, TextArea } from '@blueprintjs/core';
import { Field, Form } from 'react-final-form';
import { validateWith, visibleError } from '../../../lib/form.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { addTicketNote, deleteTicketNote, listTicketNotes, NoteInput } from '../api/ticket-notes.ts';

/** The drawer's internal notes on this ticket about this contact (doc 1 §2 Contact drawer, §8 toasts). */
export function TicketNotes({ ticketId, contactId }: { ticketId: string; contactId: string }) {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;
  const isAdmin = user?.profile === 'admin' || !!user?.super;
  const notes = useRequest((signal) => listTicketNotes(ticketId, contactId, signal), [ticketId, contactId]);

  const onSubmit = async (values: NoteInput, form: { restart: () => void }) => {
    try {
      const note = await addTicketNote(ticketId, contactId, values);
      notes.setData((prev) => [note, ...(prev ?? [])]);
      toastSuccess(t('contacts.noteAdded'));
      form.restart();
    } catch (err) {
      toastError(err);
    }
  };

  const remove = async (id: string) => {
    try {
      await deleteTicketNote(id);
      notes.setData((prev) => prev?.filter((n) => n.id !== id));
      toastSuccess(t('contacts.noteDeleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="contact-drawer-section" data-testid="ticket-notes">
      <h4 className="bp6-heading">{t('contacts.notes')}</h4>
      <Form<NoteInput> onSubmit={onSubmit} validate={validateWith(NoteInput, (k) => t(k as TKey))}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate>
            <Field<string> name="note">
              {({ input, meta }) => {
                const error = visibleError(meta);
                return (
                  <FormGroup helperText={error || undefined} intent={error ? 'danger' : 'none'}>
                    <TextArea
                      {...input}
                      fill
                      rows={3}
                      placeholder={t('contacts.notePlaceholder')}
                      intent={error ? 'danger' : 'none'}
                      data-testid="ticket-note-input"
                    />
                  </FormGroup>
                );
              }}
            </Field>
            <Button
              type="submit"
              intent="primary"
              text={t('contacts.addNote')}
              loading={submitting}
              data-testid="ticket-note-add"
            />
          </form>
        )}
      </Form>
      {notes.data?.length === 0 && <p className="bp6-text-muted">{t('contacts.noNotes')}</p>}
      {notes.data?.map((n) => (
        <div className="contact-note" key={n.id} data-testid="ticket-note">
          <div className="contact-note-text">
            <div>{n.note}</div>
            <small className="bp6-text-muted">
              {t('contacts.noteBy', {
                name: n.user?.name ?? '—',
                date: `${formatDate(n.createdAt)} ${formatTime(n.createdAt)}`,
              })}
            </small>
          </div>
          {(isAdmin || n.userId === user?.id) && (
            <Button
              variant="minimal"
              icon="trash"
              title={t('contacts.deleteNote')}
              aria-label={t('contacts.deleteNote')}
              onClick={() => void remove(n.id)}
              data-testid="ticket-note-delete"
            />
          )}
        </div>
      ))}
    </div>
  );
}
