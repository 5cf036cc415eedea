import { Link, useLocation } from 'wouter';
import { AuthForm } from '../../../components/auth-form.tsx';
import { AuthLayout } from '../../../components/ui/auth-layout.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { validateWith } from '../../../lib/form.ts';
import { formatDate } from '../../../lib/format.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { showToast, toastError, toastWarning } from '../../../lib/toaster.ts';
import { LoginInput, useLogin } from '../api/login.ts';
import { dueSoonWarning } from '../lib/subscription.ts';

export function LoginPage() {
  const t = useT();
  const doLogin = useLogin();
  const [, navigate] = useLocation();

  const onSubmit = async (values: LoginInput) => {
    try {
      const session = await doLogin(values);
      const warning = dueSoonWarning(session.user.company?.dueDate);
      if (warning) toastWarning(t(warning.key, warning.params));
      navigate('/tickets', { replace: true });
    } catch (err) {
      if (
        err instanceof ApiError &&
        err.code === 'ERR_SUBSCRIPTION_EXPIRED' &&
        typeof err.body.dueDate === 'string'
      ) {
        showToast(t('login.expired', { date: formatDate(err.body.dueDate) }), 'danger');
      } else toastError(err);
    }
  };

  return (
    <AuthLayout
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <span>
          {t('login.noAccount')} <Link href="/signup">{t('login.signup')}</Link>
        </span>
      }
    >
      <AuthForm<LoginInput>
        onSubmit={onSubmit}
        validate={validateWith(LoginInput, (k) => t(k as TKey))}
        submitText={t('login.submit')}
        submitTestId="login-submit"
      >
        <TextField
          name="email"
          type="email"
          label={t('login.email')}
          leftIcon="envelope"
          autoComplete="email"
          autoFocus
          testId="login-email"
        />
        <TextField
          name="password"
          type="password"
          label={t('login.password')}
          leftIcon="lock"
          autoComplete="current-password"
          testId="login-password"
        />
        <div className="auth-forgot">
          <Link href="/forgetpsw" data-testid="login-forgot-password">
            {t('passwordReset.forgotLink')}
          </Link>
        </div>
      </AuthForm>
    </AuthLayout>
  );
}
