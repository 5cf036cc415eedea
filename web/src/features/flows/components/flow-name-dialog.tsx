import { FormDialog } from '../../../components/form-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { type TKey, useT } from '../../../lib/i18n.ts';
import {
  createFlow,
  type FlowNameInput,
  type FlowSummary,
  renameFlow,
  FlowNameInput as Schema,
} from '../api/flows.ts';
import { flowError } from '../lib/toasts.ts';
import { validateFlowForm } from '../lib/validate.ts';

interface Props {
  /** The flow to rename; null adds one. */
  flow: FlowSummary | null;
  onClose: (saved: boolean) => void;
}

/** Doc 2 §2.15, §5: the flow's name, 2 to 50 characters. */
export function FlowNameDialog({ flow, onClose }: Props) {
  const t = useT();
  return (
    <FormDialog<FlowNameInput>
      title={t(flow ? 'flows.renameTitle' : 'flows.addTitle')}
      className="flows-dialog"
      onClose={() => onClose(false)}
      initialValues={{ name: flow?.name ?? '' }}
      validate={validateFlowForm(Schema, (k) => t(k as TKey))}
      onSubmit={({ name }) => (flow ? renameFlow(flow.id, name.trim()) : createFlow(name.trim()))}
      savedText={t(flow ? 'flows.renamed' : 'flows.created')}
      onSaved={() => onClose(true)}
      onError={flowError}
      cancelText={t('flows.cancel')}
      saveText={t(flow ? 'flows.save' : 'flows.dialogAdd')}
      saveTestId="flow-name-save"
    >
      {({ submitting }) => (
        <TextField name="name" label={t('flows.name')} testId="flow-name" autoFocus disabled={submitting} />
      )}
    </FormDialog>
  );
}
