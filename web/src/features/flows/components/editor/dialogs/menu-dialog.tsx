import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import type { FormApi } from 'final-form';
import { Field, useField } from 'react-final-form';
import { visibleError } from '../../../../../lib/form.ts';
import { useT } from '../../../../../lib/i18n.ts';
import type { NodeDataByType } from '../../../lib/node-data.ts';
import { MenuForm, menuData } from '../../../lib/node-forms.ts';
import { TextAreaField } from './fields.tsx';
import { type NodeDialogProps, NodeFormDialog } from './node-form-dialog.tsx';

/** Doc 2 §3 menu: a message and numbered options; each option gets its own exit on the canvas. */
export function MenuDialog({ mode, data, onSave, onClose }: NodeDialogProps<NodeDataByType['menu']>) {
  const t = useT();
  const initial: MenuForm = {
    message: data?.message ?? '',
    options: [...(data?.arrayOption ?? [])]
      .sort((a, b) => a.number - b.number)
      .map((o) => ({ value: o.value })),
  };
  return (
    <NodeFormDialog<MenuForm>
      title={t(mode === 'create' ? 'flows.addNodeTitle' : 'flows.editNodeTitle', {
        type: t('flows.nodeMenu'),
      })}
      mode={mode}
      schema={MenuForm}
      initialValues={initial}
      onSubmit={(f) => onSave(menuData(f))}
      onClose={onClose}
      testId="flow-menu-dialog"
      wide
    >
      {(form) => (
        <>
          <TextAreaField name="message" label={t('flows.menuMessage')} rows={4} testId="flow-menu-message" />
          <OptionList add={() => addOption(form)} remove={(i) => removeOption(form, i)} />
        </>
      )}
    </NodeFormDialog>
  );
}

type Form = FormApi<MenuForm>;

function addOption(form: Form) {
  const options = form.getState().values.options ?? [];
  form.change('options', [...options, { value: '' }]);
}
function removeOption(form: Form, index: number) {
  const options = form.getState().values.options ?? [];
  form.change(
    'options',
    options.filter((_, i) => i !== index),
  );
}

function OptionList({ add, remove }: { add: () => void; remove: (i: number) => void }) {
  const t = useT();
  const { input, meta } = useField<MenuForm['options']>('options', {
    subscription: { value: true, error: true, submitFailed: true },
  });
  const options = input.value || [];
  const listError = typeof meta.error === 'string' && meta.submitFailed ? meta.error : undefined;
  return (
    <FormGroup label={t('flows.menuOptions')} helperText={listError} intent={listError ? 'danger' : 'none'}>
      {options.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are numbered by their place
        <Field<string> key={i} name={`options[${i}].value`} parse={(x) => x}>
          {({ input: field, meta: m }) => {
            const error = visibleError(m);
            return (
              <div className="flows-menu-option" data-testid="flow-menu-option">
                <span className="flows-menu-number">{i + 1}</span>
                <InputGroup
                  {...field}
                  value={field.value ?? ''}
                  placeholder={t('flows.menuOption', { number: i + 1 })}
                  intent={error ? 'danger' : 'none'}
                  data-testid="flow-menu-option-value"
                />
                <Button
                  variant="minimal"
                  icon="cross"
                  aria-label={t('flows.menuRemoveOption')}
                  onClick={() => remove(i)}
                />
                {error && <div className="flows-field-error">{error}</div>}
              </div>
            );
          }}
        </Field>
      ))}
      <Button icon="add" text={t('flows.menuAddOption')} onClick={add} data-testid="flow-menu-add-option" />
    </FormGroup>
  );
}
