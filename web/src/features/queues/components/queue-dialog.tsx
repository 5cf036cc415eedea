import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  NumericInput,
  Tab,
  Tabs,
  TextArea,
} from '@blueprintjs/core';
import type { QueueView } from '@zelo/contracts/queues/read-models';
import { type DayHours, defaultWeeklyHours } from '@zelo/contracts/weekly-hours';
import { useMemo, useState } from 'react';
import { Field, Form } from 'react-final-form';
import { RefSelect } from '../../../components/ui/ref-select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { WeeklyHoursEditor, weeklyHoursValid } from '../../../components/ui/weekly-hours-editor.tsx';
import { listIntegrationChoices, listPromptChoices } from '../../../lib/automation-choices.ts';
import { validateWith } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { showToast, toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { QueueInput, saveQueue } from '../api/queues.ts';
import { firstFreeColour, isColourFree, QUEUE_PALETTE, takenColours } from '../lib/palette.ts';
import { OptionTree } from './option-tree.tsx';

interface Props {
  queue: QueueView | null;
  queues: QueueView[];
  /** Doc 2 §2.2: the attendance-time tab shows when scheduleType is queue. */
  showHours: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function QueueDialog({ queue, queues, showHours, onClose, onSaved }: Props) {
  const t = useT();
  const taken = useMemo(() => takenColours(queues, queue?.id ?? null), [queues, queue]);
  const [hours, setHours] = useState<DayHours[]>(
    queue?.schedules.length ? queue.schedules : defaultWeeklyHours,
  );
  const initial: QueueInput = queue ?? {
    name: '',
    color: firstFreeColour(taken),
    greetingMessage: '',
    outOfHoursMessage: '',
    orderQueue: null,
    promptId: null,
    integrationId: null,
  };
  const prompts = useRequest(listPromptChoices, []);
  const integrations = useRequest(listIntegrationChoices, []);
  const picker = {
    noneLabel: t('queues.noneChoice'),
    planHint: t('queues.pickerPlanHint'),
    failedHint: t('queues.pickerFailedHint'),
    unknownLabel: t('queues.pickerUnknown'),
  };

  const onSubmit = async (values: QueueInput) => {
    if (showHours && !weeklyHoursValid(hours)) return showToast(t('queues.invalidHours'), 'danger');
    try {
      const { schedules: _s, ...fields } = values;
      await saveQueue(queue?.id ?? null, showHours ? { ...fields, schedules: hours } : fields);
      toastSuccess(t('queues.saved'));
      onSaved();
      onClose();
    } catch (err) {
      // ERR_QUEUE_COLOR_ALREADY_EXISTS arrives here when another admin took the colour meanwhile.
      toastError(err);
    }
  };

  const dataTab = (
    <>
      <TextField name="name" label={t('queues.name')} testId="queue-name" autoFocus />
      <Field<string> name="color">
        {({ input }) => (
          <FormGroup label={t('queues.color')}>
            <div className="queue-palette" data-testid="queue-palette">
              {QUEUE_PALETTE.map((c) => (
                <button
                  key={c}
                  type="button"
                  style={{ background: c }}
                  aria-label={c}
                  aria-pressed={input.value.toLowerCase() === c.toLowerCase()}
                  title={isColourFree(c, taken) ? c : t('queues.colorTaken')}
                  disabled={!isColourFree(c, taken)}
                  onClick={() => input.onChange(c)}
                />
              ))}
            </div>
          </FormGroup>
        )}
      </Field>
      <TextAreaField name="greetingMessage" label={t('queues.greeting')} />
      <TextAreaField name="outOfHoursMessage" label={t('queues.outOfHours')} />
      <Field<number | null> name="orderQueue">
        {({ input }) => (
          <FormGroup label={t('queues.order')}>
            <NumericInput
              value={input.value ?? ''}
              min={0}
              onValueChange={(n, s) => input.onChange(s === '' || Number.isNaN(n) ? null : n)}
              data-testid="queue-order"
            />
          </FormGroup>
        )}
      </Field>
      <RefSelect
        name="integrationId"
        label={t('queues.integration')}
        choices={integrations.data}
        error={integrations.error}
        testId="queue-integration"
        {...picker}
      />
      <RefSelect
        name="promptId"
        label={t('queues.prompt')}
        choices={prompts.data}
        error={prompts.error}
        testId="queue-prompt"
        {...picker}
      />
      <Field<string | null> name="integrationId" subscription={{ value: true }}>
        {({ input: integration }) => (
          <Field<string | null> name="promptId" subscription={{ value: true }}>
            {({ input: prompt }) =>
              integration.value && prompt.value ? (
                <p className="bp6-text-muted">{t('queues.bothHint')}</p>
              ) : null
            }
          </Field>
        )}
      </Field>
    </>
  );

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(queue ? 'queues.editTitle' : 'queues.newTitle')}
      style={{ width: 640 }}
    >
      <Form<QueueInput>
        onSubmit={onSubmit}
        initialValues={initial}
        validate={validateWith(QueueInput, (k) => t(k as TKey))}
      >
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate data-testid="queue-dialog">
            <DialogBody>
              <Tabs id="queue-tabs">
                <Tab id="data" title={t('queues.tabData')} panel={dataTab} />
                {showHours && (
                  <Tab
                    id="hours"
                    title={t('queues.tabHours')}
                    panel={<WeeklyHoursEditor value={hours} onChange={setHours} testId="queue-hours" />}
                  />
                )}
                <Tab
                  id="options"
                  title={t('queues.tabOptions')}
                  panel={queue ? <OptionTree queueId={queue.id} /> : <p>{t('queues.saveFirst')}</p>}
                  data-testid="queue-options-tab"
                />
              </Tabs>
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text={t('queues.cancel')} onClick={onClose} />
                  <Button
                    type="submit"
                    intent="primary"
                    text={t('queues.save')}
                    loading={submitting}
                    data-testid="queue-save"
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

function TextAreaField({ name, label }: { name: string; label: string }) {
  return (
    <Field<string> name={name}>
      {({ input }) => (
        <FormGroup label={label}>
          <TextArea fill value={input.value ?? ''} onChange={input.onChange} data-testid={`queue-${name}`} />
        </FormGroup>
      )}
    </Field>
  );
}
