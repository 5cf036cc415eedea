import { FormGroup, HTMLSelect, Switch } from '@blueprintjs/core';
import type { CompanyView, PlanView } from '@zelo/contracts/tenancy/read-models';
import { Field } from 'react-final-form';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { validateWith, visibleError } from '../../../lib/form.ts';
import { maskPhone, onlyDigits } from '../../../lib/format.ts';
import { type TKey, translateError, useT } from '../../../lib/i18n.ts';
import { appStore, languageAtom } from '../../../lib/store.ts';
import { showToast } from '../../../lib/toaster.ts';
import { CompanyInput, isoToDueDate, NewCompanyInput, RECURRENCES, saveCompany } from '../api/companies.ts';

interface Props {
  company: CompanyView | null;
  plans: PlanView[];
  onClose: () => void;
  onSaved: () => void;
}

function SelectField({
  name,
  label,
  options,
  testId,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  testId: string;
}) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = visibleError(meta);
        return (
          <FormGroup
            label={label}
            labelFor={`company-${name}`}
            helperText={error || undefined}
            intent={error ? 'danger' : 'none'}
          >
            <HTMLSelect
              id={`company-${name}`}
              fill
              value={input.value ?? ''}
              onChange={input.onChange}
              onBlur={input.onBlur}
              data-testid={testId}
              options={options}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}

function SwitchField({ name, label, testId }: { name: string; label: string; testId: string }) {
  return (
    <Field<boolean> name={name} type="checkbox">
      {({ input }) => (
        <Switch label={label} checked={!!input.checked} onChange={input.onChange} data-testid={testId} />
      )}
    </Field>
  );
}

/** The super user's company form (doc 2 §2.20); on create it also makes the company's first admin. */
export function CompanyDialog({ company, plans, onClose, onSaved }: Props) {
  const t = useT();
  const initial: CompanyInput = {
    name: company?.name ?? '',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
    planId: company?.planId ?? '',
    status: company?.status ?? true,
    dueDate: isoToDueDate(company?.dueDate ?? null),
    recurrence: company?.recurrence ?? 'MENSAL',
    campaignsEnabled: company?.campaignsEnabled ?? true,
    ...(company ? {} : { password: '' }),
  };

  // Doc 1 §8: a failed save says to check for a duplicate name or unfilled fields, then why.
  const saveFailed = (err: unknown) => {
    const why = err instanceof ApiError ? translateError(appStore.get(languageAtom), err.code) : '';
    showToast(`${t('companies.saveFailed')} ${why}`.trim(), 'danger', 4000);
  };

  return (
    <FormDialog<CompanyInput>
      title={t(company ? 'companies.edit' : 'companies.add')}
      style={{ width: 560 }}
      onClose={onClose}
      initialValues={initial}
      validate={validateWith(company ? CompanyInput : NewCompanyInput, (k) => t(k as TKey))}
      onSubmit={(values) => saveCompany(company?.id ?? null, values, values.dueDate === initial.dueDate)}
      savedText={t('companies.saved')}
      onSaved={() => {
        onSaved();
        onClose();
      }}
      onError={saveFailed}
      cancelText={t('companies.cancel')}
      saveText={t('companies.save')}
      saveTestId="company-save"
      noValidate
    >
      <TextField name="name" label={t('companies.name')} testId="company-name" autoFocus />
      <div className="company-form-grid">
        <TextField name="email" type="email" label={t('companies.email')} testId="company-email" />
        <TextField
          name="phone"
          type="tel"
          label={t('companies.phone')}
          placeholder="(99) 99999-9999"
          format={maskPhone}
          parse={(value) => onlyDigits(value).slice(0, 11)}
          testId="company-phone"
        />
      </div>
      {!company && (
        <TextField
          name="password"
          type="password"
          label={t('companies.password')}
          autoComplete="new-password"
          testId="company-password"
        />
      )}
      <div className="company-form-grid">
        <SelectField
          name="planId"
          label={t('companies.plan')}
          testId="company-plan"
          options={[
            { value: '', label: t('companies.selectPlan') },
            ...plans.map((p) => ({ value: p.id, label: p.name })),
          ]}
        />
        <SelectField
          name="recurrence"
          label={t('companies.recurrence')}
          testId="company-recurrence"
          options={RECURRENCES.map((r) => ({
            value: r,
            label: t(`companies.recurrence_${r}` as TKey),
          }))}
        />
      </div>
      <TextField name="dueDate" type="date" label={t('companies.dueDate')} testId="company-due-date" />
      <SwitchField name="status" label={t('companies.status')} testId="company-status" />
      <SwitchField
        name="campaignsEnabled"
        label={t('companies.campaignsEnabled')}
        testId="company-campaigns"
      />
    </FormDialog>
  );
}
