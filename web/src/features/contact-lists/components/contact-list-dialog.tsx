import type { ContactListView } from '@zelo/contracts/contact-lists/read-models';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { validateWith } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { ContactListInput, saveContactList } from '../api/contact-lists.ts';

interface Props {
  list: ContactListView | null;
  onClose: () => void;
}

/** Doc 2 §2.6: a contact list has a name (2 to 50). */
export function ContactListDialog({ list, onClose }: Props) {
  const t = useT();
  return (
    <FormDialog<ContactListInput>
      title={t(list ? 'contactLists.edit' : 'contactLists.add')}
      onClose={onClose}
      initialValues={{ name: list?.name ?? '' }}
      validate={validateWith(ContactListInput, (k) => t(k as TKey))}
      onSubmit={(values) => saveContactList(list?.id ?? null, values)}
      savedText={t('contactLists.saved')}
      cancelText={t('contactLists.cancel')}
      saveText={t('contactLists.save')}
      saveTestId="cl-save"
    >
      <TextField name="name" label={t('contactLists.name')} testId="cl-name" autoFocus />
    </FormDialog>
  );
}
