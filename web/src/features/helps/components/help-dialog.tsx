import { FormGroup, TextArea } from '@blueprintjs/core';
import type { HelpView } from '@zelo/contracts/helps/read-models';
import { Field } from 'react-final-form';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { validateWith, visibleError } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
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
  return (
    <FormDialog<HelpInput>
      title={t(help ? 'helps.edit' : 'helps.add')}
      onClose={onClose}
      initialValues={initial}
      validate={validateWith(HelpInput, (k) => t(k as TKey))}
      onSubmit={(values) => saveHelp(help?.id ?? null, values)}
      savedText={t('helps.saved')}
      onSaved={() => {
        onSaved();
        onClose();
      }}
      cancelText={t('helps.cancel')}
      saveText={t('helps.save')}
      saveTestId="help-save"
    >
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
              <TextArea id="help-description" fill rows={4} {...input} data-testid="help-description" />
            </FormGroup>
          );
        }}
      </Field>
    </FormDialog>
  );
}
