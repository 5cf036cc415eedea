import * as v from 'valibot';
import { event, Id } from '../common.ts';

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

export const ContactEvent = v.variant('type', [ContactCreated, ContactUpdated, ContactDeleted]);
export type ContactEvent = v.InferOutput<typeof ContactEvent>;
export const ContactNumberEvent = v.variant('type', [ContactNumberClaimed, ContactNumberReleased]);
export type ContactNumberEvent = v.InferOutput<typeof ContactNumberEvent>;
