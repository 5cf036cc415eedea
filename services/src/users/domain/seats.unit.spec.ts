import type { UserSeatEvent } from '@zelo/contracts/users/seat-events';
import { describe, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import { decideFreeSeat, decideTakeSeat, evolveSeats, initialSeatsState, type SeatsState } from './seats.ts';

type SeatCommand =
  | { type: 'take'; userId: string; limit: number | null; known: string[] }
  | { type: 'free'; userId: string };

const companyId = '00000000-0000-4000-8000-000000000001';
const [admin, agent, newcomer] = [
  '00000000-0000-4000-8000-000000000011',
  '00000000-0000-4000-8000-000000000012',
  '00000000-0000-4000-8000-000000000013',
];

const spec = decider<SeatsState, SeatCommand, UserSeatEvent>({
  initialState: initialSeatsState,
  evolve: evolveSeats,
  decide: (c, s) =>
    c.type === 'take' ? decideTakeSeat({ companyId, ...c }, s) : decideFreeSeat(companyId, c.userId, s),
});
const counted = (userIds: string[]): UserSeatEvent => ({
  type: 'UserSeatsCounted',
  data: { companyId, userIds },
});
const taken = (userId: string): UserSeatEvent => ({ type: 'UserSeatTaken', data: { companyId, userId } });
const freed = (userId: string): UserSeatEvent => ({ type: 'UserSeatFreed', data: { companyId, userId } });

describe('User seats', () => {
  describe('When not counted yet', () => {
    it('the first seat counts the known users, then takes one', () =>
      spec
        .given([])
        .when({ type: 'take', userId: agent, limit: 3, known: [admin] })
        .then([counted([admin]), taken(agent)]));

    it('the known users already fill the plan: ERR_USER_LIMIT_REACHED', () =>
      spec
        .given([])
        .when({ type: 'take', userId: agent, limit: 1, known: [admin] })
        .thenThrows('ERR_USER_LIMIT_REACHED'));

    it('freeing decides nothing (the count will read the users then)', () =>
      spec.given([]).when({ type: 'free', userId: admin }).thenNothing());
  });

  describe('When counted', () => {
    it('the last seat is taken, the next refused whatever the read model says', () => {
      spec
        .given([counted([admin])])
        .when({ type: 'take', userId: agent, limit: 2, known: [admin] })
        .then([taken(agent)]);
      spec
        .given([counted([admin]), taken(agent)])
        .when({ type: 'take', userId: newcomer, limit: 2, known: [admin] })
        .thenThrows('ERR_USER_LIMIT_REACHED');
    });

    it('a freed seat is taken again', () =>
      spec
        .given([counted([admin]), taken(agent), freed(agent)])
        .when({ type: 'take', userId: newcomer, limit: 2, known: [] })
        .then([taken(newcomer)]));

    it('without a plan there is no limit', () =>
      spec
        .given([counted([admin, agent])])
        .when({ type: 'take', userId: newcomer, limit: null, known: [] })
        .then([taken(newcomer)]));
  });
});
