import * as v from 'valibot';

export const Id = v.pipe(v.string(), v.uuid('must be a uuid'));
export const IsoDate = v.pipe(v.string(), v.isoTimestamp());
export const NullableId = v.nullable(Id);
export const Email = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.email('invalid email'),
  v.maxLength(120),
);
export const Name = v.pipe(v.string(), v.trim(), v.minLength(2, 'too short'), v.maxLength(50, 'too long'));
export const Password = v.pipe(v.string(), v.minLength(5, 'too short'), v.maxLength(50, 'too long'));
/** Digits only, 8 to 50 (international numbers without "+"), as WhatsApp ids use them. */
export const PhoneNumber = v.pipe(
  v.string(),
  v.transform((s) => s.replace(/\D/g, '')),
  v.minLength(8, 'too short'),
  v.maxLength(50, 'too long'),
);
export const HexColor = v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, 'must be #rrggbb'));
/**
 * An event's text within the bound of the request that produces it: no event holds what its read
 * models could not store, whatever the decider, a workflow or a fixture puts in it.
 */
export const TextUpTo = (max: number) => v.pipe(v.string(), v.maxLength(max));
/** An event's whole number within its request's range (read models keep such numbers in int columns). */
export const WholeIn = (min: number, max: number) =>
  v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
/** The largest page a list query may ask for: beyond it no list has rows, and offsets stay small. */
export const MAX_PAGE_NUMBER = 100_000;
const PAGE_NUMBER_RULE = `pageNumber must be a whole number from 1 to ${MAX_PAGE_NUMBER}`;
/**
 * `pageNumber` of every paged list query: whole digits only, 1 to MAX_PAGE_NUMBER, default 1. Anything
 * else (`1e308`, `0x10`, `1.5`, `-1`, twenty digits) is a 400, never a number the database overflows on.
 */
export const PageNumber = v.optional(
  v.pipe(
    v.union([v.string(), v.number()]),
    v.transform(String),
    v.regex(/^\d{1,6}$/, PAGE_NUMBER_RULE),
    v.transform(Number),
    v.minValue(1, PAGE_NUMBER_RULE),
    v.maxValue(MAX_PAGE_NUMBER, PAGE_NUMBER_RULE),
  ),
  '1',
);
export const EnabledFlag = v.picklist(['enabled', 'disabled']);

/** A schema for one event: its type string and its data. */
export const event = <T extends string, D extends v.ObjectEntries>(type: T, data: D) =>
  v.object({ type: v.literal(type), data: v.object(data) });
