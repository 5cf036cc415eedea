import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { useForm } from 'react-final-form';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useReferenceList } from '../../../lib/reference-lists.ts';
import { toastError, toastWarning } from '../../../lib/toaster.ts';
import { connectionToken } from '../api/messages-api.ts';

/** The token field of a test form, which the admin may fill in by picking one of the connections. */
export function ConnectionTokenField({ prefix }: { prefix: string }) {
  const t = useT();
  const form = useForm();
  const connections = useReferenceList('connections');
  const [picked, setPicked] = useState('');

  const pick = async (id: string) => {
    setPicked(id);
    if (!id) return;
    try {
      const token = await connectionToken(id);
      if (token) form.change('token', token);
      else toastWarning(t('messagesApi.tokenUnavailable'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <>
      <FormGroup label={t('messagesApi.connection')} labelFor={`${prefix}-connection`}>
        <HTMLSelect
          id={`${prefix}-connection`}
          fill
          value={picked}
          onChange={(e) => void pick(e.currentTarget.value)}
          data-testid={`${prefix}-connection`}
        >
          <option value="">{t('messagesApi.pickConnection')}</option>
          {(connections.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <TextField name="token" label={t('messagesApi.token')} testId={`${prefix}-token`} />
    </>
  );
}
