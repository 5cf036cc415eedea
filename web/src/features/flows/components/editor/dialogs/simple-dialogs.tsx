import { FormGroup, Slider } from '@blueprintjs/core';
import { useState } from 'react';
import * as v from 'valibot';
import { useT } from '../../../../../lib/i18n.ts';
import type { NodeDataByType } from '../../../lib/node-data.ts';
import {
  IntervalForm,
  intervalData,
  MessageForm,
  messageData,
  QuestionForm,
  questionData,
  RANDOMIZER_STEP,
  randomizerData,
} from '../../../lib/node-forms.ts';
import { InputField, NumberField, TextAreaField } from './fields.tsx';
import { type NodeDialogProps, NodeFormDialog } from './node-form-dialog.tsx';

/** The randomizer's only input is its slider: nothing for the form to check. */
const NoFields = v.object({});

/** A node type's name inside "Adicionar {{type}} ao fluxo". */
function useTitle(mode: 'create' | 'edit', typeKey: Parameters<ReturnType<typeof useT>>[0]) {
  const t = useT();
  const type = t(typeKey);
  return t(mode === 'create' ? 'flows.addNodeTitle' : 'flows.editNodeTitle', { type });
}

export function MessageDialog({ mode, data, onSave, onClose }: NodeDialogProps<NodeDataByType['message']>) {
  const t = useT();
  return (
    <NodeFormDialog<MessageForm>
      title={useTitle(mode, 'flows.nodeMessage')}
      mode={mode}
      schema={MessageForm}
      initialValues={{ text: data?.label ?? '' }}
      onSubmit={(f) => onSave(messageData(f))}
      onClose={onClose}
      testId="flow-message-dialog"
    >
      {() => <TextAreaField name="text" label={t('flows.message')} rows={5} testId="flow-message-text" />}
    </NodeFormDialog>
  );
}

/** Doc 2 §5: 1 to 120 seconds ('Adicione o valor de intervalo', 'Máximo de tempo atingido 120 segundos'). */
export function IntervalDialog({ mode, data, onSave, onClose }: NodeDialogProps<NodeDataByType['interval']>) {
  const t = useT();
  return (
    <NodeFormDialog<IntervalForm>
      title={useTitle(mode, 'flows.nodeInterval')}
      mode={mode}
      schema={IntervalForm}
      initialValues={{ sec: data ? String(data.sec) : '' }}
      onSubmit={(f) => onSave(intervalData(f))}
      onClose={onClose}
      testId="flow-interval-dialog"
    >
      {() => (
        <NumberField name="sec" label={t('flows.interval')} min={1} max={120} testId="flow-interval-sec" />
      )}
    </NodeFormDialog>
  );
}

/** Doc 2 §2.16: 'Adicionar Perguta ao fluxo' / 'Editar Perguta do fluxo'; message (7 rows) and 'Salvar resposta'. */
export function QuestionDialog({ mode, data, onSave, onClose }: NodeDialogProps<NodeDataByType['question']>) {
  const t = useT();
  const q = data?.typebotIntegration;
  return (
    <NodeFormDialog<QuestionForm>
      title={t(mode === 'create' ? 'flows.questionAdd' : 'flows.questionEdit')}
      mode={mode}
      schema={QuestionForm}
      initialValues={{ message: q?.message ?? '', answerKey: q?.answerKey ?? '' }}
      onSubmit={(f) => onSave(questionData(f))}
      onClose={onClose}
      testId="flow-question-dialog"
    >
      {() => (
        <>
          <TextAreaField
            name="message"
            label={t('flows.questionMessage')}
            rows={7}
            testId="flow-question-message"
          />
          <InputField name="answerKey" label={t('flows.answerKey')} testId="flow-question-answer-key" />
        </>
      )}
    </NodeFormDialog>
  );
}

/** Doc 2 §5: a slider from 0 to 100 in steps of 10; path A takes `percent`, B the rest. */
export function RandomizerDialog({
  mode,
  data,
  onSave,
  onClose,
}: NodeDialogProps<NodeDataByType['randomizer']>) {
  const t = useT();
  const [percent, setPercent] = useState(data?.percent ?? 50);
  return (
    <NodeFormDialog<Record<string, never>>
      title={useTitle(mode, 'flows.nodeRandomizer')}
      mode={mode}
      schema={NoFields}
      initialValues={{}}
      onSubmit={() => onSave(randomizerData(percent))}
      onClose={onClose}
      testId="flow-randomizer-dialog"
    >
      {() => (
        <FormGroup label={t('flows.percent', { percent })}>
          <div className="flows-slider" data-testid="flow-randomizer-slider">
            <Slider
              min={0}
              max={100}
              stepSize={RANDOMIZER_STEP}
              labelStepSize={RANDOMIZER_STEP * 2}
              value={percent}
              onChange={setPercent}
            />
          </div>
        </FormGroup>
      )}
    </NodeFormDialog>
  );
}
