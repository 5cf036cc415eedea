import './subscription.css';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { InvoiceView, PixChargeView } from '@zelo/contracts/billing/read-models';
import type { PlanView } from '@zelo/contracts/tenancy/read-models';
import { useMemo, useState } from 'react';
import { Field, Form } from 'react-final-form';
import { TextField } from '../../../components/ui/text-field.tsx';
import { validateWith, visibleError } from '../../../lib/form.ts';
import { formatBRL, formatDate } from '../../../lib/format.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import {
  CheckoutData,
  CheckoutPlan,
  type CheckoutValues,
  createCharge,
  listPlans,
} from '../api/subscription.ts';
import { PixStep } from './pix-step.tsx';

/** Doc 1 §8 constants: data, plan (also named Customize), review, then the Pix code. */
const STEPS: TKey[] = [
  'subscription.stepData',
  'subscription.stepPlan',
  'subscription.stepReview',
  'subscription.stepPix',
];
const DATA_FIELDS: (keyof CheckoutData)[] = [
  'firstName',
  'lastName',
  'address',
  'city',
  'state',
  'zipcode',
  'country',
];

interface Props {
  invoice: InvoiceView;
  onClose: () => void;
}

/** The checkout of one invoice: its payer's data, the plan, a review, then the Pix charge. */
export function CheckoutDialog({ invoice, onClose }: Props) {
  const t = useT();
  const company = useAtomValue(sessionAtom)?.user.company;
  const plans = useRequest(listPlans, []);
  const [step, setStep] = useState(0);
  const [charge, setCharge] = useState<PixChargeView | null>(null);
  const planOf = (id: string) => plans.data?.find((p) => p.id === id);
  // Each step checks its own fields; the review checks nothing more.
  const validate = useMemo(() => {
    const schema = step === 0 ? CheckoutData : step === 1 ? CheckoutPlan : null;
    return schema ? validateWith(schema, (k) => t(k as TKey)) : undefined;
  }, [step, t]);

  const onSubmit = async (values: CheckoutValues) => {
    if (step < 2) return setStep(step + 1);
    try {
      setCharge(await createCharge(invoice, values, planOf(values.planId)));
      toastSuccess(t('subscription.checkoutSuccess'));
      setStep(3);
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('subscription.checkoutTitle')}
      icon="bank-account"
      className="checkout-dialog"
    >
      <ol className="checkout-steps" data-testid="checkout-steps">
        {STEPS.map((label, i) => (
          <li key={label} className={i === step ? 'active' : i < step ? 'done' : undefined}>
            {t(label)}
          </li>
        ))}
      </ol>
      {step === 3 && charge ? (
        <DialogBody>
          <PixStep charge={charge} onDone={onClose} />
        </DialogBody>
      ) : (
        <Form<CheckoutValues>
          onSubmit={onSubmit}
          initialValues={{ planId: company?.planId ?? '' }}
          validate={validate}
        >
          {({ handleSubmit, submitting, values }) => (
            <form onSubmit={handleSubmit} noValidate>
              <DialogBody>
                {step === 0 && <DataStep />}
                {step === 1 && <PlanStep plans={plans.data ?? []} plan={planOf(values.planId)} />}
                {step === 2 && <ReviewStep values={values} plan={planOf(values.planId)} invoice={invoice} />}
              </DialogBody>
              <DialogFooter
                actions={
                  <>
                    {step > 0 && (
                      <Button
                        text={t('subscription.back')}
                        onClick={() => setStep(step - 1)}
                        data-testid="checkout-back"
                      />
                    )}
                    <Button
                      type="submit"
                      intent="primary"
                      text={t(step === 2 ? 'subscription.pay' : 'subscription.next')}
                      loading={submitting}
                      data-testid="checkout-next"
                    />
                  </>
                }
              />
            </form>
          )}
        </Form>
      )}
    </Dialog>
  );
}

function DataStep() {
  const t = useT();
  return (
    <div className="checkout-grid">
      {DATA_FIELDS.map((name, i) => (
        <TextField
          key={name}
          name={name}
          label={t(`subscription.${name}` as TKey)}
          testId={`checkout-${name}`}
          autoFocus={i === 0}
        />
      ))}
    </div>
  );
}

function PlanStep({ plans, plan }: { plans: PlanView[]; plan: PlanView | undefined }) {
  const t = useT();
  return (
    <>
      <Field<string> name="planId">
        {({ input, meta }) => (
          <FormGroup
            label={t('subscription.plan')}
            labelFor="checkout-plan"
            helperText={visibleError(meta)}
            intent={visibleError(meta) ? 'danger' : 'none'}
          >
            <HTMLSelect
              id="checkout-plan"
              fill
              value={input.value ?? ''}
              onChange={input.onChange}
              data-testid="checkout-plan"
            >
              <option value="">{t('subscription.selectPlan')}</option>
              {plans.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        )}
      </Field>
      {plan && (
        <dl className="checkout-summary" data-testid="checkout-plan-summary">
          <dt>{t('subscription.users')}</dt>
          <dd>{plan.users}</dd>
          <dt>{t('subscription.connections')}</dt>
          <dd>{plan.connections}</dd>
          <dt>{t('subscription.price')}</dt>
          <dd>{formatBRL(plan.value)}</dd>
        </dl>
      )}
      <p className="checkout-note">{t('subscription.planNote')}</p>
    </>
  );
}

function ReviewStep({
  values,
  plan,
  invoice,
}: {
  values: CheckoutValues;
  plan: PlanView | undefined;
  invoice: InvoiceView;
}) {
  const t = useT();
  return (
    <dl className="checkout-summary" data-testid="checkout-review">
      <dt>{t('subscription.payer')}</dt>
      <dd>
        {values.firstName} {values.lastName}
      </dd>
      <dt>{t('subscription.address')}</dt>
      <dd>
        {values.address}, {values.city} - {values.state}, {values.zipcode}, {values.country}
      </dd>
      <dt>{t('subscription.plan')}</dt>
      <dd>{plan?.name ?? '—'}</dd>
      <dt>{t('subscription.invoice')}</dt>
      <dd>
        {invoice.detail} · {t('subscription.dueOn', { date: formatDate(invoice.dueDate) })}
      </dd>
      <dt>{t('subscription.total')}</dt>
      <dd data-testid="checkout-total">
        <strong>{formatBRL(invoice.value)}</strong>
      </dd>
    </dl>
  );
}
