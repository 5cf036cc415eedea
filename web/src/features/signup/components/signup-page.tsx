import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { PlanView } from '@zelo/contracts/tenancy/read-models';
import { Field } from 'react-final-form';
import { Link, useLocation } from 'wouter';
import { AuthForm } from '../../../components/auth-form.tsx';
import { AuthLayout } from '../../../components/ui/auth-layout.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { validateWith, visibleError } from '../../../lib/form.ts';
import { maskPhone, onlyDigits } from '../../../lib/format.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { SignupInput, useCreateCompany } from '../api/create-company.ts';
import { usePlans } from '../api/list-plans.ts';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 });

export function SignupPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const plans = usePlans();
  const createCompany = useCreateCompany();

  const onSubmit = async (values: SignupInput) => {
    try {
      await createCompany(values);
      toastSuccess(t('signup.success'));
      navigate('/login');
    } catch (err) {
      toastError(err);
    }
  };

  const planLabel = (p: PlanView) =>
    t('signup.planOption', {
      name: p.name,
      users: t('signup.planUsers', { count: p.users }),
      connections: t('signup.planConnections', { count: p.connections }),
      queues: t('signup.planQueues', { count: p.queues }),
      value: brl.format(p.value),
    });

  return (
    <AuthLayout
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      footer={
        <span>
          {t('signup.haveAccount')} <Link href="/login">{t('signup.login')}</Link>
        </span>
      }
    >
      <AuthForm<SignupInput>
        onSubmit={onSubmit}
        validate={validateWith(SignupInput, (k) => t(k as TKey))}
        submitText={t('signup.submit')}
        submitTestId="signup-submit"
      >
        <TextField
          name="name"
          label={t('signup.companyName')}
          leftIcon="office"
          autoFocus
          testId="signup-name"
        />
        <TextField
          name="email"
          type="email"
          label={t('signup.email')}
          leftIcon="envelope"
          autoComplete="email"
          testId="signup-email"
        />
        <TextField
          name="phone"
          type="tel"
          label={t('signup.phone')}
          leftIcon="phone"
          placeholder="(99) 99999-9999"
          format={maskPhone}
          parse={(value) => onlyDigits(value).slice(0, 11)}
          testId="signup-phone"
        />
        <TextField
          name="password"
          type="password"
          label={t('signup.password')}
          leftIcon="lock"
          autoComplete="new-password"
          testId="signup-password"
        />
        <Field<string> name="planId">
          {({ input, meta }) => {
            const error = visibleError(meta);
            return (
              <FormGroup
                label={t('signup.plan')}
                labelFor="field-plan"
                helperText={error || undefined}
                intent={error ? 'danger' : 'none'}
              >
                <HTMLSelect
                  id="field-plan"
                  fill
                  large
                  value={input.value ?? ''}
                  onChange={input.onChange}
                  onBlur={input.onBlur}
                  disabled={plans.loading}
                  data-testid="signup-plan"
                >
                  <option value="">{t('signup.selectPlan')}</option>
                  {(plans.data ?? []).map((p) => (
                    <option key={p.id} value={p.id}>
                      {planLabel(p)}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
            );
          }}
        </Field>
      </AuthForm>
    </AuthLayout>
  );
}
