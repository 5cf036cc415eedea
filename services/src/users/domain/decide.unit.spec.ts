import {
  userCreated,
  userDeleted,
  userEmailClaimed,
  userEmailReleased,
  userLanguageChanged,
  userUpdated,
} from '@zelo/contracts/testing/events';
import type { UserCreated, UserEmailEvent, UserEvent } from '@zelo/contracts/users/events';
import { describe, expect, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  decideEmailClaim,
  decideEmailRelease,
  decideUser,
  evolveEmail,
  evolveUser,
  initialEmailState,
  initialUserState,
  type UserCommand,
  type UserState,
} from './user.ts';

const spec = decider<UserState, UserCommand, UserEvent>({
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
});

type EmailClaim = { email: string; userId: string };
const emails = decider<{ owner: string | null }, EmailClaim, UserEmailEvent>({
  initialState: initialEmailState,
  evolve: evolveEmail,
  decide: (c, s) => decideEmailClaim(c.email, c.userId, s),
});

const companyId = '00000000-0000-4000-8000-000000000001';
const ana = '00000000-0000-4000-8000-000000000010';
const bruno = '00000000-0000-4000-8000-000000000011';
const sales = '00000000-0000-4000-8000-000000000020';
const ref = { userId: ana, companyId };

const profile = {
  name: 'Ana Souza',
  email: 'ana@padaria.example',
  profile: 'user' as const,
  super: false,
  allTicket: 'desabled' as const,
  whatsappId: null,
  queueIds: [sales],
};
const user: UserCreated['data'] = { ...ref, passwordHash: '$2b$10$fixedhashfixedhashfixedhash', ...profile };
const created = userCreated(user);
const deleted = userDeleted(ref);
const promoted = { ...profile, profile: 'admin' as const, queueIds: [] };

describe("Rehashing a password (a login with a hash older than today's cost)", () => {
  const stronger = 'scrypt$ln=17,r=8,p=1$c2FsdA==$aGFzaA==';
  it('records the new hash with the user as it is now', () =>
    spec
      .given([created, userUpdated({ ...ref, ...promoted })])
      .when({ type: 'RehashPassword', passwordHash: stronger })
      .then([{ type: 'UserUpdated', data: { ...ref, ...promoted, passwordHash: stronger } }]));
  it('a deleted user is not found', () =>
    spec
      .given([created, deleted])
      .when({ type: 'RehashPassword', passwordHash: stronger })
      .thenThrows('ERR_NO_USER_FOUND'));
});

describe('Resetting a password (the e-mailed code was right)', () => {
  const chosen = 'scrypt$ln=17,r=8,p=1$bm92bw==$c2VuaGE=';
  it('records the new hash with the user as it is now', () =>
    spec
      .given([created])
      .when({ type: 'ResetPassword', passwordHash: chosen })
      .then([{ type: 'UserUpdated', data: { ...ref, ...profile, passwordHash: chosen } }]));
  it('a deleted user is not found', () =>
    spec
      .given([created, deleted])
      .when({ type: 'ResetPassword', passwordHash: chosen })
      .thenThrows('ERR_NO_USER_FOUND'));
});

describe('User', () => {
  describe('When it does not exist', () => {
    it('creating it records the user', () =>
      spec.given([]).when({ type: 'CreateUser', user }).then([created]));

    it('updating refuses with ERR_NO_USER_FOUND', () =>
      spec.given([]).when({ type: 'UpdateUser', fields: promoted }).thenThrows('ERR_NO_USER_FOUND'));

    it('deleting refuses with ERR_NO_USER_FOUND', () =>
      spec.given([]).when({ type: 'DeleteUser' }).thenThrows('ERR_NO_USER_FOUND'));
  });

  describe('When it exists', () => {
    it('creating it again (a retried request) decides nothing', () =>
      spec.given([created]).when({ type: 'CreateUser', user }).thenNothing());

    it('updating without a password keeps the password', () =>
      spec
        .given([created])
        .when({ type: 'UpdateUser', fields: promoted })
        .then([{ type: 'UserUpdated', data: { ...ref, ...promoted } }]));

    it('updating with a new password records its hash', () =>
      spec
        .given([created])
        .when({ type: 'UpdateUser', fields: profile, passwordHash: '$2b$10$newhashnewhashnewhash' })
        .then([
          { type: 'UserUpdated', data: { ...ref, ...profile, passwordHash: '$2b$10$newhashnewhashnewhash' } },
        ]));

    it('deleting records the deletion', () =>
      spec.given([created]).when({ type: 'DeleteUser' }).then([deleted]));

    it('a new e-mail without its claim is refused; with it, recorded', () => {
      const moved = { ...profile, email: 'ana.nova@padaria.example' };
      spec.given([created]).when({ type: 'UpdateUser', fields: moved }).thenThrows('ERR_CONCURRENCY');
      spec
        .given([created])
        .when({ type: 'UpdateUser', fields: moved, emailClaimed: true })
        .then([{ type: 'UserUpdated', data: { ...ref, ...moved } }]);
    });

    it('a new user speaks Portuguese, so choosing pt decides nothing', () =>
      spec.given([created]).when({ type: 'ChangeLanguage', language: 'pt' }).thenNothing());

    it('choosing another language is recorded once', () => {
      const changed = userLanguageChanged({ ...ref, language: 'en' });
      spec.given([created]).when({ type: 'ChangeLanguage', language: 'en' }).then([changed]);
      spec.given([created, changed]).when({ type: 'ChangeLanguage', language: 'en' }).thenNothing();
    });
  });

  describe('When deleted', () => {
    it('updating, deleting and changing language refuse with ERR_NO_USER_FOUND', () => {
      spec
        .given([created, deleted])
        .when({ type: 'UpdateUser', fields: promoted })
        .thenThrows('ERR_NO_USER_FOUND');
      spec.given([created, deleted]).when({ type: 'DeleteUser' }).thenThrows('ERR_NO_USER_FOUND');
      spec
        .given([created, deleted])
        .when({ type: 'ChangeLanguage', language: 'es' })
        .thenThrows('ERR_NO_USER_FOUND');
    });
  });
});

describe('User e-mail', () => {
  const email = 'ana@padaria.example';
  const claimed = (userId: string) => userEmailClaimed({ email, userId });

  describe('When free', () => {
    it('a user claims it', () =>
      emails
        .given([])
        .when({ email, userId: ana })
        .then([claimed(ana)]));
  });

  describe('When claimed', () => {
    it('its owner claiming again decides nothing', () =>
      emails
        .given([claimed(ana)])
        .when({ email, userId: ana })
        .thenNothing());

    it('another user refuses with ERR_DUPLICATED_EMAIL', () =>
      emails
        .given([claimed(ana)])
        .when({ email, userId: bruno })
        .thenThrows('ERR_DUPLICATED_EMAIL'));
  });

  describe('When held by a deleted user', () => {
    it('the claim is released and taken by the claimant', () =>
      decider<{ owner: string | null }, EmailClaim, UserEmailEvent>({
        initialState: initialEmailState,
        evolve: evolveEmail,
        decide: (c, s) => decideEmailClaim(c.email, c.userId, s, ana),
      })
        .given([claimed(ana)])
        .when({ email, userId: bruno })
        .then([{ type: 'UserEmailReleased', data: { email, userId: ana } }, claimed(bruno)]));
  });

  describe('Released by its owner', () => {
    it('frees it; another user releasing it decides nothing', () => {
      const release = (s: { owner: string | null }, userId: string) => decideEmailRelease(email, userId, s);
      expect(release({ owner: ana }, ana)).toEqual([
        { type: 'UserEmailReleased', data: { email, userId: ana } },
      ]);
      expect(release({ owner: ana }, bruno)).toEqual([]);
      expect(release({ owner: null }, ana)).toEqual([]);
    });
  });

  describe('When released', () => {
    it('another user may claim it', () =>
      emails
        .given([claimed(ana), userEmailReleased({ email, userId: ana })])
        .when({ email, userId: bruno })
        .then([claimed(bruno)]));
  });
});
