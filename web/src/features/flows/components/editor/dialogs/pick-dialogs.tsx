import { Spinner } from '@blueprintjs/core';
import { useT } from '../../../../../lib/i18n.ts';
import { useReferenceList } from '../../../../../lib/reference-lists.ts';
import { useRequest } from '../../../../../lib/use-request.ts';
import { listTypebotIntegrations } from '../../../api/flows.ts';
import type { NodeDataByType } from '../../../lib/node-data.ts';
import { TicketForm, TypebotForm } from '../../../lib/node-forms.ts';
import { flowError } from '../../../lib/toasts.ts';
import { SelectField } from './fields.tsx';
import { type NodeDialogProps, NodeFormDialog } from './node-form-dialog.tsx';

/** Doc 2 §2.16 queue select: the ticket moves to the chosen queue ('Adicione uma fila'). */
export function TicketDialog({ mode, data, onSave, onClose }: NodeDialogProps<NodeDataByType['ticket']>) {
  const t = useT();
  const queues = useReferenceList('queues');
  return (
    <NodeFormDialog<TicketForm>
      title={t(mode === 'create' ? 'flows.addNodeTitle' : 'flows.editNodeTitle', {
        type: t('flows.nodeTicket'),
      })}
      mode={mode}
      schema={TicketForm}
      initialValues={{ queueId: data?.queue?.id == null ? '' : String(data.queue.id) }}
      onSubmit={(f) => {
        const queue = queues.data?.find((q) => String(q.id) === f.queueId);
        if (!queue) throw new Error('queue gone');
        onSave({ queue: { id: queue.id, name: queue.name, ...(queue.color ? { color: queue.color } : {}) } });
      }}
      onClose={onClose}
      testId="flow-ticket-dialog"
    >
      {() =>
        queues.loading ? (
          <Spinner size={20} />
        ) : (
          <SelectField
            name="queueId"
            label={t('flows.queue')}
            placeholder={t('flows.chooseQueue')}
            options={(queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }))}
            testId="flow-ticket-queue"
          />
        )
      }
    </NodeFormDialog>
  );
}

/** A typebot node hands the conversation to one of the company's Typebot integrations. */
export function TypebotDialog({ mode, data, onSave, onClose }: NodeDialogProps<NodeDataByType['typebot']>) {
  const t = useT();
  const integrations = useRequest(
    (signal) =>
      listTypebotIntegrations(signal).catch((err) => {
        flowError(err);
        return [];
      }),
    [],
  );
  const current = data?.typebotIntegration?.id;
  return (
    <NodeFormDialog<TypebotForm>
      title={t(mode === 'create' ? 'flows.addNodeTitle' : 'flows.editNodeTitle', {
        type: t('flows.nodeTypebot'),
      })}
      mode={mode}
      schema={TypebotForm}
      initialValues={{ integrationId: current == null ? '' : String(current) }}
      onSubmit={(f) => {
        const found = integrations.data?.find((i) => String(i.id) === f.integrationId);
        if (!found) throw new Error('integration gone');
        onSave({ typebotIntegration: { ...found } });
      }}
      onClose={onClose}
      testId="flow-typebot-dialog"
    >
      {() =>
        integrations.loading ? (
          <Spinner size={20} />
        ) : (
          <>
            <SelectField
              name="integrationId"
              label={t('flows.typebot')}
              placeholder={t('flows.chooseTypebot')}
              options={(integrations.data ?? []).map((i) => ({ value: String(i.id), label: i.name }))}
              testId="flow-typebot-integration"
            />
            {integrations.data?.length === 0 && <p className="flows-muted">{t('flows.noTypebot')}</p>}
          </>
        )
      }
    </NodeFormDialog>
  );
}
