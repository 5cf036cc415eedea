import type { ChatEvent } from '@zelo/contracts/chats/events';
import {
  chatCreated,
  chatDeleted,
  chatMessagePosted,
  chatRead,
  chatUpdated,
} from '@zelo/contracts/testing/events';
import { describe, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import { type ChatCommand, type ChatState, decideChat, evolveChat, initialChatState } from './chat.ts';

const spec = decider<ChatState, ChatCommand, ChatEvent>({
  initialState: initialChatState,
  evolve: evolveChat,
  decide: decideChat,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const otherCompany = '00000000-0000-4000-8000-000000000002';
const ana = '00000000-0000-4000-8000-000000000010';
const bruno = '00000000-0000-4000-8000-000000000011';
const carla = '00000000-0000-4000-8000-000000000012';
const chatId = '00000000-0000-4000-8000-000000000020';
const messageId = '00000000-0000-4000-8000-000000000030';

const ref = { companyId, chatId };
/** Ana's chat with Bruno. */
const created = chatCreated({ ...ref, ownerId: ana, title: 'Equipe', userIds: [ana, bruno] });
const posted = (senderId: string) => chatMessagePosted({ ...ref, messageId, senderId, message: 'Bom dia' });

describe('Internal chat', () => {
  describe('Creating', () => {
    it('the owner is a member even when she did not choose herself, and each user counts once', () =>
      spec
        .given([])
        .when({ type: 'CreateChat', ...ref, ownerId: ana, title: 'Equipe', userIds: [bruno, bruno] })
        .then([created]));

    it('a repeated create changes nothing', () =>
      spec
        .given([created])
        .when({ type: 'CreateChat', ...ref, ownerId: ana, title: 'Equipe', userIds: [bruno] })
        .thenNothing());
  });

  describe('Editing and deleting: only the owner', () => {
    it('the owner renames and changes members, and stays a member', () =>
      spec
        .given([created])
        .when({ type: 'UpdateChat', ...ref, by: ana, ownerGone: false, title: 'Vendas', userIds: [carla] })
        .then([{ type: 'ChatUpdated', data: { ...ref, title: 'Vendas', userIds: [ana, carla] } }]));

    it('an edit that changes nothing records nothing', () =>
      spec
        .given([created])
        .when({
          type: 'UpdateChat',
          ...ref,
          by: ana,
          ownerGone: false,
          title: 'Equipe',
          userIds: [bruno, ana],
        })
        .thenNothing());

    it('a member who is not the owner may not edit or delete', () => {
      spec
        .given([created])
        .when({ type: 'UpdateChat', ...ref, by: bruno, ownerGone: false, title: 'Meu', userIds: [bruno] })
        .thenThrows('ERR_NO_PERMISSION');
      spec
        .given([created])
        .when({ type: 'DeleteChat', ...ref, by: bruno, ownerGone: false })
        .thenThrows('ERR_NO_PERMISSION');
    });

    it('a user outside the chat does not find it', () => {
      spec
        .given([created])
        .when({ type: 'UpdateChat', ...ref, by: carla, ownerGone: false, title: 'x', userIds: [carla] })
        .thenThrows('ERR_NO_CHAT_FOUND');
      spec
        .given([created])
        .when({ type: 'DeleteChat', ...ref, by: carla, ownerGone: false })
        .thenThrows('ERR_NO_CHAT_FOUND');
    });

    it('deleting tells every member at the time', () =>
      spec
        .given([created, chatUpdated({ ...ref, title: 'Equipe', userIds: [ana, carla] })])
        .when({ type: 'DeleteChat', ...ref, by: ana, ownerGone: false })
        .then([{ type: 'ChatDeleted', data: { ...ref, userIds: [ana, carla] } }]));

    it('a deleted chat is not found any more, not even by its owner', () => {
      const gone = chatDeleted({ ...ref, userIds: [ana, bruno] });
      spec
        .given([created, gone])
        .when({ type: 'DeleteChat', ...ref, by: ana, ownerGone: false })
        .thenThrows('ERR_NO_CHAT_FOUND');
      spec
        .given([created, gone])
        .when({ type: 'PostChatMessage', ...ref, by: ana, messageId, message: 'oi' })
        .thenThrows('ERR_NO_CHAT_FOUND');
    });

    it("another company's user does not find it, even with the owner's id", () =>
      spec
        .given([created])
        .when({
          type: 'UpdateChat',
          companyId: otherCompany,
          chatId,
          by: ana,
          ownerGone: false,
          title: 'x',
          userIds: [],
        })
        .thenThrows('ERR_NO_CHAT_FOUND'));

    it('a chat that was never created is not found', () =>
      spec
        .given([])
        .when({ type: 'PostChatMessage', ...ref, by: ana, messageId, message: 'oi' })
        .thenThrows('ERR_NO_CHAT_FOUND'));
  });

  describe('When the owner was deleted', () => {
    const gone = { ...ref, ownerGone: true };

    it('a remaining member edits it; the owner stays listed, as every deleted member does', () =>
      spec
        .given([created])
        .when({ type: 'UpdateChat', ...gone, by: bruno, title: 'Nosso', userIds: [bruno, carla] })
        .then([{ type: 'ChatUpdated', data: { ...ref, title: 'Nosso', userIds: [ana, bruno, carla] } }]));

    it('a remaining member deletes it', () =>
      spec
        .given([created])
        .when({ type: 'DeleteChat', ...gone, by: bruno })
        .then([{ type: 'ChatDeleted', data: { ...ref, userIds: [ana, bruno] } }]));

    it('a user outside the chat still does not find it, nor does another company', () => {
      spec
        .given([created])
        .when({ type: 'DeleteChat', ...gone, by: carla })
        .thenThrows('ERR_NO_CHAT_FOUND');
      spec
        .given([created])
        .when({ type: 'DeleteChat', ...gone, companyId: otherCompany, by: bruno })
        .thenThrows('ERR_NO_CHAT_FOUND');
    });
  });

  describe('Messages and reading', () => {
    it('a member posts', () =>
      spec
        .given([created])
        .when({ type: 'PostChatMessage', ...ref, by: bruno, messageId, message: 'Bom dia' })
        .then([posted(bruno)]));

    it('a removed member may no longer post', () =>
      spec
        .given([created, chatUpdated({ ...ref, title: 'Equipe', userIds: [ana] })])
        .when({ type: 'PostChatMessage', ...ref, by: bruno, messageId, message: 'oi' })
        .thenThrows('ERR_NO_CHAT_FOUND'));

    it('a member with unread messages reads them', () =>
      spec
        .given([created, posted(ana)])
        .when({ type: 'MarkChatRead', ...ref, by: bruno })
        .then([{ type: 'ChatRead', data: { ...ref, userId: bruno } }]));

    it('the sender has nothing unread of her own, so reading records nothing', () =>
      spec
        .given([created, posted(ana)])
        .when({ type: 'MarkChatRead', ...ref, by: ana })
        .thenNothing());

    it('reading twice records it once', () =>
      spec
        .given([created, posted(ana), chatRead({ ...ref, userId: bruno })])
        .when({ type: 'MarkChatRead', ...ref, by: bruno })
        .thenNothing());

    it('a member added after a message has nothing unread from before', () =>
      spec
        .given([created, posted(ana), chatUpdated({ ...ref, title: 'Equipe', userIds: [ana, bruno, carla] })])
        .when({ type: 'MarkChatRead', ...ref, by: carla })
        .thenNothing());

    it('a user outside the chat may not mark it read', () =>
      spec
        .given([created, posted(ana)])
        .when({ type: 'MarkChatRead', ...ref, by: carla })
        .thenThrows('ERR_NO_CHAT_FOUND'));
  });
});
