import * as v from 'valibot';
import { NullableId, PageNumber } from '../common.ts';
import { ClockTime, LONGER_INTERVAL_CHOICES, MESSAGE_INTERVAL_CHOICES } from './events.ts';

const variant = v.optional(
  v.pipe(
    v.nullable(v.string()),
    v.transform((s) => (s ?? '').trim()),
    v.maxLength(4096, 'too long'),
  ),
  '',
);
/** An optional id: missing, null and '' all mean none (the dialog's empty selects send ''). */
const OptionalId = v.optional(
  v.pipe(
    v.union([v.literal(''), NullableId]),
    v.transform((s) => (s === '' ? null : s)),
  ),
  null,
);

/**
 * POST /campaigns and PUT /campaigns/{id}: the dialog's fields (doc 2 §2.9). `tagListId` is the form's
 * name for the tag whose contacts receive it; `status` and `companyId`, which the reference client also
 * sends, are ignored (the server decides both).
 */
export const CampaignRequest = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(2, 'too short'), v.maxLength(50, 'too long')),
  message1: variant,
  message2: variant,
  message3: variant,
  message4: variant,
  message5: variant,
  whatsappId: OptionalId,
  /** An ISO instant with its offset; '' or null: not scheduled. */
  scheduledAt: v.optional(
    v.pipe(
      v.union([
        v.literal(''),
        v.null(),
        v.pipe(v.string(), v.isoTimestamp('scheduledAt must be an ISO date-time')),
      ]),
      v.transform((s) => (s ? new Date(s).toISOString() : null)),
    ),
    null,
  ),
  contactListId: OptionalId,
  tagListId: OptionalId,
  fileListId: OptionalId,
});
export type CampaignRequest = v.InferOutput<typeof CampaignRequest>;

/** GET /campaigns/: the list's search with infinite scroll. */
export const ListCampaignsQuery = v.object({
  searchParam: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  pageNumber: PageNumber,
});

/** GET /campaigns/{id}/shipments (ours): the report's list of shipments, in send order. */
export const ListShipmentsQuery = v.object({ pageNumber: PageNumber });

const choice = (choices: readonly number[], name: string) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number))]),
    v.check((n) => choices.includes(n), `${name} must be one of ${choices.join(', ')}`),
  );
const bounded = (max: number, name: string) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number))]),
    v.integer(`${name} must be a whole number`),
    v.minValue(0, `${name} must be 0 or more`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );

/**
 * POST /campaign-settings `{ settings }` (the reference client's body). Keys left out keep their current
 * value; a variable key given twice keeps its first value (doc 2 §2.9: a duplicate key is ignored).
 */
export const CampaignSettingsRequest = v.object({
  settings: v.object({
    messageInterval: v.optional(choice(MESSAGE_INTERVAL_CHOICES, 'messageInterval')),
    longerIntervalAfter: v.optional(choice(LONGER_INTERVAL_CHOICES, 'longerIntervalAfter')),
    greaterInterval: v.optional(choice(LONGER_INTERVAL_CHOICES, 'greaterInterval')),
    variables: v.optional(
      v.pipe(
        v.array(
          v.object({
            key: v.pipe(
              v.string(),
              v.trim(),
              v.regex(/^[A-Za-z0-9_]{1,30}$/, 'a variable key is 1 to 30 letters, digits or _'),
            ),
            value: v.pipe(v.string(), v.maxLength(1000, 'too long')),
          }),
        ),
        v.maxLength(100, 'at most 100 variables'),
        v.transform((vars) => vars.filter((x, i) => vars.findIndex((y) => y.key === x.key) === i)),
      ),
    ),
    jitterSeconds: v.optional(bounded(60, 'jitterSeconds')),
    dailyLimitPerConnection: v.optional(bounded(100_000, 'dailyLimitPerConnection')),
    sendingWindow: v.optional(
      v.nullable(
        v.pipe(
          v.object({ start: ClockTime, end: ClockTime }),
          v.check((w) => w.start !== w.end, 'the sending window must not be empty'),
        ),
      ),
    ),
  }),
});
export type CampaignSettingsRequest = v.InferOutput<typeof CampaignSettingsRequest>;
