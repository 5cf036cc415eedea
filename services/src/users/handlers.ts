import type { UserCreated, UserEmailEvent, UserEvent } from '@zelo/contracts/users/events';
import { type Actor, type Deps, handle, handleAll, step } from '../platform/command-handler.ts';
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

/** The user's e-mail claim (unique across the platform): taken over when its owner never appeared. */
export const emailClaimStep = (email: string, userId: string) =>
  step<{ owner: string | null }, UserEmailEvent>({
    streamId: userEmailStreamId(email),
    aggregate: emailAggregate,
    decide: (s) => decideEmailClaim(email, userId, s),
    ownerStream: (s) => (s.owner ? userStreamId(s.owner) : null),
  });

/** The user's creation, as one step of a command that also claims its e-mail. */
export const createUserStep = (user: UserCreated['data']) =>
  step<UserState, UserEvent>({
    streamId: userStreamId(user.userId),
    aggregate: userAggregate,
    decide: (s) => decideUser({ type: 'CreateUser', user }, s),
  });

/** Claims the e-mail and creates the user, both or neither. */
export async function createUser(deps: Deps, user: UserCreated['data'], who: Actor) {
  const { position } = await handleAll(
    deps,
    [emailClaimStep(user.email, user.userId), createUserStep(user)],
    who,
  );
  return { position };
}
