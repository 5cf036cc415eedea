import { MAX_INTERVAL_SECONDS } from '@zelo/contracts/flows/graph';
import * as v from 'valibot';
import { intervalLabel, type NodeDataByType, type OpenAiIntegration } from './node-data.ts';

// The node dialogs' forms (doc 2 §5) and how their values become node data (doc 2 §3). Messages are
// i18n keys of the `flows` section. Form values are strings, as typed.

const required = (key: string) => v.pipe(v.string(key), v.trim(), v.minLength(1, key));

export const MessageForm = v.object({ text: required('flows.messageRequired') });
export type MessageForm = v.InferInput<typeof MessageForm>;
export const messageData = (f: MessageForm): NodeDataByType['message'] => ({ label: f.text.trim() });

/** Doc 2 §5: above 0 and at most 120 seconds. */
export const IntervalForm = v.object({
  sec: v.pipe(
    v.string('flows.intervalRequired'),
    v.trim(),
    v.regex(/^\d+$/, 'flows.intervalRequired'),
    v.transform(Number),
    v.minValue(1, 'flows.intervalRequired'),
    v.maxValue(MAX_INTERVAL_SECONDS, 'flows.intervalMax'),
  ),
});
export type IntervalForm = v.InferInput<typeof IntervalForm>;
export function intervalData(f: IntervalForm): NodeDataByType['interval'] {
  const sec = Number(f.sec);
  return { label: intervalLabel(sec), sec };
}

export const MenuForm = v.object({
  message: required('flows.messageRequired'),
  options: v.pipe(
    v.array(v.object({ value: required('flows.menuOptionRequired') })),
    v.minLength(1, 'flows.menuNeedsOption'),
  ),
});
export type MenuForm = v.InferInput<typeof MenuForm>;
/** Options are numbered 1, 2, 3 … in the order shown; option n leaves through handle `a<n>`. */
export const menuData = (f: MenuForm): NodeDataByType['menu'] => ({
  message: f.message.trim(),
  arrayOption: f.options.map((o, i) => ({ number: i + 1, value: o.value.trim() })),
});

/** Doc 2 §5: 0 to 100 in steps of 10. */
export const RANDOMIZER_STEP = 10;
export const randomizerData = (percent: number): NodeDataByType['randomizer'] => ({
  percent: Math.min(100, Math.max(0, Math.round(percent / RANDOMIZER_STEP) * RANDOMIZER_STEP)),
});

export const TicketForm = v.object({ queueId: required('flows.queueRequired') });
export type TicketForm = v.InferInput<typeof TicketForm>;

export const TypebotForm = v.object({ integrationId: required('flows.typebotRequired') });
export type TypebotForm = v.InferInput<typeof TypebotForm>;

/** Doc 2 §3 voices: text only, or a Brazilian Portuguese neural voice. */
export const VOICES = [
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const;

/** Doc 2 §5: name, apiKey and prompt required; the rest optional, without bounds. */
export const OpenAiForm = v.object({
  name: required('flows.openaiNameRequired'),
  prompt: required('flows.openaiPromptRequired'),
  apiKey: required('flows.openaiApiKeyRequired'),
  voice: v.string(),
  voiceKey: v.string(),
  voiceRegion: v.string(),
  maxTokens: v.string(),
  temperature: v.string(),
  maxMessages: v.string(),
  queueId: v.string(),
});
export type OpenAiForm = v.InferInput<typeof OpenAiForm>;

/** Doc 2 §9 defaults: voice texto, maxTokens 100, temperature 1, maxMessages 10. */
export function openAiForm(s?: Partial<OpenAiIntegration>): OpenAiForm {
  return {
    name: s?.name ?? '',
    prompt: s?.prompt ?? '',
    apiKey: s?.apiKey ?? '',
    voice: s?.voice ?? 'texto',
    voiceKey: s?.voiceKey ?? '',
    voiceRegion: s?.voiceRegion ?? '',
    maxTokens: String(s?.maxTokens ?? 100),
    temperature: String(s?.temperature ?? 1),
    maxMessages: String(s?.maxMessages ?? 10),
    queueId: s?.queueId == null ? '' : String(s.queueId),
  };
}

const numberOr = (text: string, fallback: number) => {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() && Number.isFinite(n) ? n : fallback;
};

/** Stored under `typebotIntegration`; a new node also copies its name into `projectName` (doc 2 §3). */
export function openAiData(f: OpenAiForm, mode: 'create' | 'edit', previous?: OpenAiIntegration) {
  const settings: OpenAiIntegration = {
    ...(previous ?? {}),
    name: f.name.trim(),
    prompt: f.prompt.trim(),
    apiKey: f.apiKey.trim(),
    voice: f.voice || 'texto',
    voiceKey: f.voiceKey.trim(),
    voiceRegion: f.voiceRegion.trim(),
    maxTokens: numberOr(f.maxTokens, 100),
    temperature: numberOr(f.temperature, 1),
    maxMessages: numberOr(f.maxMessages, 10),
    queueId: f.queueId || null,
  };
  if (mode === 'create') settings.projectName = settings.name;
  return { typebotIntegration: settings } satisfies NodeDataByType['openai'];
}

/** Doc 2 §5: message and answerKey required; the key is a `{{name}}` the runtime substitutes. */
export const QuestionForm = v.object({
  message: required('flows.messageRequired'),
  answerKey: v.pipe(
    required('flows.answerKeyRequired'),
    v.regex(/^[\p{L}\p{N}_.-]{1,50}$/u, 'flows.answerKeyInvalid'),
  ),
});
export type QuestionForm = v.InferInput<typeof QuestionForm>;
export const questionData = (f: QuestionForm): NodeDataByType['question'] => ({
  typebotIntegration: { message: f.message.trim(), answerKey: f.answerKey.trim() },
});
