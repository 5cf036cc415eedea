import { getSealedPrompt, recentTextMessages } from '@zelo/projections/prompts/queries';
import type { Pool } from '../platform/db.ts';
import type { SecretBox } from '../platform/secret-box.ts';
import type { HistoryMessage, RuntimePrompt } from './answer.ts';
import { promptKeyring } from './api-key.ts';

/**
 * A prompt of `companyId` with its key opened, for answerWithPrompt / transcribe; null when the company
 * has no such prompt (deleted, or another company's). `secret` is the deployment's resolved JWT secret
 * (AppContext.config.jwtSecret, app/src/system.ts `jwtSecret`) or a SecretBox made from it. Throws when
 * the key does not open (sealed by a deployment with another secret): the caller falls back to a human.
 */
export async function loadPromptForRuntime(
  pool: Pool,
  companyId: string,
  promptId: string,
  secret: string | SecretBox,
): Promise<RuntimePrompt | null> {
  const sealed = await getSealedPrompt(pool, companyId, promptId);
  if (!sealed) return null;
  const { apiKeyEncrypted, companyId: _c, ...rest } = sealed;
  const apiKey = promptKeyring(secret).open(companyId, promptId, apiKeyEncrypted);
  return { ...rest, apiKey };
}

/**
 * The context of an answer: the ticket's last `limit` text messages, oldest first, without the message
 * being answered (`excludeMessageId`, the inbound message's id) so that it is not sent twice.
 */
export async function promptHistory(
  pool: Pool,
  companyId: string,
  ticketId: string,
  limit: number,
  excludeMessageId?: string,
): Promise<HistoryMessage[]> {
  const rows = await recentTextMessages(pool, companyId, ticketId, limit, { excludeMessageId });
  return rows.map(({ fromMe, body }) => ({ fromMe, body }));
}
