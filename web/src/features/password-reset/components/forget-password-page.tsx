import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { AuthForm } from '../../../components/auth-form.tsx';
import { AuthLayout } from '../../../components/ui/auth-layout.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { validateWith } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { showToast, toastError, toastSuccess } from '../../../lib/toaster.ts';
import { RequestCodeInput, useRequestCode } from '../api/request-code.ts';
import { ResetPasswordInput, useResetPassword } from '../api/reset-password.ts';

/**
 * /forgetpsw (doc 2 §2.21): step 1 e-mails a code to the address; step 2 takes the code, the new
 * password and its confirmation, then goes to the login. The e-mail's link carries `?email=`, which
 * opens step 2 for that address; `?companyId=` is passed on to the sign-up link.
 */
export function ForgetPasswordPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const companyId = query.get('companyId');
  const [email, setEmail] = useState<string | null>(query.get('email'));
  const requestCode = useRequestCode();
  const resetPassword = useResetPassword();

  const onRequest = async (values: RequestCodeInput) => {
    try {
      await requestCode(values);
      toastSuccess(t('passwordReset.emailSent'));
      setEmail(values.email.trim().toLowerCase());
    } catch (err) {
      if (err instanceof ApiError && err.status === 404)
        showToast(t('passwordReset.emailNotFound'), 'danger');
      else toastError(err);
    }
  };

  const onReset = async (values: ResetPasswordInput) => {
    if (!email) return;
    try {
      await resetPassword(email, values);
      toastSuccess(t('passwordReset.passwordUpdated'));
      navigate('/login');
    } catch (err) {
      toastError(err);
    }
  };

  const signupHref = companyId ? `/signup?companyId=${encodeURIComponent(companyId)}` : '/signup';
  const translate = (k: string) => t(k as TKey);

  return (
    <AuthLayout
      title={t('passwordReset.title')}
      subtitle={email ? t('passwordReset.codeSubtitle') : t('passwordReset.emailSubtitle')}
      footer={
        <span>
          <Link href="/login" data-testid="reset-login-link">
            {t('passwordReset.backToLogin')}
          </Link>
          {' · '}
          <Link href={signupHref} data-testid="reset-signup-link">
            {t('passwordReset.signup')}
          </Link>
        </span>
      }
    >
      {email === null ? (
        <AuthForm<RequestCodeInput>
          onSubmit={onRequest}
          validate={validateWith(RequestCodeInput, translate)}
          submitText={t('passwordReset.sendCode')}
          submitTestId="reset-send-code"
        >
          <TextField
            name="email"
            type="email"
            label={t('passwordReset.email')}
            leftIcon="envelope"
            autoComplete="email"
            autoFocus
            testId="reset-email"
          />
        </AuthForm>
      ) : (
        <AuthForm<ResetPasswordInput>
          onSubmit={onReset}
          validate={validateWith(ResetPasswordInput, translate)}
          submitText={t('passwordReset.submit')}
          submitTestId="reset-submit"
          after={
            <Button
              variant="minimal"
              fill
              className="auth-secondary"
              text={t('passwordReset.otherEmail')}
              onClick={() => setEmail(null)}
              data-testid="reset-other-email"
            />
          }
        >
          <Callout intent="primary" icon="envelope" className="auth-callout" data-testid="reset-sent-to">
            {t('passwordReset.sentTo', { email })}
          </Callout>
          <TextField
            name="code"
            label={t('passwordReset.code')}
            leftIcon="key"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            autoFocus
            testId="reset-code"
          />
          <TextField
            name="password"
            type="password"
            label={t('passwordReset.newPassword')}
            leftIcon="lock"
            autoComplete="new-password"
            testId="reset-password"
          />
          <TextField
            name="confirmation"
            type="password"
            label={t('passwordReset.confirmation')}
            leftIcon="lock"
            autoComplete="new-password"
            testId="reset-confirmation"
          />
        </AuthForm>
      )}
    </AuthLayout>
  );
}
