import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { ContactListView } from '@zelo/contracts/contact-lists/read-models';
import { Form } from 'react-final-form';
import { TextField } from '../../../components/ui/text-field.tsx';
import { validateWith } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { ContactListInput, saveContactList } from '../api/contact-lists.ts';

interface Props {
  list: ContactListView | null;
  onClose: () => void;
}

/** Doc 2 §2.6: a contact list has a name (2 to 50). */
export function ContactListDialog({ list, onClose }: Props) {
  const t = useT();
  const onSubmit = async (values: ContactListInput) => {
    try {
      await saveContactList(list?.id ?? null, values);
      toastSuccess(t('contactLists.saved'));
      onClose();
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={t(list ? 'contactLists.edit' : 'contactLists.add')}>
      <Form<ContactListInput>
        onSubmit={onSubmit}
        initialValues={{ name: list?.name ?? '' }}
        validate={validateWith(ContactListInput, (k) => t(k as TKey))}
      >
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit}>
            <DialogBody>
              <TextField name="name" label={t('contactLists.name')} testId="cl-name" autoFocus />
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
                    data-testid="cl-save"
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
