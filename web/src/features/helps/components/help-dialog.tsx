import { Button, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import type { HelpView } from '@zelo/contracts/helps/read-models';
import { Field, Form } from 'react-final-form';
import { TextField } from '../../../components/ui/text-field.tsx';
import { validateWith, visibleError } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { HelpInput, saveHelp } from '../api/helps.ts';

interface Props {
  help: HelpView | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The settings Help tab's dialog: title, video (YouTube id or link) and description. */
export function HelpDialog({ help, onClose, onSaved }: Props) {
  const t = useT();
  const initial: HelpInput = {
    title: help?.title ?? '',
    video: help?.video ?? '',
    description: help?.description ?? '',
  };
  const onSubmit = async (values: HelpInput) => {
    try {
      await saveHelp(help?.id ?? null, values);
      toastSuccess(t('helps.saved'));
      onSaved();
      onClose();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t(help ? 'helps.edit' : 'helps.add')}>
      <Form<HelpInput>
        onSubmit={onSubmit}
        initialValues={initial}
        validate={validateWith(HelpInput, (k) => t(k as TKey))}
      >
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit}>
            <DialogBody>
              <TextField name="title" label={t('helps.titleField')} testId="help-title" autoFocus />
              <TextField name="video" label={t('helps.video')} testId="help-video-input" />
              <Field<string> name="description">
                {({ input, meta }) => {
                  const error = visibleError(meta);
                  return (
                    <FormGroup
                      label={t('helps.description')}
                      labelFor="help-description"
                      helperText={error || undefined}
                      intent={error ? 'danger' : 'none'}
                    >
                      <TextArea
                        id="help-description"
                        fill
                        rows={4}
                        {...input}
                        data-testid="help-description"
                      />
                    </FormGroup>
                  );
                }}
              </Field>
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text={t('helps.cancel')} onClick={onClose} />
                  <Button
                    type="submit"
                    intent="primary"
                    text={t('helps.save')}
                    loading={submitting}
                    data-testid="help-save"
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
