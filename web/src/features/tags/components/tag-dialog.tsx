import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Switch } from '@blueprintjs/core';
import type { TagView } from '@zelo/contracts/tags/read-models';
import { Field, Form } from 'react-final-form';
import { TextField } from '../../../components/ui/text-field.tsx';
import { validateWith } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
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

  const onSubmit = async (values: TagInput) => {
    try {
      await saveTag(tag?.id ?? null, canSetKanban ? values : { ...values, kanban: undefined });
      toastSuccess(t('tags.saved'));
      onClose();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t(tag ? 'tags.edit' : 'tags.add')}>
      <Form<TagInput>
        onSubmit={onSubmit}
        initialValues={initial}
        validate={validateWith(TagInput, (k) => t(k as TKey))}
      >
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit}>
            <DialogBody>
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
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text={t('tags.cancel')} onClick={onClose} />
                  <Button
                    type="submit"
                    intent="primary"
                    text={t('tags.save')}
                    loading={submitting}
                    data-testid="tag-save"
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
