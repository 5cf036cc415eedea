import type { ContactListItemView } from '@zelo/contracts/contact-lists/read-models';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { validateWith } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { ContactListItemInput, saveContactListItem } from '../api/contact-lists.ts';

interface Props {
  contactListId: string;
  item: ContactListItemView | null;
  onClose: () => void;
}

/** A contact of the list: name (2 to 50), number (8 to 50 digits) and an optional e-mail. */
export function ContactListItemDialog({ contactListId, item, onClose }: Props) {
  const t = useT();
  return (
    <FormDialog<ContactListItemInput>
      title={t(item ? 'contactLists.editItem' : 'contactLists.addItem')}
      onClose={onClose}
      initialValues={{ name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' }}
      validate={validateWith(ContactListItemInput, (k) => t(k as TKey))}
      onSubmit={(values) => saveContactListItem(contactListId, item?.id ?? null, values)}
      savedText={t('contactLists.itemSaved')}
      cancelText={t('contactLists.cancel')}
      saveText={t('contactLists.save')}
      saveTestId="cli-save"
    >
      <TextField name="name" label={t('contactLists.name')} testId="cli-name" autoFocus />
      <TextField name="number" label={t('contactLists.number')} testId="cli-number" />
      <TextField name="email" label={t('contactLists.email')} testId="cli-email" />
    </FormDialog>
  );
}
