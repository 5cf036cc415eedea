import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { TextField } from '../../../components/ui/text-field.tsx';
import { type TKey, useT } from '../../../lib/i18n.ts';
import {
  createFlow,
  type FlowNameInput,
  type FlowSummary,
  renameFlow,
  FlowNameInput as Schema,
} from '../api/flows.ts';
import { flowError, flowSuccess } from '../lib/toasts.ts';
import { validateFlowForm } from '../lib/validate.ts';

interface Props {
  /** The flow to rename; null adds one. */
  flow: FlowSummary | null;
  onClose: (saved: boolean) => void;
}

/** Doc 2 §2.15, §5: the flow's name, 2 to 50 characters. */
export function FlowNameDialog({ flow, onClose }: Props) {
  const t = useT();
  const [busy, setBusy] = useState(false);

  const onSubmit = async ({ name }: FlowNameInput) => {
    setBusy(true);
    try {
      if (flow) await renameFlow(flow.id, name.trim());
      else await createFlow(name.trim());
      flowSuccess(t(flow ? 'flows.renamed' : 'flows.created'));
      onClose(true);
    } catch (err) {
      flowError(err);
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={() => onClose(false)}
      title={t(flow ? 'flows.renameTitle' : 'flows.addTitle')}
      className="flows-dialog"
    >
      <Form<FlowNameInput>
        onSubmit={onSubmit}
        initialValues={{ name: flow?.name ?? '' }}
        validate={validateFlowForm(Schema, (k) => t(k as TKey))}
      >
        {({ handleSubmit }) => (
          <form onSubmit={handleSubmit}>
            <DialogBody>
              <TextField name="name" label={t('flows.name')} testId="flow-name" autoFocus disabled={busy} />
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text={t('flows.cancel')} onClick={() => onClose(false)} disabled={busy} />
                  <Button
                    type="submit"
                    intent="primary"
                    text={t(flow ? 'flows.save' : 'flows.dialogAdd')}
                    loading={busy}
                    data-testid="flow-name-save"
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
