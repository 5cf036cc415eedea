import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useT } from '../../../../../lib/i18n.ts';
import { useReferenceList } from '../../../../../lib/reference-lists.ts';
import type { NodeDataByType } from '../../../lib/node-data.ts';
import { OpenAiForm, openAiData, openAiForm, VOICES } from '../../../lib/node-forms.ts';
import { InputField, NumberField, SelectField, TextAreaField } from './fields.tsx';
import { type NodeDialogProps, NodeFormDialog } from './node-form-dialog.tsx';

/** 'pt-BR-FranciscaNeural' shows as Francisca. */
const voiceName = (voice: string) => voice.replace(/^pt-BR-/, '').replace(/Neural$/, '');

/**
 * Doc 2 §2.16, §3: 'Adicionar OpenAI ao fluxo' / 'Editar OpenAI do fluxo'; the settings are stored
 * under `typebotIntegration`; the API key is masked with a show/hide toggle.
 */
export function OpenAiDialog({ mode, data, onSave, onClose }: NodeDialogProps<NodeDataByType['openai']>) {
  const t = useT();
  const [showKey, setShowKey] = useState(false);
  const queues = useReferenceList('queues');
  const previous = data?.typebotIntegration;
  return (
    <NodeFormDialog<OpenAiForm>
      title={t(mode === 'create' ? 'flows.openaiAdd' : 'flows.openaiEdit')}
      mode={mode}
      schema={OpenAiForm}
      initialValues={openAiForm(previous)}
      onSubmit={(f) => onSave(openAiData(f, mode, previous))}
      onClose={onClose}
      testId="flow-openai-dialog"
      wide
    >
      {() => (
        <div className="flows-form-grid">
          <InputField name="name" label={t('flows.openaiName')} testId="flow-openai-name" />
          <InputField
            name="apiKey"
            label={t('flows.openaiApiKey')}
            type={showKey ? 'text' : 'password'}
            testId="flow-openai-api-key"
            rightElement={
              <Button
                variant="minimal"
                icon={showKey ? 'eye-off' : 'eye-open'}
                aria-label={t(showKey ? 'flows.openaiHideKey' : 'flows.openaiShowKey')}
                onClick={() => setShowKey((s) => !s)}
                data-testid="flow-openai-toggle-key"
              />
            }
          />
          <div className="flows-form-wide">
            <TextAreaField
              name="prompt"
              label={t('flows.openaiPrompt')}
              rows={6}
              testId="flow-openai-prompt"
            />
          </div>
          <SelectField
            name="voice"
            label={t('flows.openaiVoice')}
            options={VOICES.map((v) => ({
              value: v,
              label: v === 'texto' ? t('flows.openaiVoiceText') : voiceName(v),
            }))}
            testId="flow-openai-voice"
          />
          <SelectField
            name="queueId"
            label={t('flows.queue')}
            placeholder={t('flows.noQueue')}
            options={(queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }))}
            testId="flow-openai-queue"
          />
          <InputField name="voiceKey" label={t('flows.openaiVoiceKey')} testId="flow-openai-voice-key" />
          <InputField
            name="voiceRegion"
            label={t('flows.openaiVoiceRegion')}
            testId="flow-openai-voice-region"
          />
          <NumberField name="maxTokens" label={t('flows.openaiMaxTokens')} testId="flow-openai-max-tokens" />
          <NumberField
            name="temperature"
            label={t('flows.openaiTemperature')}
            step={0.1}
            testId="flow-openai-temperature"
          />
          <NumberField
            name="maxMessages"
            label={t('flows.openaiMaxMessages')}
            testId="flow-openai-max-messages"
          />
        </div>
      )}
    </NodeFormDialog>
  );
}
