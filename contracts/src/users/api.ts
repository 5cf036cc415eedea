import * as v from 'valibot';
import { Email, Id, Name, NullableId, PageNumber, Password } from '../common.ts';
import { AllTicket, Profile } from './events.ts';

export const CreateUserRequest = v.object({
  name: Name,
  email: Email,
  password: Password,
  profile: v.optional(Profile, 'user'),
  allTicket: v.optional(AllTicket, 'desabled'),
  whatsappId: v.optional(NullableId, null),
  queueIds: v.optional(v.array(Id), []),
});
export type CreateUserRequest = v.InferOutput<typeof CreateUserRequest>;

export const UpdateUserRequest = v.object({
  ...CreateUserRequest.entries,
  password: v.optional(v.union([v.literal(''), Password])),
  /** Required when users change their own password; an admin setting another user's does not give it. */
  currentPassword: v.optional(v.pipe(v.string(), v.maxLength(200, 'too long'))),
});
export type UpdateUserRequest = v.InferOutput<typeof UpdateUserRequest>;

export const Language = v.picklist(['pt', 'en', 'es']);
export type Language = v.InferOutput<typeof Language>;

/** POST /users/set-language/:lang. */
export const SetLanguageParams = v.object({ lang: Language });

/** GET /users: the users page's search, a page at a time. */
export const ListUsersQuery = v.object({
  searchParam: v.optional(v.pipe(v.string(), v.maxLength(100)), ''),
  pageNumber: PageNumber,
});
