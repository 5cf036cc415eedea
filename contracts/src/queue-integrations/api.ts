import * as v from 'valibot';
import { Id, PageNumber } from '../common.ts';
import { QueueIntegrationType } from './events.ts';

/** What a queue integration's dialog sends instead of the stored service-account JSON it never sees. */
export const JSON_CONTENT_MASK = '********';

/**
 * A typebot's numbers (doc 2 §9 gives the defaults): the pause between the bot's messages, in ms, up to
 * a minute; the idle minutes after which a session starts afresh, up to a week (0: it never expires).
 */
export const TYPEBOT_NUMBERS = {
  typebotDelayMessage: { min: 0, max: 60_000, fallback: 1000 },
  typebotExpires: { min: 0, max: 10_080, fallback: 1 },
} as const;

const Text = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, 'too long')), '');
/** A whole number within bounds; the reference's form sends numbers as strings too, '' when emptied. */
const WholeNumber = ({ min, max, fallback }: { min: number; max: number; fallback: number }) =>
  v.optional(
    v.pipe(
      v.union([
        v.literal(''),
        v.null(),
        v.number(),
        // A sign is read, so that '-1' is told the bound it broke, as -1 is.
        v.pipe(v.string(), v.trim(), v.regex(/^-?\d{1,15}$/, 'must be a whole number')),
      ]),
      // An emptied field of the form is its default.
      v.transform((n) => (n === '' || n === null ? fallback : Number(n))),
      v.integer('must be a whole number'),
      v.minValue(min, `must be at least ${min}`),
      v.maxValue(max, `must be at most ${max}`),
    ),
    fallback,
  );
const EmptyIsNull = v.pipe(
  v.union([v.literal(''), v.null(), Id]),
  v.transform((s) => s || null),
);

const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
};

/** Which fields each type needs (doc 2 §5; dialogflow's credentials are checked by the decider). */
function typeIssues(i: {
  type: v.InferOutput<typeof QueueIntegrationType>;
  projectName: string;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  flowId: string | null;
}): [string, string][] {
  switch (i.type) {
    case 'dialogflow':
      return [
        ...(i.projectName ? [] : [['projectName', 'required for dialogflow'] as [string, string]]),
        ...(i.language ? [] : [['language', 'required for dialogflow'] as [string, string]]),
      ];
    case 'n8n':
    case 'webhook':
    case 'typebot': {
      const url: [string, string][] = !i.urlN8N
        ? [['urlN8N', `required for ${i.type}`]]
        : isHttpUrl(i.urlN8N)
          ? []
          : [['urlN8N', 'must be an http(s) URL']];
      return i.type === 'typebot' && !i.typebotSlug ? [...url, ['typebotSlug', 'required for typebot']] : url;
    }
    case 'flowbuilder':
      return i.flowId ? [] : [['flowId', 'required for flowbuilder: the flow to run']];
  }
}

/**
 * POST /queueIntegration and PUT /queueIntegration/{id} (doc 2 §3, §5): name 2 to 50; for n8n, webhook,
 * typebot and flowbuilder the projectName is the name; typebot needs its URL and slug; webhook and n8n an
 * http(s) URL; flowbuilder the flow it runs. `jsonContent` is the Dialogflow service-account JSON: on
 * an edit, empty or the mask keeps the one stored. `companyId`, if a client sends it, is ignored.
 */
export const QueueIntegrationRequest = v.pipe(
  v.object({
    type: QueueIntegrationType,
    name: v.pipe(v.string(), v.trim(), v.minLength(2, 'too short'), v.maxLength(50, 'too long')),
    projectName: Text(100),
    jsonContent: v.optional(
      v.pipe(
        v.union([v.null(), v.string()]),
        v.transform((s) => (s ?? '').trim()),
        v.maxLength(20_000, 'too long'),
        v.check((s) => {
          if (!s || s === JSON_CONTENT_MASK) return true;
          try {
            const parsed: unknown = JSON.parse(s);
            return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
          } catch {
            return false;
          }
        }, 'must be the service account JSON'),
      ),
      '',
    ),
    language: Text(20),
    urlN8N: Text(2048),
    typebotDelayMessage: WholeNumber(TYPEBOT_NUMBERS.typebotDelayMessage),
    typebotExpires: WholeNumber(TYPEBOT_NUMBERS.typebotExpires),
    typebotKeywordFinish: Text(100),
    typebotKeywordRestart: Text(100),
    typebotRestartMessage: Text(4096),
    typebotSlug: Text(200),
    typebotUnknownMessage: Text(4096),
    flowId: v.optional(EmptyIsNull, null),
    companyId: v.optional(v.unknown()),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const [key, message] of typeIssues(dataset.value)) {
      addIssue({
        message,
        path: [
          {
            type: 'object',
            origin: 'value',
            input: dataset.value as Record<string, unknown>,
            key,
            value: (dataset.value as Record<string, unknown>)[key],
          },
        ],
      });
    }
  }),
  v.transform(({ companyId: _ignored, ...i }) => ({
    ...i,
    projectName: i.type === 'dialogflow' ? i.projectName : i.name,
    // A field of another type is not kept: what the dialog hid is not stored.
    flowId: i.type === 'flowbuilder' ? i.flowId : null,
    jsonContent: i.type === 'dialogflow' && i.jsonContent !== JSON_CONTENT_MASK ? i.jsonContent : '',
  })),
);
export type QueueIntegrationRequest = v.InferOutput<typeof QueueIntegrationRequest>;

/** GET /queueIntegration/: the page's search with infinite scroll. */
export const ListQueueIntegrationsQuery = v.object({
  searchParam: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  pageNumber: PageNumber,
  companyId: v.optional(v.string()),
});

/** POST /queueIntegration/testSession (doc 2 §7): a Dialogflow agent's credentials, tried once. */
export const TestSessionRequest = v.object({
  projectName: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(100, 'too long')),
  jsonContent: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(20_000, 'too long')),
  language: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(20, 'too long')),
  /** An edit's test: the stored credentials are used when jsonContent is the mask. */
  integrationId: v.optional(Id),
});
export type TestSessionRequest = v.InferOutput<typeof TestSessionRequest>;
