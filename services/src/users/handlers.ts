import type { UserCreated, UserEmailEvent, UserEvent } from '@zelo/contracts/users/events';
import { type Actor, type Deps, handle, latestPosition } from '../platform/command-handler.ts';
import {
  decideEmailClaim,
  decideUser,
  evolveEmail,
  evolveUser,
  initialEmailState,
  initialUserState,
  type UserCommand,
  type UserState,
  userEmailStreamId,
} from './domain/user.ts';

export const userStreamId = (userId: string) => `user-${userId}`;
const userAggregate = { initialState: initialUserState, evolve: evolveUser };
const emailAggregate = { initialState: initialEmailState, evolve: evolveEmail };

export const runUserCommand = (deps: Deps, userId: string, command: UserCommand, who: Actor) =>
  handle<UserState, UserEvent>(deps, userStreamId(userId), userAggregate, (s) => decideUser(command, s), who);

/** Claims the e-mail (unique across the platform), then creates the user. */
export async function createUser(deps: Deps, user: UserCreated['data'], who: Actor) {
  const claim = await handle<{ owner: string | null }, UserEmailEvent>(
    deps,
    userEmailStreamId(user.email),
    emailAggregate,
    (s) => decideEmailClaim(user.email, user.userId, s),
    who,
  );
  const created = await runUserCommand(deps, user.userId, { type: 'CreateUser', user }, who);
  return { position: latestPosition(deps.store, claim.position, created.position) };
}
