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
  | { type: 'UpdateUser'; fields: Fields; passwordHash?: string }
  | { type: 'DeleteUser' }
  | { type: 'ChangeLanguage'; language: 'pt' | 'en' | 'es' }
  /** The same password, hashed again at today's cost (after a successful login with an older hash). */
  | { type: 'RehashPassword'; passwordHash: string };

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'CreateUser')
    return state.kind === 'none' ? [{ type: 'UserCreated', data: command.user }] : [];
  if (state.kind === 'none' || state.deleted) throw new DomainError('ERR_NO_USER_FOUND', 'user not found');
  const ref = { userId: state.userId, companyId: state.companyId };
  switch (command.type) {
    case 'UpdateUser':
      return [
        {
          type: 'UserUpdated',
          data: {
            ...ref,
            ...command.fields,
            ...(command.passwordHash ? { passwordHash: command.passwordHash } : {}),
          },
        },
      ];
    case 'DeleteUser':
      return [{ type: 'UserDeleted', data: ref }];
    case 'RehashPassword': {
      const { kind: _k, userId: _u, companyId: _c, deleted: _d, language: _l, ...fields } = state;
      return [{ type: 'UserUpdated', data: { ...ref, ...fields, passwordHash: command.passwordHash } }];
    }
    case 'ChangeLanguage':
      return state.language === command.language
        ? []
        : [{ type: 'UserLanguageChanged', data: { ...ref, language: command.language } }];
  }
}

export const userEmailStreamId = (email: string) => `useremail-${email.toLowerCase()}`;
export const initialEmailState = (): { owner: string | null } => ({ owner: null });
export const evolveEmail = (_: { owner: string | null }, e: UserEmailEvent) => ({
  owner: e.type === 'UserEmailClaimed' ? e.data.userId : null,
});
export function decideEmailClaim(
  email: string,
  userId: string,
  state: { owner: string | null },
): UserEmailEvent[] {
  if (state.owner === userId) return [];
  if (state.owner) throw new DomainError('ERR_DUPLICATED_EMAIL', 'this e-mail is already in use');
  return [{ type: 'UserEmailClaimed', data: { email, userId } }];
}
