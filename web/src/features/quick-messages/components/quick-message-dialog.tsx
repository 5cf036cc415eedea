import { FormGroup, Switch, TextArea } from '@blueprintjs/core';
import type { QuickMessageView } from '@zelo/contracts/quick-messages/read-models';
import { useState } from 'react';
import { Field } from 'react-final-form';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { validateWith, visibleError } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import {
  QuickMessageInput,
  removeQuickMessageMedia,
  saveQuickMessage,
  uploadQuickMessageMedia,
} from '../api/quick-messages.ts';
import { AttachmentField } from './attachment-field.tsx';

interface Props {
  message: QuickMessageView | null;
  onClose: () => void;
}

/** Doc 2 §2.7: shortcode, message, the geral and status flags, and one attachment. */
export function QuickMessageDialog({ message, onClose }: Props) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const initial: QuickMessageInput = {
    shortcode: message?.shortcode ?? '',
    message: message?.message ?? '',
    geral: message?.geral ?? false,
    status: message?.status ?? true,
  };
  const onSubmit = async (values: QuickMessageInput) => {
    const saved = await saveQuickMessage(message?.id ?? null, values);
    // The file needs the message's id, so it follows the text (a new message is created first).
    if (file) await uploadQuickMessageMedia(saved.id, file);
    else if (removed && message?.mediaName) await removeQuickMessageMedia(saved.id);
  };
  const flag = (name: 'geral' | 'status', label: TKey) => (
    <Field<boolean> name={name} type="checkbox">
      {({ input }) => (
        <Switch
          label={t(label)}
          checked={!!input.checked}
          onChange={input.onChange}
          data-testid={`qm-${name}`}
        />
      )}
    </Field>
  );

  return (
    <FormDialog<QuickMessageInput>
      title={t(message ? 'quickMessages.edit' : 'quickMessages.add')}
      onClose={onClose}
      initialValues={initial}
      validate={validateWith(QuickMessageInput, (k) => t(k as TKey))}
      onSubmit={onSubmit}
      savedText={t('quickMessages.saved')}
      cancelText={t('quickMessages.cancel')}
      saveText={t('quickMessages.save')}
      saveTestId="qm-save"
    >
      <TextField name="shortcode" label={t('quickMessages.shortcode')} testId="qm-shortcode" autoFocus />
      <Field<string> name="message">
        {({ input, meta }) => {
          const error = visibleError(meta);
          return (
            <FormGroup
              label={t('quickMessages.message')}
              labelFor="qm-message"
              helperText={error || undefined}
              intent={error ? 'danger' : 'none'}
            >
              <TextArea id="qm-message" fill rows={5} {...input} data-testid="qm-message" />
            </FormGroup>
          );
        }}
      </Field>
      <AttachmentField
        current={message?.mediaName ?? null}
        chosen={file}
        removed={removed}
        onChoose={(f) => {
          setFile(f);
          setRemoved(false);
        }}
        onRemove={() => {
          setFile(null);
          setRemoved(true);
        }}
      />
      {flag('geral', 'quickMessages.geral')}
      {flag('status', 'quickMessages.status')}
    </FormDialog>
  );
}
