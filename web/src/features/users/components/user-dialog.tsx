import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { UserView } from '@zelo/contracts/users/read-models';
import { Field } from 'react-final-form';
import { ChoiceField, ChoicesField } from '../../../components/choice-fields.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { validateWith } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { useRequest } from '../../../lib/use-request.ts';
import {
  EditUserInput,
  getUser,
  NewUserInput,
  newUserDefaults,
  saveUser,
  type UserInput,
  useAssignables,
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
  const options = useAssignables(isAdmin);
  const initial: UserInput | null = userId
    ? existing.data
      ? { ...newUserDefaults, ...existing.data, password: '' }
      : null
    : newUserDefaults;

  // People setting a new password of their own prove they know the current one; an admin editing
  // someone else is not asked.
  const me = useAtomValue(sessionAtom)?.user.id;
  const isSelf = userId !== null && userId === me;
  const schemaErrors = validateWith(userId ? EditUserInput : NewUserInput, (k) => t(k as TKey));
  const validate = (values: UserInput) => {
    const errors = schemaErrors(values) ?? {};
    if (isSelf && values.password && !values.currentPassword) {
      return { ...errors, currentPassword: errors.currentPassword ?? t('validation.required') };
    }
    return errors;
  };

  return (
    <FormDialog<UserInput, UserView>
      title={t(userId ? 'users.editTitle' : 'users.newTitle')}
      icon="user"
      onClose={onClose}
      initialValues={initial}
      validate={validate}
      onSubmit={(values) => saveUser(userId, values)}
      savedText={t('users.saved')}
      onSaved={(saved) => {
        onSaved?.(saved);
        onClose();
      }}
      // A wrong current password is shown on its field, not in a toast.
      errorFields={{ ERR_WRONG_PASSWORD: 'currentPassword' }}
      cancelText={t('users.cancel')}
      saveText={t('users.save')}
      saveTestId="user-save"
      formTestId="user-dialog"
      noValidate
    >
      {({ values }) => (
        <>
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
              <ChoiceField
                name="whatsappId"
                label={t('users.connection')}
                choices={options.data?.connections}
                noneLabel={t('users.noConnection')}
                testId="user-connection"
              />
              <ChoicesField
                name="queueIds"
                label={t('users.queues')}
                choices={options.data?.queues}
                testId="user-queues"
              />
            </>
          )}
        </>
      )}
    </FormDialog>
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
