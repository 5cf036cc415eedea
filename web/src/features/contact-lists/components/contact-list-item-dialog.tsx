import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { ContactListItemView } from '@zelo/contracts/contact-lists/read-models';
import { Form } from 'react-final-form';
import { TextField } from '../../../components/ui/text-field.tsx';
import { validateWith } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { ContactListItemInput, saveContactListItem } from '../api/contact-lists.ts';

interface Props {
  contactListId: string;
  item: ContactListItemView | null;
  onClose: () => void;
}

/** A contact of the list: name (2 to 50), number (8 to 50 digits) and an optional e-mail. */
export function ContactListItemDialog({ contactListId, item, onClose }: Props) {
  const t = useT();
  const onSubmit = async (values: ContactListItemInput) => {
    try {
      await saveContactListItem(contactListId, item?.id ?? null, values);
      toastSuccess(t('contactLists.itemSaved'));
      onClose();
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={t(item ? 'contactLists.editItem' : 'contactLists.addItem')}>
      <Form<ContactListItemInput>
        onSubmit={onSubmit}
        initialValues={{ name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' }}
        validate={validateWith(ContactListItemInput, (k) => t(k as TKey))}
      >
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit}>
            <DialogBody>
              <TextField name="name" label={t('contactLists.name')} testId="cli-name" autoFocus />
              <TextField name="number" label={t('contactLists.number')} testId="cli-number" />
              <TextField name="email" label={t('contactLists.email')} testId="cli-email" />
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text={t('contactLists.cancel')} onClick={onClose} />
                  <Button
                    type="submit"
                    intent="primary"
                    text={t('contactLists.save')}
                    loading={submitting}
                    data-testid="cli-save"
                  />
                </>
              }
            />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
