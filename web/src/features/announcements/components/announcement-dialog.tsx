import { Button, FileInput, FormGroup, HTMLSelect, Switch, TextArea } from '@blueprintjs/core';
import type { AnnouncementView } from '@zelo/contracts/announcements/read-models';
import { useState } from 'react';
import { Field } from 'react-final-form';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { validateWith, visibleError } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import {
  AnnouncementInput,
  removeAnnouncementImage,
  saveAnnouncement,
  uploadAnnouncementImage,
} from '../api/announcements.ts';

interface Props {
  announcement: AnnouncementView | null;
  onClose: () => void;
}

const PRIORITIES = [1, 2, 3] as const;

/** Doc 2 §2.10: title, text, priority, status and an image (png, jpg, jpeg). */
export function AnnouncementDialog({ announcement, onClose }: Props) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const initial: AnnouncementInput = {
    title: announcement?.title ?? '',
    text: announcement?.text ?? '',
    priority: announcement?.priority ?? 3,
    status: announcement?.status ?? true,
  };
  const current = removed ? null : (announcement?.mediaName ?? null);
  const onSubmit = async (values: AnnouncementInput) => {
    const saved = await saveAnnouncement(announcement?.id ?? null, values);
    // The image needs the announcement's id, so it follows the text (a new one is created first).
    if (file) await uploadAnnouncementImage(saved.id, file);
    else if (removed && announcement?.mediaName) await removeAnnouncementImage(saved.id);
  };

  return (
    <FormDialog<AnnouncementInput>
      title={t(announcement ? 'announcements.edit' : 'announcements.add')}
      onClose={onClose}
      initialValues={initial}
      validate={validateWith(AnnouncementInput, (k) => t(k as TKey))}
      onSubmit={onSubmit}
      savedText={t('announcements.saved')}
      cancelText={t('announcements.cancel')}
      saveText={t('announcements.save')}
      saveTestId="announcement-save"
    >
      <TextField name="title" label={t('announcements.titleField')} testId="announcement-title" autoFocus />
      <Field<string> name="text">
        {({ input, meta }) => {
          const error = visibleError(meta);
          return (
            <FormGroup
              label={t('announcements.text')}
              labelFor="announcement-text"
              helperText={error || undefined}
              intent={error ? 'danger' : 'none'}
            >
              <TextArea id="announcement-text" fill rows={5} {...input} data-testid="announcement-text" />
            </FormGroup>
          );
        }}
      </Field>
      <Field<number> name="priority" parse={(v) => Number(v)}>
        {({ input }) => (
          <FormGroup label={t('announcements.priority')} labelFor="announcement-priority">
            <HTMLSelect
              id="announcement-priority"
              value={input.value}
              onChange={(e) => input.onChange(Number(e.currentTarget.value))}
              data-testid="announcement-priority"
              options={PRIORITIES.map((p) => ({
                value: p,
                label: t(`announcements.priority${p}` as TKey),
              }))}
            />
          </FormGroup>
        )}
      </Field>
      <Field<boolean> name="status" type="checkbox">
        {({ input }) => (
          <Switch
            label={t('announcements.active')}
            checked={!!input.checked}
            onChange={input.onChange}
            data-testid="announcement-status"
          />
        )}
      </Field>
      <FormGroup label={t('announcements.image')} labelFor="announcement-image">
        <FileInput
          fill
          text={file?.name ?? current ?? t('announcements.noImage')}
          buttonText={t('announcements.attach')}
          hasSelection={!!file || !!current}
          inputProps={{
            id: 'announcement-image',
            accept: 'image/png,image/jpeg,.png,.jpg,.jpeg',
            // @ts-expect-error data attributes pass through to the input
            'data-testid': 'announcement-image',
          }}
          onInputChange={(e) => {
            const chosen = e.currentTarget.files?.[0] ?? null;
            setFile(chosen);
            if (chosen) setRemoved(false);
          }}
        />
        {(file || current) && (
          <Button
            variant="minimal"
            icon="cross"
            intent="danger"
            text={t('announcements.removeImage')}
            onClick={() => {
              setFile(null);
              setRemoved(true);
            }}
            data-testid="announcement-remove-image"
          />
        )}
      </FormGroup>
    </FormDialog>
  );
}
