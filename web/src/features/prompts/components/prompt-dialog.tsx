import { FormGroup, HTMLSelect, TextArea } from '@blueprintjs/core';
import type { PromptView } from '@zelo/contracts/prompts/read-models';
import { Field } from 'react-final-form';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { validateWith, visibleError } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { useReferenceList } from '../../../lib/reference-lists.ts';
import { PROMPT_DEFAULTS, PROMPT_MODELS, type PromptInput, promptInput, savePrompt } from '../api/prompts.ts';

interface Props {
  prompt: PromptView | null;
  onClose: () => void;
}

/** The form's values: numbers as the inputs hold them (text). */
type Values = Omit<PromptInput, 'maxTokens' | 'temperature' | 'maxMessages'> & {
  maxTokens: string | number;
  temperature: string | number;
  maxMessages: string | number;
};

/**
 * Doc 2 §2.12, §5, §9: name, prompt, model, max tokens, temperature, API key, sector (queue) and
 * history size. On edit the key field starts empty (the server never sends it back whole): left
 * empty it keeps the stored key.
 */
export function PromptDialog({ prompt, onClose }: Props) {
  const t = useT();
  const queues = useReferenceList('queues');
  const schema = promptInput(!prompt);
  const initial: Partial<Values> = {
    name: prompt?.name ?? '',
    prompt: prompt?.prompt ?? '',
    model: prompt?.model ?? PROMPT_DEFAULTS.model,
    maxTokens: prompt?.maxTokens ?? PROMPT_DEFAULTS.maxTokens,
    temperature: prompt?.temperature ?? PROMPT_DEFAULTS.temperature,
    apiKey: '',
    queueId: prompt?.queueId ?? '',
    maxMessages: prompt?.maxMessages ?? PROMPT_DEFAULTS.maxMessages,
  };
  const validate = validateWith(schema, (k) => t(k as TKey));

  const onSubmit = (values: Values) =>
    savePrompt(prompt?.id ?? null, {
      ...values,
      maxTokens: Number(values.maxTokens),
      temperature: Number(values.temperature),
      maxMessages: Number(values.maxMessages),
    });

  return (
    <FormDialog<Values>
      title={t(prompt ? 'prompts.edit' : 'prompts.add')}
      className="pr-dialog"
      onClose={onClose}
      initialValues={initial}
      validate={(values) => {
        const errors = validate(values);
        // Doc 2 §5: no queue is "choose a sector", not a bare "required".
        if (errors?.queueId) errors.queueId = t('prompts.chooseSector');
        return errors;
      }}
      onSubmit={onSubmit}
      savedText={t('prompts.saved')}
      cancelText={t('prompts.cancel')}
      saveText={t('prompts.save')}
      saveTestId="pr-save"
    >
      <TextField name="name" label={t('prompts.name')} testId="pr-name" autoFocus />
      <Field<string> name="prompt">
        {({ input, meta }) => {
          const error = visibleError(meta);
          return (
            <FormGroup
              label={t('prompts.prompt')}
              labelFor="pr-prompt"
              helperText={error || t('prompts.promptHelp')}
              intent={error ? 'danger' : 'none'}
            >
              <TextArea id="pr-prompt" fill rows={6} {...input} data-testid="pr-prompt" />
            </FormGroup>
          );
        }}
      </Field>
      <div className="pr-row">
        <Field<string> name="model">
          {({ input }) => (
            <FormGroup label={t('prompts.model')} labelFor="pr-model">
              <HTMLSelect
                id="pr-model"
                fill
                name={input.name}
                value={input.value}
                onChange={input.onChange}
                onBlur={input.onBlur}
                data-testid="pr-model"
              >
                {PROMPT_MODELS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          )}
        </Field>
        <Field<string> name="queueId">
          {({ input, meta }) => {
            const error = visibleError(meta);
            return (
              <FormGroup
                label={t('prompts.queue')}
                labelFor="pr-queue"
                helperText={error || undefined}
                intent={error ? 'danger' : 'none'}
              >
                <HTMLSelect
                  id="pr-queue"
                  fill
                  name={input.name}
                  value={input.value}
                  onChange={input.onChange}
                  onBlur={input.onBlur}
                  disabled={!queues.data}
                  data-testid="pr-queue"
                >
                  <option value="">{t('prompts.chooseSector')}</option>
                  {(queues.data ?? []).map((q) => (
                    <option key={q.id} value={q.id}>
                      {q.name}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
            );
          }}
        </Field>
        <TextField
          name="apiKey"
          label={t('prompts.apiKey')}
          testId="pr-api-key"
          type="password"
          autoComplete="off"
          placeholder={prompt ? prompt.apiKey : 'sk-...'}
        />
      </div>
      {prompt && <p className="bp6-text-muted">{t('prompts.apiKeyKeep')}</p>}
      <div className="pr-row">
        <TextField
          name="maxTokens"
          label={t('prompts.maxTokens')}
          testId="pr-max-tokens"
          type="number"
          min={1}
        />
        <TextField
          name="temperature"
          label={t('prompts.temperature')}
          testId="pr-temperature"
          type="number"
          min={0}
          max={1}
          step={0.1}
        />
        <TextField
          name="maxMessages"
          label={t('prompts.maxMessages')}
          testId="pr-max-messages"
          type="number"
          min={1}
        />
      </div>
    </FormDialog>
  );
}
