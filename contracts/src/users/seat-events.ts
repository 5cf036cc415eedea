import * as v from 'valibot';
import { event, Id } from '../common.ts';

// A company's user seats (usersseats-<companyId>): the plan's user limit is decided on this one stream,
// so two creations racing for the last seat cannot both pass.

/** The stream's first event: the company's users as the read model knew them when seats began to count. */
export const UserSeatsCounted = event('UserSeatsCounted', { companyId: Id, userIds: v.array(Id) });
export type UserSeatsCounted = v.InferOutput<typeof UserSeatsCounted>;
export const UserSeatTaken = event('UserSeatTaken', { companyId: Id, userId: Id });
export type UserSeatTaken = v.InferOutput<typeof UserSeatTaken>;
export const UserSeatFreed = event('UserSeatFreed', { companyId: Id, userId: Id });
export type UserSeatFreed = v.InferOutput<typeof UserSeatFreed>;

export const UserSeatEvent = v.variant('type', [UserSeatsCounted, UserSeatTaken, UserSeatFreed]);
export type UserSeatEvent = v.InferOutput<typeof UserSeatEvent>;
