import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import type { SlaClockMode } from '@zelo/contracts/sla/api';
import type { SlaPolicyView } from '@zelo/contracts/sla/read-models';
import { useMemo } from 'react';
import { Field, Form } from 'react-final-form';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { visibleError } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { useReferenceList } from '../../../lib/reference-lists.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { saveSlaPolicy } from '../api/save-sla-policy.ts';
import {
  CLOCK_LABEL,
  CLOCKS,
  formToRequest,
  type PolicyForm,
  policyToForm,
  TARGETS,
  validatePolicyForm,
} from '../lib/policy-form.ts';
import { TargetInput } from './target-input.tsx';

interface Props {
  /** null: a new policy. */
  policy: SlaPolicyView | null;
  onClose: () => void;
  onSaved: () => void;
}

export function SlaPolicyDialog({ policy, onClose, onSaved }: Props) {
  const t = useT();
  const queues = useReferenceList('queues');
  const connections = useReferenceList('connections');
  const initial = useMemo(() => policyToForm(policy), [policy]);
  const validate = useMemo(
    () => (values: PolicyForm) => validatePolicyForm(values, (k) => t(k as TKey)),
    [t],
  );

  const onSubmit = async (values: PolicyForm) => {
    try {
      await saveSlaPolicy(policy?.id ?? null, formToRequest(values));
      toastSuccess(t('sla.saved'));
      onSaved();
      onClose();
    } catch (err) {
      // One policy per queue and connection: the answer belongs beside the queue the admin picked.
      if (err instanceof ApiError && err.code === 'ERR_SLA_POLICY_EXISTS') {
        document.getElementById('sla-queue')?.focus();
        return { queueId: t('sla.policyExists') };
      }
      toastError(err);
      // Deleted meanwhile by another admin: the list shows it is gone.
      if (err instanceof ApiError && err.code === 'ERR_NO_SLA_POLICY_FOUND') {
        onSaved();
        onClose();
      }
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(policy ? 'sla.editTitle' : 'sla.newTitle')}
      icon="stopwatch"
      className="sla-dialog"
    >
      <Form<PolicyForm> onSubmit={onSubmit} initialValues={initial} validate={validate}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate data-testid="sla-dialog">
            <DialogBody>
              <TextField name="name" label={t('sla.name')} testId="sla-name" autoFocus maxLength={80} />
              <div className="sla-dialog-pair">
                <Field<string> name="queueId">
                  {({ input, meta }) => {
                    // A refusal of the server (another policy holds this queue) stays until the queue changes.
                    const error = visibleError({
                      ...meta,
                      submitError: meta.dirtySinceLastSubmit ? undefined : meta.submitError,
                    });
                    return (
                      <FormGroup
                        label={t('sla.queue')}
                        labelFor="sla-queue"
                        helperText={error}
                        intent={error ? 'danger' : 'none'}
                      >
                        <HTMLSelect
                          id="sla-queue"
                          fill
                          value={input.value ?? ''}
                          onChange={(e) => input.onChange(e.currentTarget.value)}
                          onBlur={input.onBlur}
                          onFocus={input.onFocus}
                          disabled={!queues.data}
                          data-testid="sla-queue"
                        >
                          <option value="" disabled>
                            {t('sla.chooseQueue')}
                          </option>
                          {queues.data?.map((q) => (
                            <option key={q.id} value={q.id}>
                              {q.name}
                            </option>
                          ))}
                        </HTMLSelect>
                      </FormGroup>
                    );
                  }}
                </Field>
                <Field<string | null> name="whatsappId">
                  {({ input }) => (
                    <FormGroup label={t('sla.connection')} labelFor="sla-connection">
                      <HTMLSelect
                        id="sla-connection"
                        fill
                        value={input.value ?? ''}
                        onChange={(e) => input.onChange(e.currentTarget.value || null)}
                        disabled={!connections.data}
                        data-testid="sla-connection"
                      >
                        <option value="">{t('sla.allConnections')}</option>
                        {connections.data?.map((c) => (
                          <option key={c.id} value={c.id}>
                            {c.name}
                          </option>
                        ))}
                      </HTMLSelect>
                    </FormGroup>
                  )}
                </Field>
              </div>
              <FormGroup label={t('sla.targets')} className="sla-targets">
                {TARGETS.map((name) => (
                  <TargetInput key={name} name={name} />
                ))}
                {/* Only switching every target off raises it: shown at once, not after a submit. */}
                <Field name="targets" subscription={{ error: true }}>
                  {({ meta }) =>
                    meta.error ? (
                      <div className="sla-targets-error" role="alert" data-testid="sla-targets-error">
                        {meta.error}
                      </div>
                    ) : null
                  }
                </Field>
              </FormGroup>
              <Field<SlaClockMode> name="clock">
                {({ input }) => (
                  <RadioGroup
                    label={t('sla.clock')}
                    selectedValue={input.value}
                    onChange={(e) => input.onChange(e.currentTarget.value as SlaClockMode)}
                    className="sla-clock"
                  >
                    {CLOCKS.map((clock) => (
                      <Radio
                        key={clock}
                        value={clock}
                        label={t(CLOCK_LABEL[clock])}
                        data-testid={`sla-clock-${clock}`}
                      />
                    ))}
                  </RadioGroup>
                )}
              </Field>
              <p className="bp6-text-muted sla-hint">{t('sla.personHint')}</p>
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text={t('sla.cancel')} onClick={onClose} />
                  <Button
                    type="submit"
                    intent="primary"
                    text={t('sla.save')}
                    loading={submitting}
                    data-testid="sla-save"
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
