import { Button, FormGroup, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { Field } from 'react-final-form';
import { useT } from '../../../lib/i18n.ts';
import { addVariable, type Variable } from '../lib/settings-form.ts';

/**
 * The company's campaign variables (doc 2 §2.9): key and value, used as `{key}` in the messages. A key
 * already in the list is ignored (doc 2 §5), and the page says so.
 */
export function VariablesField() {
  const t = useT();
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [hint, setHint] = useState<'duplicate' | 'invalid' | null>(null);
  return (
    <Field<Variable[]> name="variables">
      {({ input }) => {
        const list = input.value || [];
        const add = () => {
          const { variables, outcome } = addVariable(list, key, value);
          if (outcome === 'added') {
            input.onChange(variables);
            setKey('');
            setValue('');
            setHint(null);
          } else setHint(outcome);
        };
        return (
          <FormGroup
            label={t('campaignSettings.variables')}
            helperText={
              hint === 'duplicate'
                ? t('campaignSettings.duplicateKey', { key: key.trim() })
                : hint === 'invalid'
                  ? t('campaignSettings.invalidKey')
                  : t('campaignSettings.variablesHelp')
            }
            intent={hint ? 'warning' : 'none'}
          >
            <div
              className="campaign-variable-add"
              data-testid="settings-variable-hint"
              data-hint={hint ?? ''}
            >
              <InputGroup
                placeholder={t('campaignSettings.key')}
                value={key}
                onChange={(e) => {
                  setKey(e.currentTarget.value);
                  setHint(null);
                }}
                data-testid="settings-variable-key"
              />
              <InputGroup
                placeholder={t('campaignSettings.value')}
                value={value}
                onChange={(e) => setValue(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    add();
                  }
                }}
                data-testid="settings-variable-value"
              />
              <Button
                icon="add"
                text={t('campaignSettings.addVariable')}
                onClick={add}
                data-testid="settings-variable-add"
              />
            </div>
            {list.length > 0 && (
              <HTMLTable compact striped className="campaign-variables">
                <tbody>
                  {list.map((x) => (
                    <tr key={x.key} data-testid="settings-variable">
                      <td>
                        <code>{`{${x.key}}`}</code>
                      </td>
                      <td>{x.value}</td>
                      <td className="campaigns-actions">
                        <Button
                          variant="minimal"
                          icon="trash"
                          intent="danger"
                          aria-label={t('campaignSettings.removeVariable')}
                          title={t('campaignSettings.removeVariable')}
                          onClick={() => input.onChange(list.filter((y) => y.key !== x.key))}
                          data-testid="settings-variable-remove"
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
          </FormGroup>
        );
      }}
    </Field>
  );
}
