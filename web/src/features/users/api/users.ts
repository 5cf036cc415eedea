import type { UserPage, UserView } from '@zelo/contracts/users/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';
import { useReferenceList } from '../../../lib/reference-lists.ts';

const name = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.minLength(2, 'validation.tooShort'),
  v.maxLength(50, 'validation.tooLong'),
);
const password = v.pipe(
  v.string('validation.required'),
  v.minLength(5, 'validation.tooShort'),
  v.maxLength(50, 'validation.tooLong'),
);
const base = {
  name,
  email: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.email('validation.invalidEmail'),
  ),
  profile: v.picklist(['admin', 'user']),
  allTicket: v.picklist(['enabled', 'desabled']),
  whatsappId: v.nullable(v.string()),
  queueIds: v.array(v.string()),
};

/** Doc 1 §5 user form: the password is required for a new user, optional (blank keeps it) on edit. */
export const NewUserInput = v.object({ ...base, password });
export const EditUserInput = v.object({
  ...base,
  password: v.optional(v.union([v.literal(''), password]), ''),
  /** Asked when people set a new password of their own (the server answers ERR_WRONG_PASSWORD). */
  currentPassword: v.optional(v.pipe(v.string(), v.maxLength(200, 'validation.tooLong')), ''),
});
export type UserInput = v.InferInput<typeof EditUserInput>;

export const newUserDefaults: UserInput = {
  name: '',
  email: '',
  password: '',
  profile: 'user',
  allTicket: 'desabled',
  whatsappId: null,
  queueIds: [],
};

export const listUsers = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  apiRequest<UserPage>('/users', { query: { searchParam, pageNumber }, signal });

export const getUser = (id: string, signal?: AbortSignal) =>
  apiRequest<UserView>(`/users/${encodeURIComponent(id)}`, { signal });

export function saveUser(id: string | null, input: UserInput) {
  if (!id) return apiRequest<UserView>('/users', { method: 'POST', body: v.parse(NewUserInput, input) });
  const { currentPassword, ...fields } = v.parse(EditUserInput, input);
  // The current password goes only with a new password (an admin editing someone else is not asked).
  const body = fields.password && currentPassword ? { ...fields, currentPassword } : fields;
  return apiRequest<UserView>(`/users/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export const deleteUser = (id: string) =>
  apiRequest<unknown>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** What an admin may assign in the dialog: the company's queues and connections, once both are in. */
export function useAssignables(isAdmin: boolean) {
  const { data: queues } = useReferenceList('queues', isAdmin);
  const { data: connections } = useReferenceList('connections', isAdmin);
  return { data: isAdmin && queues && connections ? { queues, connections } : null };
}
