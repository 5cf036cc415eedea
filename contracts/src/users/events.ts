import * as v from 'valibot';
import { Email, event, Id, NullableId } from '../common.ts';

export const Profile = v.picklist(['admin', 'user']);
/** Spelled as the spec spells it. */
export const AllTicket = v.picklist(['enabled', 'desabled']);

const UserFields = {
  name: v.string(),
  email: Email,
  profile: Profile,
  super: v.boolean(),
  allTicket: AllTicket,
  whatsappId: NullableId,
  queueIds: v.array(Id),
};

export const UserCreated = event('UserCreated', {
  userId: Id,
  companyId: Id,
  passwordHash: v.string(),
  ...UserFields,
});
export type UserCreated = v.InferOutput<typeof UserCreated>;

export const UserUpdated = event('UserUpdated', {
  userId: Id,
  companyId: Id,
  passwordHash: v.optional(v.string()),
  ...UserFields,
});
export type UserUpdated = v.InferOutput<typeof UserUpdated>;

export const UserDeleted = event('UserDeleted', { userId: Id, companyId: Id });
export type UserDeleted = v.InferOutput<typeof UserDeleted>;

export const UserLanguageChanged = event('UserLanguageChanged', {
  userId: Id,
  companyId: Id,
  language: v.picklist(['pt', 'en', 'es']),
});
export type UserLanguageChanged = v.InferOutput<typeof UserLanguageChanged>;

/** The e-mail reservation stream makes e-mails unique across the platform (login is by e-mail). */
export const UserEmailClaimed = event('UserEmailClaimed', { email: Email, userId: Id });
export type UserEmailClaimed = v.InferOutput<typeof UserEmailClaimed>;
export const UserEmailReleased = event('UserEmailReleased', { email: Email, userId: Id });
export type UserEmailReleased = v.InferOutput<typeof UserEmailReleased>;

export const UserEvent = v.variant('type', [UserCreated, UserUpdated, UserDeleted, UserLanguageChanged]);
export type UserEvent = v.InferOutput<typeof UserEvent>;
export const UserEmailEvent = v.variant('type', [UserEmailClaimed, UserEmailReleased]);
export type UserEmailEvent = v.InferOutput<typeof UserEmailEvent>;
