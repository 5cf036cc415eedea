import { DomainError } from '@zelo/contracts/errors';
import type { UserCreated, UserEmailEvent, UserEvent } from '@zelo/contracts/users/events';

type Fields = Omit<UserCreated['data'], 'userId' | 'companyId' | 'passwordHash'>;

export type UserState =
  | { kind: 'none' }
  | ({ kind: 'exists'; userId: string; companyId: string; deleted: boolean; language: string } & Fields);

export const initialUserState = (): UserState => ({ kind: 'none' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserCreated': {
      const { userId, companyId, passwordHash: _h, ...fields } = event.data;
      return { kind: 'exists', userId, companyId, deleted: false, language: 'pt', ...fields };
    }
    case 'UserUpdated': {
      if (state.kind === 'none') return state;
      const { userId: _u, companyId: _c, passwordHash: _h, ...fields } = event.data;
      return { ...state, ...fields };
    }
    case 'UserDeleted':
      return state.kind === 'exists' ? { ...state, deleted: true } : state;
    case 'UserLanguageChanged':
      return state.kind === 'exists' ? { ...state, language: event.data.language } : state;
  }
}

export type UserCommand =
  | { type: 'CreateUser'; user: UserCreated['data'] }
  /**
   * `emailClaimed`: the command also claims the new e-mail and releases the old one (see
   * `updateUser`); without it, a change of e-mail is refused, so no path changes it unclaimed.
   */
  | { type: 'UpdateUser'; fields: Fields; passwordHash?: string; emailClaimed?: boolean }
  | { type: 'DeleteUser' }
  | { type: 'ChangeLanguage'; language: 'pt' | 'en' | 'es' }
  /** The same password, hashed again at today's cost (after a successful login with an older hash). */
  | { type: 'RehashPassword'; passwordHash: string }
  /** A new password chosen through the e-mailed reset code (auth/password-reset.ts). */
  | { type: 'ResetPassword'; passwordHash: string };

type Cmd<T extends UserCommand['type']> = Extract<UserCommand, { type: T }>;
type Existing = Extract<UserState, { kind: 'exists' }>;

function existing(state: UserState): Existing {
  if (state.kind === 'none' || state.deleted) throw new DomainError('ERR_NO_USER_FOUND', 'user not found');
  return state;
}

const refOf = (u: Existing) => ({ userId: u.userId, companyId: u.companyId });

const createUser = (command: Cmd<'CreateUser'>, state: UserState): UserEvent[] =>
  state.kind === 'none' ? [{ type: 'UserCreated', data: command.user }] : [];

function updateUser(command: Cmd<'UpdateUser'>, state: UserState): UserEvent[] {
  const u = existing(state);
  if (command.fields.email !== u.email && !command.emailClaimed)
    throw new DomainError('ERR_CONCURRENCY', 'the e-mail changed meanwhile, try again');
  const hash = command.passwordHash ? { passwordHash: command.passwordHash } : {};
  return [{ type: 'UserUpdated', data: { ...refOf(u), ...command.fields, ...hash } }];
}

function deleteUser(state: UserState): UserEvent[] {
  return [{ type: 'UserDeleted', data: refOf(existing(state)) }];
}

/** The user as it is, with another password hash (a rehash or a reset). */
function setPasswordHash(command: Cmd<'RehashPassword' | 'ResetPassword'>, state: UserState): UserEvent[] {
  const u = existing(state);
  const { kind: _k, userId: _u, companyId: _c, deleted: _d, language: _l, ...fields } = u;
  return [{ type: 'UserUpdated', data: { ...refOf(u), ...fields, passwordHash: command.passwordHash } }];
}

function changeLanguage(command: Cmd<'ChangeLanguage'>, state: UserState): UserEvent[] {
  const u = existing(state);
  if (u.language === command.language) return [];
  return [{ type: 'UserLanguageChanged', data: { ...refOf(u), language: command.language } }];
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'CreateUser':
      return createUser(command, state);
    case 'UpdateUser':
      return updateUser(command, state);
    case 'DeleteUser':
      return deleteUser(state);
    case 'RehashPassword':
    case 'ResetPassword':
      return setPasswordHash(command, state);
    case 'ChangeLanguage':
      return changeLanguage(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const userEmailStreamId = (email: string) => `useremail-${email.toLowerCase()}`;
export const initialEmailState = (): { owner: string | null } => ({ owner: null });
export const evolveEmail = (_: { owner: string | null }, e: UserEmailEvent) => ({
  owner: e.type === 'UserEmailClaimed' ? e.data.userId : null,
});
/**
 * Claims the e-mail for the user. `deletedOwner`: a user known to be deleted; a claim it still holds
 * (left by a deletion from before deletions released their e-mail) is released and taken.
 */
export function decideEmailClaim(
  email: string,
  userId: string,
  state: { owner: string | null },
  deletedOwner?: string | null,
): UserEmailEvent[] {
  if (state.owner === userId) return [];
  const claimed: UserEmailEvent = { type: 'UserEmailClaimed', data: { email, userId } };
  if (state.owner && state.owner === deletedOwner)
    return [{ type: 'UserEmailReleased', data: { email, userId: state.owner } }, claimed];
  if (state.owner) throw new DomainError('ERR_DUPLICATED_EMAIL', 'this e-mail is already in use');
  return [claimed];
}

/** Frees the e-mail when the user holds it (a claim held by another user stays). */
export function decideEmailRelease(
  email: string,
  userId: string,
  state: { owner: string | null },
): UserEmailEvent[] {
  return state.owner === userId ? [{ type: 'UserEmailReleased', data: { email, userId } }] : [];
}

export type UserEmailCommand =
  /** `deletedOwner`: see `decideEmailClaim`. */
  | { type: 'ClaimUserEmail'; email: string; userId: string; deletedOwner?: string | null }
  | { type: 'ReleaseUserEmail'; email: string; userId: string };

/** The e-mail's stream: a user claims it (unique across the platform), or releases it. */
export function decideUserEmail(
  command: UserEmailCommand,
  state: { owner: string | null },
): UserEmailEvent[] {
  switch (command.type) {
    case 'ClaimUserEmail':
      return decideEmailClaim(command.email, command.userId, state, command.deletedOwner);
    case 'ReleaseUserEmail':
      return decideEmailRelease(command.email, command.userId, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
