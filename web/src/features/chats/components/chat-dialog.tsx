import { Alert, Button, Dialog, DialogBody, DialogFooter, FormGroup, Tag } from '@blueprintjs/core';
import type { ChatView } from '@zelo/contracts/chats/read-models';
import { useState } from 'react';
import { Field, Form } from 'react-final-form';
import { MultiSelect } from '../../../components/ui/multi-select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useReferenceList } from '../../../lib/reference-lists.ts';
import { saveChat } from '../api/chats.ts';
import { type ChatFormValues, chatRequestOf } from '../lib/chat-input.ts';

interface Props {
  /** null creates a chat. */
  chat: ChatView | null;
  viewerId: string;
  onSaved: (chat: ChatView) => void;
  onClose: () => void;
}

/** Doc 2 §2.17 create/edit dialog: a title and the members (the owner is always one, added by the server). */
export function ChatDialog({ chat, viewerId, onSaved, onClose }: Props) {
  const t = useT();
  const [incomplete, setIncomplete] = useState(false);
  const users = useReferenceList('users');
  // The owner is a member whatever is chosen. A member editing the chat of a deleted owner is not: she
  // is offered and kept like the others, so saving does not drop her out of it.
  const ownerId = chat?.ownerId ?? viewerId;
  const options = (users.data ?? [])
    .filter((u) => u.id !== ownerId)
    .map((u) => ({ id: u.id, name: u.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const nameOf = (id: string) =>
    options.find((o) => o.id === id)?.name ?? chat?.users.find((u) => u.userId === id)?.user.name ?? '';
  // Made once: final-form starts over whenever its initial values change (a new array each render would).
  const [initial] = useState<ChatFormValues>(() => ({
    title: chat?.title ?? '',
    // A member deleted since (nameless) is left out: the server refuses a user who no longer exists.
    users: chat?.users.filter((u) => u.userId !== ownerId && u.user.name).map((u) => u.userId) ?? [],
  }));

  const onSubmit = async (values: ChatFormValues) => {
    const request = chatRequestOf(values);
    // Doc 2 §5: without a title or a user the dialog says so in an alert, not beside the fields.
    if (!request) return void setIncomplete(true);
    try {
      onSaved(await saveChat(chat?.id ?? null, request));
      onClose();
    } catch {
      // Doc 2 §8: chat errors are silent; the dialog stays open with what was typed.
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t(chat ? 'chats.edit' : 'chats.new')}>
      <Form<ChatFormValues> onSubmit={onSubmit} initialValues={initial}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} data-testid="chat-dialog">
            <DialogBody>
              <TextField name="title" label={t('chats.chatTitle')} testId="chat-title" autoFocus />
              <Field<string[]> name="users">
                {({ input }) => {
                  const selected = input.value || [];
                  return (
                    <FormGroup label={t('chats.members')}>
                      <MultiSelect
                        label={t('chats.chooseUsers')}
                        options={options}
                        selected={selected}
                        onChange={input.onChange}
                        testId="chat-users"
                      />
                      {users.data && options.length === 0 && (
                        <div className="bp6-text-muted chat-dialog-hint">{t('chats.noUsers')}</div>
                      )}
                      <div className="chat-dialog-members">
                        {selected.map((id) => (
                          <Tag
                            key={id}
                            minimal
                            round
                            onRemove={() => input.onChange(selected.filter((s) => s !== id))}
                          >
                            {nameOf(id)}
                          </Tag>
                        ))}
                      </div>
                    </FormGroup>
                  );
                }}
              </Field>
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text={t('chats.cancel')} onClick={onClose} />
                  <Button
                    type="submit"
                    intent="primary"
                    text={t('chats.save')}
                    loading={submitting}
                    data-testid="chat-save"
                  />
                </>
              }
            />
          </form>
        )}
      </Form>
      <Alert
        isOpen={incomplete}
        icon="warning-sign"
        intent="warning"
        confirmButtonText={t('chats.ok')}
        onConfirm={() => setIncomplete(false)}
        onClose={() => setIncomplete(false)}
      >
        <span data-testid="chat-incomplete">{t('chats.incomplete')}</span>
      </Alert>
    </Dialog>
  );
}
