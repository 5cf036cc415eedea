import { FormGroup, Switch } from '@blueprintjs/core';
import type { TagView } from '@zelo/contracts/tags/read-models';
import { Field } from 'react-final-form';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { validateWith } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { saveTag, TagInput } from '../api/save-tag.ts';

interface Props {
  tag: TagView | null;
  isOpen: boolean;
  /** Doc 2 §2.4: the kanban toggle is shown only to admins. */
  canSetKanban: boolean;
  onClose: () => void;
}

export function TagDialog({ tag, isOpen, canSetKanban, onClose }: Props) {
  const t = useT();
  const initial: TagInput = {
    name: tag?.name ?? '',
    color: tag?.color ?? '#2965CC',
    kanban: tag?.kanban ?? false,
  };

  return (
    <FormDialog<TagInput>
      isOpen={isOpen}
      title={t(tag ? 'tags.edit' : 'tags.add')}
      onClose={onClose}
      initialValues={initial}
      validate={validateWith(TagInput, (k) => t(k as TKey))}
      onSubmit={(values) =>
        saveTag(tag?.id ?? null, canSetKanban ? values : { ...values, kanban: undefined })
      }
      savedText={t('tags.saved')}
      cancelText={t('tags.cancel')}
      saveText={t('tags.save')}
      saveTestId="tag-save"
    >
      <TextField name="name" label={t('tags.name')} testId="tag-name" autoFocus />
      <Field<string> name="color">
        {({ input }) => (
          <FormGroup label={t('tags.color')} labelFor="tag-color">
            <input
              id="tag-color"
              type="color"
              value={input.value}
              onChange={(e) => input.onChange(e.currentTarget.value.toUpperCase())}
              data-testid="tag-color"
            />
          </FormGroup>
        )}
      </Field>
      {canSetKanban && (
        <Field<boolean> name="kanban" type="checkbox">
          {({ input }) => (
            <Switch
              label={t('tags.kanban')}
              checked={!!input.checked}
              onChange={input.onChange}
              data-testid="tag-kanban"
            />
          )}
        </Field>
      )}
    </FormDialog>
  );
}
