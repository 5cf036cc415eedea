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
export const EnabledFlag = v.picklist(['enabled', 'disabled']);

/** A schema for one event: its type string and its data. */
export const event = <T extends string, D extends v.ObjectEntries>(type: T, data: D) =>
  v.object({ type: v.literal(type), data: v.object(data) });
