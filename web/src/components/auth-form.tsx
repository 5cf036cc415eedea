import { Button } from '@blueprintjs/core';
import type { ValidationErrors } from 'final-form';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';

/*
 * The form of a signed-out page (log in, sign up, reset a password), inside an AuthLayout: the fields,
 * then one large submit button that shows the request in flight. The schema checks the fields, not
 * the browser (noValidate).
 */

interface Props<V> {
  onSubmit: (values: V) => Promise<void>;
  validate: (values: V) => ValidationErrors;
  submitText: string;
  submitTestId: string;
  /** Fields and links above the submit button. */
  children: ReactNode;
  /** Under the submit button: a second, minor way on. */
  after?: ReactNode;
}

export function AuthForm<V extends object>({
  onSubmit,
  validate,
  submitText,
  submitTestId,
  children,
  after,
}: Props<V>) {
  return (
    <Form<V> onSubmit={onSubmit} validate={validate}>
      {({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate>
          {children}
          <Button
            type="submit"
            intent="primary"
            size="large"
            fill
            loading={submitting}
            text={submitText}
            data-testid={submitTestId}
          />
          {after}
        </form>
      )}
    </Form>
  );
}
