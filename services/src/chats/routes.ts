import {
  ChatMessageRequest,
  ChatMessagesQuery,
  ChatReadRequest,
  ChatRequest,
  ListChatsQuery,
} from '@zelo/contracts/chats/api';
import type { ChatMessagePage, ChatMessageView, ChatPage, ChatView } from '@zelo/contracts/chats/read-models';
import { DomainError } from '@zelo/contracts/errors';
import {
  type ChatReader,
  chatMessagesPage,
  getChat,
  getChatMessage,
  listChats,
} from '@zelo/projections/chats/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { assertUser } from '../api/references.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { newId } from '../platform/ids.ts';
import { runChatCommand } from './handlers.ts';

/**
 * Internal chat (doc 2 §2.17, §7). A chat is seen only by its members (the owner always one); only the
 * owner edits or deletes it (doc 2 §6), or any member once the owner's user is deleted. The session
 * decides who acts: the spec's userId on /read may only name the caller.
 */
export async function chatRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;

  const reader = (request: FastifyRequest): ChatReader => ({
    companyId: request.session.companyId,
    userId: request.session.id,
  });

  /** The chat as the caller sees it once the read model has `position`; not hers: not found. */
  async function chatAfter(request: FastifyRequest, id: string, position: string | null): Promise<ChatView> {
    await watcher.waitFor(position, ['chats']);
    const chat = await getChat(pool, reader(request), id);
    if (!chat) throw new DomainError('ERR_NO_CHAT_FOUND', 'chat not found');
    return chat;
  }

  /** Every chosen user must be of the caller's company, checked before anything is written. */
  async function assertUsers(request: FastifyRequest, userIds: string[]) {
    for (const userId of new Set(userIds)) await assertUser(pool, request.session.companyId, userId);
  }

  app.get(
    '/chats',
    { schema: { querystring: ListChatsQuery } },
    async (request): Promise<ChatPage> => listChats(pool, reader(request), request.query),
  );

  app.get('/chats/:id', { schema: { params: IdParam } }, async (request) =>
    chatAfter(request, request.params.id, null),
  );

  app.post('/chats', { schema: { body: ChatRequest } }, async (request, reply) => {
    const { title, users } = request.body;
    await assertUsers(request, users);
    const chatId = newId();
    const r = await runChatCommand(
      deps,
      {
        type: 'CreateChat',
        companyId: request.session.companyId,
        chatId,
        ownerId: request.session.id,
        title,
        userIds: users,
      },
      actorOf(request),
    );
    return reply.status(201).send(await chatAfter(request, chatId, r.position));
  });

  app.put('/chats/:id', { schema: { params: IdParam, body: ChatRequest } }, async (request) => {
    const { id: chatId } = request.params;
    const { title, users } = request.body;
    // A chat the caller cannot see is "not found" whatever users the body names.
    const { ownerGone } = await chatAfter(request, chatId, null);
    await assertUsers(request, users);
    const r = await runChatCommand(
      deps,
      {
        type: 'UpdateChat',
        companyId: request.session.companyId,
        chatId,
        by: request.session.id,
        ownerGone,
        title,
        userIds: users,
      },
      actorOf(request),
    );
    return chatAfter(request, chatId, r.position);
  });

  app.delete('/chats/:id', { schema: { params: IdParam } }, async (request) => {
    const { id: chatId } = request.params;
    const { ownerGone } = await chatAfter(request, chatId, null);
    const r = await runChatCommand(
      deps,
      { type: 'DeleteChat', companyId: request.session.companyId, chatId, by: request.session.id, ownerGone },
      actorOf(request),
    );
    await watcher.waitFor(r.position, ['chats']);
    return { message: 'chat deleted' };
  });

  app.get(
    '/chats/:id/messages',
    { schema: { params: IdParam, querystring: ChatMessagesQuery } },
    async (request): Promise<ChatMessagePage> => {
      const { id: chatId } = request.params;
      await chatAfter(request, chatId, null);
      return chatMessagesPage(pool, request.session.companyId, chatId, request.query.pageNumber);
    },
  );

  app.post(
    '/chats/:id/messages',
    { schema: { params: IdParam, body: ChatMessageRequest } },
    async (request, reply): Promise<ChatMessageView> => {
      const { id: chatId } = request.params;
      const messageId = newId();
      const r = await runChatCommand(
        deps,
        {
          type: 'PostChatMessage',
          companyId: request.session.companyId,
          chatId,
          by: request.session.id,
          messageId,
          message: request.body.message,
        },
        actorOf(request),
      );
      await watcher.waitFor(r.position, ['chats']);
      const message = await getChatMessage(pool, request.session.companyId, messageId);
      if (!message) throw new DomainError('ERR_NO_CHAT_FOUND', 'chat not found');
      return reply.status(201).send(message);
    },
  );

  app.post(
    '/chats/:id/read',
    { schema: { params: IdParam, body: ChatReadRequest } },
    async (request): Promise<ChatView> => {
      const { id: chatId } = request.params;
      const { userId } = request.body;
      if (userId && userId !== request.session.id) {
        await chatAfter(request, chatId, null);
        throw new DomainError('ERR_NO_PERMISSION', 'only the user herself marks a chat as read');
      }
      const r = await runChatCommand(
        deps,
        { type: 'MarkChatRead', companyId: request.session.companyId, chatId, by: request.session.id },
        actorOf(request),
      );
      return chatAfter(request, chatId, r.position);
    },
  );
}
