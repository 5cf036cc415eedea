import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { FormApi } from 'final-form';
import { type ReactNode, useState } from 'react';
import { Form } from 'react-final-form';
import type * as v from 'valibot';
import { type TKey, useT } from '../../../../../lib/i18n.ts';
import { afterSubmitDelay, validateFlowForm } from '../../../lib/validate.ts';

export type DialogMode = 'create' | 'edit';

/** What every node dialog receives: its mode, the node's data in edit mode, and where the result goes. */
export interface NodeDialogProps<D> {
  mode: DialogMode;
  data?: D;
  onSave: (data: D) => void;
  onClose: () => void;
}

interface Props<V extends object> {
  title: string;
  mode: DialogMode;
  initialValues: V;
  schema: v.GenericSchema;
  /** Called 400 ms after a valid submit (doc 2 §4); may throw to keep the dialog open. */
  onSubmit: (values: V) => void | Promise<void>;
  onClose: () => void;
  testId: string;
  /** Extra checks the schema cannot express (answers an error text to show, or null). */
  check?: (values: V) => string | null;
  children: (form: FormApi<V>) => ReactNode;
  wide?: boolean;
}

/** The frame of the node dialogs: a form, Cancel and Adicionar/Editar, the 400 ms submit delay. */
export function NodeFormDialog<V extends object>(props: Props<V>) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (values: V) => {
    const found = props.check?.(values) ?? null;
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      await afterSubmitDelay();
      await props.onSubmit(values);
    } catch {
      // The dialog stays open; whoever threw has said why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={busy ? undefined : props.onClose}
      title={props.title}
      className={props.wide ? 'flows-dialog flows-dialog-wide' : 'flows-dialog'}
      canOutsideClickClose={!busy}
    >
      <Form<V>
        onSubmit={submit}
        initialValues={props.initialValues}
        validate={validateFlowForm(props.schema, (k) => t(k as TKey))}
      >
        {({ handleSubmit, form }) => (
          <form onSubmit={handleSubmit} data-testid={props.testId}>
            <DialogBody>
              {props.children(form)}
              {problem && (
                <div className="flows-dialog-problem" role="alert" data-testid="flow-dialog-problem">
                  {problem}
                </div>
              )}
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text={t('flows.cancel')} onClick={props.onClose} disabled={busy} />
                  <Button
                    type="submit"
                    intent="primary"
                    text={t(props.mode === 'create' ? 'flows.dialogAdd' : 'flows.dialogEdit')}
                    loading={busy}
                    data-testid="flow-dialog-submit"
                  />
                </>
              }
            />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
