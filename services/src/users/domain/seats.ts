import { DomainError } from '@zelo/contracts/errors';
import type { UserSeatEvent } from '@zelo/contracts/users/seat-events';

/** null: the stream has not counted the company's users yet. */
export type SeatsState = { userIds: string[] } | null;

export const userSeatsStreamId = (companyId: string) => `userseats-${companyId}`;
export const initialSeatsState = (): SeatsState => null;

export function evolveSeats(state: SeatsState, e: UserSeatEvent): SeatsState {
  switch (e.type) {
    case 'UserSeatsCounted':
      return { userIds: e.data.userIds };
    case 'UserSeatTaken':
      return { userIds: [...(state?.userIds ?? []), e.data.userId] };
    case 'UserSeatFreed':
      return { userIds: (state?.userIds ?? []).filter((id) => id !== e.data.userId) };
    default:
      return state;
  }
}

/**
 * A seat for a new user, within the plan's `limit` (null: no plan, no limit). `known`: the company's
 * users per the read model, counted once when the stream starts.
 */
export function decideTakeSeat(
  command: { companyId: string; userId: string; limit: number | null; known: string[] },
  state: SeatsState,
): UserSeatEvent[] {
  const { companyId, userId, limit } = command;
  const counted: UserSeatEvent[] = state
    ? []
    : [{ type: 'UserSeatsCounted', data: { companyId, userIds: command.known } }];
  const userIds = state?.userIds ?? command.known;
  if (userIds.includes(userId)) return counted;
  if (limit != null && userIds.length >= limit)
    throw new DomainError('ERR_USER_LIMIT_REACHED', `the plan allows ${limit} users`, { limit });
  return [...counted, { type: 'UserSeatTaken', data: { companyId, userId } }];
}

/** Frees a deleted user's seat (nothing before seats are counted: the count reads the users then). */
export const decideFreeSeat = (companyId: string, userId: string, state: SeatsState): UserSeatEvent[] =>
  state?.userIds.includes(userId) ? [{ type: 'UserSeatFreed', data: { companyId, userId } }] : [];
