import { FormGroup, InputGroup, Switch } from '@blueprintjs/core';
import type { PlanView } from '@zelo/contracts/tenancy/read-models';
import { Field } from 'react-final-form';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { validateWith, visibleError } from '../../../lib/form.ts';
import { type TKey, translateError, useT } from '../../../lib/i18n.ts';
import { appStore, languageAtom } from '../../../lib/store.ts';
import { showToast } from '../../../lib/toaster.ts';
import { PLAN_FEATURES, PlanInput, savePlan } from '../api/plans.ts';

interface Props {
  plan: PlanView | null;
  onClose: () => void;
  onSaved: () => void;
}

const EMPTY: PlanInput = {
  name: '',
  users: 1,
  connections: 1,
  queues: 1,
  value: 0,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
  useReports: true,
};

function NumberField({ name, label, step }: { name: keyof PlanInput; label: string; step?: string }) {
  return (
    <Field<number | undefined>
      name={name}
      parse={(s: unknown) => (s === '' || s === undefined ? undefined : Number(s))}
    >
      {({ input, meta }) => {
        const error = visibleError(meta);
        return (
          <FormGroup
            label={label}
            labelFor={`plan-${name}`}
            helperText={error || undefined}
            intent={error ? 'danger' : 'none'}
          >
            <InputGroup
              id={`plan-${name}`}
              type="number"
              min={0}
              step={step ?? '1'}
              value={input.value === undefined ? '' : String(input.value)}
              onChange={input.onChange}
              onBlur={input.onBlur}
              intent={error ? 'danger' : 'none'}
              data-testid={`plan-${name}`}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}

/** The super user's plan form: name, the three limits, the price and every module switch. */
export function PlanDialog({ plan, onClose, onSaved }: Props) {
  const t = useT();
  const initial: PlanInput = plan
    ? {
        name: plan.name,
        users: plan.users,
        connections: plan.connections,
        queues: plan.queues,
        value: plan.value,
        useCampaigns: plan.useCampaigns,
        useSchedules: plan.useSchedules,
        useInternalChat: plan.useInternalChat,
        useExternalApi: plan.useExternalApi,
        useKanban: plan.useKanban,
        useOpenAi: plan.useOpenAi,
        useIntegrations: plan.useIntegrations,
        useReports: plan.useReports,
      }
    : EMPTY;

  // Doc 1 §8: a failed save says to check for a duplicate name or unfilled fields, then why.
  const saveFailed = (err: unknown) => {
    const why = err instanceof ApiError ? translateError(appStore.get(languageAtom), err.code) : '';
    showToast(`${t('plans.saveFailed')} ${why}`.trim(), 'danger', 4000);
  };

  return (
    <FormDialog<PlanInput>
      title={t(plan ? 'plans.edit' : 'plans.add')}
      style={{ width: 560 }}
      onClose={onClose}
      initialValues={initial}
      validate={validateWith(PlanInput, (k) => t(k as TKey))}
      onSubmit={(values) => savePlan(plan?.id ?? null, values)}
      savedText={t('plans.saved')}
      onSaved={() => {
        onSaved();
        onClose();
      }}
      onError={saveFailed}
      cancelText={t('plans.cancel')}
      saveText={t('plans.save')}
      saveTestId="plan-save"
      noValidate
    >
      <TextField name="name" label={t('plans.name')} testId="plan-name" autoFocus />
      <div className="plan-form-grid">
        <NumberField name="users" label={t('plans.users')} />
        <NumberField name="connections" label={t('plans.connections')} />
        <NumberField name="queues" label={t('plans.queues')} />
        <NumberField name="value" label={t('plans.value')} step="0.01" />
      </div>
      <div className="plan-form-flags">
        {PLAN_FEATURES.map((f) => (
          <Field<boolean> key={f} name={f} type="checkbox">
            {({ input }) => (
              <Switch
                label={t(`plans.${f}` as TKey)}
                checked={!!input.checked}
                onChange={input.onChange}
                data-testid={`plan-${f}`}
              />
            )}
          </Field>
        ))}
      </div>
    </FormDialog>
  );
}
