import { DomainError } from '@zelo/contracts/errors';
import type { UserCreated, UserEmailEvent, UserEvent } from '@zelo/contracts/users/events';
import type { UserSeatEvent } from '@zelo/contracts/users/seat-events';
import { type Actor, commandHandler, type Deps, handleAll, load, step } from '../platform/command-handler.ts';
import {
  decideFreeSeat,
  decideTakeSeat,
  evolveSeats,
  initialSeatsState,
  type SeatsState,
  userSeatsStreamId,
} from './domain/seats.ts';
import {
  decideUser,
  decideUserEmail,
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

/**
 * A command on the user stream alone. Deleting and changing the e-mail also write the e-mail claims:
 * use `deleteUser` and `updateUser` (an e-mail change here is refused by `decideUser`).
 */
export const runUserCommand = commandHandler<
  UserState,
  UserEvent,
  Exclude<UserCommand, { type: 'DeleteUser' }>
>(userAggregate, userStreamId, decideUser);

/**
 * The user's e-mail claim (unique across the platform): taken over when its owner never appeared, or
 * when `deletedOwner` (see `deletedClaimOwner`) still holds it.
 */
export const emailClaimStep = (email: string, userId: string, deletedOwner?: string | null) =>
  step<{ owner: string | null }, UserEmailEvent>({
    streamId: userEmailStreamId(email),
    aggregate: emailAggregate,
    decide: (s) => decideUserEmail({ type: 'ClaimUserEmail', email, userId, deletedOwner }, s),
    ownerStream: (s) => (s.owner ? userStreamId(s.owner) : null),
  });

/** Releases the user's claim on the e-mail (nothing when another user holds it). */
const emailReleaseStep = (email: string, userId: string) =>
  step<{ owner: string | null }, UserEmailEvent>({
    streamId: userEmailStreamId(email),
    aggregate: emailAggregate,
    decide: (s) => decideUserEmail({ type: 'ReleaseUserEmail', email, userId }, s),
  });

/**
 * The holder of the e-mail's claim when that user is deleted: deletions from before they released
 * the e-mail left such claims; the next claimant takes them over (`emailClaimStep`).
 */
export async function deletedClaimOwner(deps: Deps, email: string): Promise<string | null> {
  const claim = await load(deps.store, userEmailStreamId(email), emailAggregate);
  const owner = claim.state.owner;
  if (!owner) return null;
  const user = await load(deps.store, userStreamId(owner), userAggregate);
  return user.state.kind === 'exists' && user.state.deleted ? owner : null;
}

async function existingUser(deps: Deps, userId: string) {
  const { state } = await load(deps.store, userStreamId(userId), userAggregate);
  if (state.kind === 'none' || state.deleted) throw new DomainError('ERR_NO_USER_FOUND', 'user not found');
  return state;
}

/**
 * The command on the user stream, as one step beside a write to `email`'s claim: the e-mail released
 * there must be the one the user still has.
 */
const userStepWithEmail = (userId: string, email: string, command: UserCommand) =>
  step<UserState, UserEvent>({
    streamId: userStreamId(userId),
    aggregate: userAggregate,
    decide: (s) => {
      if (s.kind === 'exists' && s.email !== email)
        throw new DomainError('ERR_CONCURRENCY', 'the e-mail changed meanwhile, try again');
      return decideUser(command, s);
    },
  });

/**
 * Updates the user. A new e-mail is claimed and the old one released in the same append as the
 * update, so a taken e-mail (ERR_DUPLICATED_EMAIL) changes nothing and two users never share one.
 */
export async function updateUser(
  deps: Deps,
  userId: string,
  command: { fields: Extract<UserCommand, { type: 'UpdateUser' }>['fields']; passwordHash?: string },
  who: Actor,
) {
  const current = await existingUser(deps, userId);
  const from = current.email;
  const to = command.fields.email;
  const userStep = userStepWithEmail(userId, from, { type: 'UpdateUser', ...command, emailClaimed: true });
  const steps =
    to === from
      ? [userStep]
      : [
          emailClaimStep(to, userId, await deletedClaimOwner(deps, to)),
          emailReleaseStep(from, userId),
          userStep,
        ];
  const { position } = await handleAll(deps, steps, who);
  return { position };
}

/** Deletes the user and frees its e-mail for a new account and its seat, all or none. */
export async function deleteUser(deps: Deps, userId: string, who: Actor) {
  const { email, companyId } = await existingUser(deps, userId);
  const { position } = await handleAll(
    deps,
    [
      userStepWithEmail(userId, email, { type: 'DeleteUser' }),
      emailReleaseStep(email, userId),
      freeSeatStep(companyId, userId),
    ],
    who,
  );
  return { position };
}

/** The user's creation, as one step of a command that also claims its e-mail. */
export const createUserStep = (user: UserCreated['data']) =>
  step<UserState, UserEvent>({
    streamId: userStreamId(user.userId),
    aggregate: userAggregate,
    decide: (s) => decideUser({ type: 'CreateUser', user }, s),
  });

const seatsAggregate = { initialState: initialSeatsState, evolve: evolveSeats };

/** What a user's seat is decided against: the plan's limit and the company's users per the read model. */
export interface SeatRule {
  limit: number | null;
  known: string[];
}

const takeSeatStep = (companyId: string, userId: string, rule: SeatRule) =>
  step<SeatsState, UserSeatEvent>({
    streamId: userSeatsStreamId(companyId),
    aggregate: seatsAggregate,
    decide: (s) => decideTakeSeat({ companyId, userId, ...rule }, s),
  });

const freeSeatStep = (companyId: string, userId: string) =>
  step<SeatsState, UserSeatEvent>({
    streamId: userSeatsStreamId(companyId),
    aggregate: seatsAggregate,
    decide: (s) => decideFreeSeat(companyId, userId, s),
  });

/**
 * Claims the e-mail and creates the user, both or neither; with `seat`, within the plan's user limit
 * (ERR_USER_LIMIT_REACHED), decided on the company's seats stream.
 */
export async function createUser(deps: Deps, user: UserCreated['data'], who: Actor, seat?: SeatRule) {
  const { position } = await handleAll(
    deps,
    [
      emailClaimStep(user.email, user.userId, await deletedClaimOwner(deps, user.email)),
      ...(seat ? [takeSeatStep(user.companyId, user.userId, seat)] : []),
      createUserStep(user),
    ],
    who,
  );
  return { position };
}
