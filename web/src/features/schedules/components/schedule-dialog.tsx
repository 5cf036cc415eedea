import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import type { ScheduleView } from '@zelo/contracts/schedules/read-models';
import { useState } from 'react';
import { Field, Form } from 'react-final-form';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toLocalInput } from '../../../lib/datetime-local.ts';
import { validateWith, visibleError } from '../../../lib/form.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { showToast, toastError, toastSuccess } from '../../../lib/toaster.ts';
import { ScheduleForm, type ScheduleFormValues, saveSchedule } from '../api/save-schedule.ts';
import { removeScheduleMedia, uploadScheduleMedia } from '../api/schedule-media.ts';
import { STATUS_LOOK } from '../lib/schedule-list.ts';
import { defaultSendAt } from '../lib/send-at.ts';
import type { ContactOption } from '../types.ts';
import { ContactField } from './contact-field.tsx';
import { ScheduleAttachment } from './schedule-attachment.tsx';

interface Props {
  /** null for a new schedule. */
  schedule: ScheduleView | null;
  /** The contact a new schedule starts with (the page's `?contactId=`). */
  presetContact?: ContactOption | null;
  onSaved: (schedule: ScheduleView) => void;
  onClose: () => void;
}

function initialValues(
  schedule: ScheduleView | null,
  presetContact: ContactOption | null,
): ScheduleFormValues {
  if (!schedule) return { body: '', contact: presetContact, sendAt: defaultSendAt() };
  return { body: schedule.body, contact: schedule.contact, sendAt: toLocalInput(schedule.sendAt) };
}

/**
 * Doc 1 "Schedule-message dialog" and doc 2 §2.8: body, contact, sendAt and an optional image (png, jpg,
 * jpeg). The image needs the schedule's id, so it is uploaded after the schedule is saved (a new one is
 * created first). A sent schedule (it has a sentAt) can be read, not submitted again.
 */
export function ScheduleDialog({ schedule, presetContact = null, onSaved, onClose }: Props) {
  const t = useT();
  // Computed once: a fresh "one hour from now" on every render would reset the form.
  const [initial] = useState(() => initialValues(schedule, presetContact));
  // The schedule as saved from this dialog: when the image fails after a create, saving again edits
  // the schedule just created instead of creating a second one.
  const [current, setCurrent] = useState(schedule);
  const [file, setFile] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const [uploading, setUploading] = useState(false);
  const sent = !!schedule?.sentAt;
  const title = schedule
    ? t('schedules.titleWithStatus', { status: t(STATUS_LOOK[schedule.status].label) })
    : t('schedules.newTitle');

  const onSubmit = async (values: ScheduleFormValues) => {
    let saved: ScheduleView;
    try {
      saved = await saveSchedule(values, current);
    } catch (err) {
      toastError(err);
      return;
    }
    setCurrent(saved);
    try {
      setUploading(true);
      if (file) saved = await uploadScheduleMedia(saved.id, file);
      else if (removed && saved.mediaName) saved = await removeScheduleMedia(saved.id);
    } catch (err) {
      toastError(err);
      showToast(t('schedules.attachmentFailed'), 'warning');
      return;
    } finally {
      setUploading(false);
    }
    toastSuccess(t('schedules.saved'));
    onSaved(saved);
  };

  return (
    <Dialog isOpen onClose={onClose} title={title} className="schedule-dialog">
      <Form<ScheduleFormValues>
        onSubmit={onSubmit}
        initialValues={initial}
        validate={validateWith(ScheduleForm, (k) => t(k as TKey))}
      >
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit}>
            <DialogBody>
              {schedule?.status === 'ERRO' && (
                <Callout
                  intent="danger"
                  icon="error"
                  title={t('schedules.sendError')}
                  data-testid="schedule-error"
                >
                  {schedule.error}
                </Callout>
              )}
              {schedule?.sentAt && (
                <Callout intent="success" icon="tick-circle" data-testid="schedule-sent">
                  {t('schedules.sentAt', {
                    date: `${formatDate(schedule.sentAt)} ${formatTime(schedule.sentAt)}`,
                  })}
                </Callout>
              )}
              <ContactField disabled={sent} />
              <Field<string> name="body">
                {({ input, meta }) => {
                  const error = visibleError(meta);
                  return (
                    <FormGroup
                      label={t('schedules.body')}
                      labelFor="schedule-body"
                      helperText={error || undefined}
                      intent={error ? 'danger' : 'none'}
                    >
                      <TextArea
                        id="schedule-body"
                        fill
                        rows={4}
                        disabled={sent}
                        intent={error ? 'danger' : 'none'}
                        {...input}
                        data-testid="schedule-body"
                      />
                    </FormGroup>
                  );
                }}
              </Field>
              <TextField
                name="sendAt"
                label={t('schedules.sendAt')}
                type="datetime-local"
                step={1}
                disabled={sent}
                testId="schedule-send-at"
              />
              <ScheduleAttachment
                current={
                  current?.mediaName ? { name: current.mediaName, url: current.mediaUrl ?? null } : null
                }
                chosen={file}
                removed={removed}
                readOnly={sent}
                busy={!!submitting}
                uploading={uploading}
                onChoose={(f) => {
                  setFile(f);
                  setRemoved(false);
                }}
                onRemove={() => {
                  setFile(null);
                  setRemoved(true);
                }}
              />
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button
                    text={t(sent ? 'schedules.close' : 'schedules.cancel')}
                    onClick={onClose}
                    data-testid="schedule-cancel"
                  />
                  {!sent && (
                    <Button
                      type="submit"
                      intent="primary"
                      text={t('schedules.save')}
                      loading={submitting}
                      data-testid="schedule-submit"
                    />
                  )}
                </>
              }
            />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
