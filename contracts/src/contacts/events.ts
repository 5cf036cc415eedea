import * as v from 'valibot';
import { event, Id, IsoDate, NullableId } from '../common.ts';

export const ExtraInfo = v.array(v.object({ name: v.string(), value: v.string() }));

const ContactFields = {
  name: v.string(),
  number: v.string(),
  email: v.string(),
  isGroup: v.boolean(),
  profilePicUrl: v.string(),
  extraInfo: ExtraInfo,
};

export const ContactCreated = event('ContactCreated', { contactId: Id, companyId: Id, ...ContactFields });
export type ContactCreated = v.InferOutput<typeof ContactCreated>;
export const ContactUpdated = event('ContactUpdated', { contactId: Id, companyId: Id, ...ContactFields });
export type ContactUpdated = v.InferOutput<typeof ContactUpdated>;
export const ContactDeleted = event('ContactDeleted', { contactId: Id, companyId: Id });
export type ContactDeleted = v.InferOutput<typeof ContactDeleted>;

/** The number reservation stream keeps one contact per number per company. */
export const ContactNumberClaimed = event('ContactNumberClaimed', {
  companyId: Id,
  number: v.string(),
  contactId: Id,
});
export type ContactNumberClaimed = v.InferOutput<typeof ContactNumberClaimed>;
export const ContactNumberReleased = event('ContactNumberReleased', {
  companyId: Id,
  number: v.string(),
  contactId: Id,
});
export type ContactNumberReleased = v.InferOutput<typeof ContactNumberReleased>;

/**
 * LGPD (issue 25): the customer asked to receive no campaign (an opt-out word, or an admin on their
 * behalf). Campaigns skip them until ContactOptedIn. `word` is the company's word that matched.
 */
export const ContactOptedOut = event('ContactOptedOut', {
  contactId: Id,
  companyId: Id,
  via: v.picklist(['word', 'admin']),
  word: v.nullable(v.string()),
  userId: NullableId,
  optedOutAt: IsoDate,
});
export type ContactOptedOut = v.InferOutput<typeof ContactOptedOut>;
export const ContactOptedIn = event('ContactOptedIn', {
  contactId: Id,
  companyId: Id,
  via: v.picklist(['word', 'admin']),
  word: v.nullable(v.string()),
  userId: NullableId,
  optedInAt: IsoDate,
});
export type ContactOptedIn = v.InferOutput<typeof ContactOptedIn>;
/**
 * LGPD art. 18 (issue 25): the contact's personal data was made unreadable (its keys destroyed).
 * Records who and when, and nothing personal; the contact's id answers 404 from then on.
 */
export const ContactErased = event('ContactErased', {
  contactId: Id,
  companyId: Id,
  userId: NullableId,
  erasedAt: IsoDate,
});
export type ContactErased = v.InferOutput<typeof ContactErased>;

export const ContactEvent = v.variant('type', [
  ContactCreated,
  ContactUpdated,
  ContactDeleted,
  ContactOptedOut,
  ContactOptedIn,
  ContactErased,
]);
export type ContactEvent = v.InferOutput<typeof ContactEvent>;
export const ContactNumberEvent = v.variant('type', [ContactNumberClaimed, ContactNumberReleased]);
export type ContactNumberEvent = v.InferOutput<typeof ContactNumberEvent>;
