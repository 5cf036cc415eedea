import { DomainError } from '@zelo/contracts/errors';
import type { SendStoredMediaRequest } from '@zelo/contracts/messaging/api';
import { getMessage } from '@zelo/projections/tickets/queries';
import type { AppContext } from '../api/context.ts';
import type { MediaStorage } from '../media/storage.ts';
import { storedMediaRef } from '../media/stored-url.ts';
import { queueOutboundMessage } from './handlers.ts';

/** A JSON send carries a stored media when it names a `mediaUrl`; otherwise it is plain text. */
export const isStoredMediaSend = (body: unknown) =>
  typeof body === 'object' && body !== null && (body as { mediaUrl?: unknown }).mediaUrl != null;

/**
 * Sends a file this company already stored (a quick answer's attachment) as a media message. Only
 * `/public/<companyId>/...` names of existing files pass: nothing is ever fetched from elsewhere.
 */
export async function sendStoredMedia(
  { deps, pool, watcher }: AppContext,
  storage: MediaStorage,
  body: SendStoredMediaRequest,
  viewer: { id: string; companyId: string },
  ticketId: string,
) {
  const ref = storedMediaRef(body.mediaUrl, viewer.companyId);
  if (!ref || !(await storage.exists(body.mediaUrl))) {
    throw new DomainError('ERR_VALIDATION', 'mediaUrl: not a media stored by this company');
  }
  const quotedMsgId = body.quotedMsg?.id ?? body.quotedMsgId ?? null;
  if (quotedMsgId && !(await getMessage(pool, viewer.companyId, quotedMsgId))) {
    throw new DomainError('ERR_NO_MESSAGE_FOUND', 'quoted message not found');
  }
  const r = await queueOutboundMessage(
    deps,
    {
      companyId: viewer.companyId,
      ticketId,
      userId: viewer.id,
      body: body.body || ref.filename,
      mediaType: ref.mediaType,
      mediaUrl: body.mediaUrl,
      quotedMsgId,
    },
    { companyId: viewer.companyId, actor: viewer.id },
    { requireOpen: true },
  );
  await watcher.waitFor(r.position, ['conversations']);
  return getMessage(pool, viewer.companyId, r.messageId);
}
