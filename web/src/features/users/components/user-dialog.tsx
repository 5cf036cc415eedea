import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { UserView } from '@zelo/contracts/users/read-models';
import { Field, Form } from 'react-final-form';
import { MultiSelect } from '../../../components/ui/multi-select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { validateWith } from '../../../lib/form.ts';
import { type TKey, translateError, useT } from '../../../lib/i18n.ts';
import { languageAtom, sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import {
  EditUserInput,
  getUser,
  listAssignables,
  NewUserInput,
  newUserDefaults,
  saveUser,
  type UserInput,
} from '../api/users.ts';

interface Props {
  /** null creates a user. */
  userId: string | null;
  /** Doc 1 §6: only admins see and edit profile, queues, connection and allTicket. */
  isAdmin: boolean;
  onClose: () => void;
  onSaved?: (user: UserView) => void;
}

/** The create/edit dialog of the users screen; also the profile dialog for one's own record. */
export function UserDialog({ userId, isAdmin, onClose, onSaved }: Props) {
  const t = useT();
  const existing = useRequest((s) => (userId ? getUser(userId, s) : Promise.resolve(null)), [userId]);
  const options = useRequest((s) => (isAdmin ? listAssignables(s) : Promise.resolve(null)), [isAdmin]);
  const initial: UserInput | null = userId
    ? existing.data
      ? { ...newUserDefaults, ...existing.data, password: '' }
      : null
    : newUserDefaults;

  // People setting a new password of their own prove they know the current one; an admin editing
  // someone else is not asked.
  const me = useAtomValue(sessionAtom)?.user.id;
  const isSelf = userId !== null && userId === me;
  const language = useAtomValue(languageAtom);
  const schemaErrors = validateWith(userId ? EditUserInput : NewUserInput, (k) => t(k as TKey));
  const validate = (values: UserInput) => {
    const errors = schemaErrors(values) ?? {};
    if (isSelf && values.password && !values.currentPassword) {
      return { ...errors, currentPassword: errors.currentPassword ?? t('validation.required') };
    }
    return errors;
  };

  const onSubmit = async (values: UserInput) => {
    try {
      const saved = await saveUser(userId, values);
      toastSuccess(t('users.saved'));
      onSaved?.(saved);
      onClose();
    } catch (err) {
      // A wrong current password is shown on its field, not in a toast.
      if (err instanceof ApiError && err.code === 'ERR_WRONG_PASSWORD') {
        return { currentPassword: translateError(language, err.code) };
      }
      toastError(err);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t(userId ? 'users.editTitle' : 'users.newTitle')} icon="user">
      {initial && (
        <Form<UserInput> onSubmit={onSubmit} initialValues={initial} validate={validate}>
          {({ handleSubmit, submitting, values }) => (
            <form onSubmit={handleSubmit} noValidate data-testid="user-dialog">
              <DialogBody>
                <TextField name="name" label={t('users.name')} testId="user-name" autoFocus />
                <TextField name="email" label={t('users.email')} testId="user-email" />
                <TextField
                  name="password"
                  type="password"
                  label={t(userId ? 'users.passwordOptional' : 'users.password')}
                  testId="user-password"
                />
                {isSelf && values.password && (
                  <TextField
                    name="currentPassword"
                    type="password"
                    label={t('users.currentPassword')}
                    testId="user-current-password"
                    autoComplete="current-password"
                  />
                )}
                {isAdmin && options.data && (
                  <>
                    <SelectField name="profile" label={t('users.profile')} testId="user-profile">
                      <option value="user">{t('users.profileUser')}</option>
                      <option value="admin">{t('users.profileAdmin')}</option>
                    </SelectField>
                    <SelectField name="allTicket" label={t('users.allTicket')} testId="user-all-ticket">
                      <option value="desabled">{t('users.disabled')}</option>
                      <option value="enabled">{t('users.enabled')}</option>
                    </SelectField>
                    <Field<string | null> name="whatsappId">
                      {({ input }) => (
                        <FormGroup label={t('users.connection')}>
                          <HTMLSelect
                            fill
                            value={input.value ?? ''}
                            onChange={(e) => input.onChange(e.target.value || null)}
                            data-testid="user-connection"
                          >
                            <option value="">{t('users.noConnection')}</option>
                            {options.data?.connections.map((c) => (
                              <option key={c.id} value={c.id}>
                                {c.name}
                              </option>
                            ))}
                          </HTMLSelect>
                        </FormGroup>
                      )}
                    </Field>
                    <Field<string[]> name="queueIds">
                      {({ input }) => (
                        <FormGroup label={t('users.queues')}>
                          <MultiSelect
                            label={t('users.queues')}
                            options={options.data?.queues ?? []}
                            selected={input.value || []}
                            onChange={input.onChange}
                            testId="user-queues"
                          />
                        </FormGroup>
                      )}
                    </Field>
                  </>
                )}
              </DialogBody>
              <DialogFooter
                actions={
                  <>
                    <Button text={t('users.cancel')} onClick={onClose} />
                    <Button
                      type="submit"
                      intent="primary"
                      text={t('users.save')}
                      loading={submitting}
                      data-testid="user-save"
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

function SelectField({
  name,
  label,
  testId,
  children,
}: {
  name: string;
  label: string;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <Field<string> name={name}>
      {({ input }) => (
        <FormGroup label={label}>
          <HTMLSelect fill value={input.value} onChange={input.onChange} data-testid={testId}>
            {children}
          </HTMLSelect>
        </FormGroup>
      )}
    </Field>
  );
}
