import type { PromptList, PromptView } from '@zelo/contracts/prompts/read-models';
import type pg from 'pg';
import { containsPattern } from '../sql.ts';

const select = `
  SELECT p.id, p.name, p.prompt, p.model, p.max_tokens AS "maxTokens",
         p.temperature::float8 AS temperature, p.api_key_masked AS "apiKey", p.queue_id AS "queueId",
         p.max_messages AS "maxMessages",
         CASE WHEN q.id IS NULL THEN NULL ELSE json_build_object('id', q.id, 'name', q.name) END AS queue,
         p.created_at AS "createdAt", p.updated_at AS "updatedAt"
    FROM prompts p LEFT JOIN queues q ON q.id = p.queue_id AND q.company_id = p.company_id`;

type PromptRow = Omit<PromptView, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

const toView = (r: PromptRow): PromptView => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The prompts page and the pickers of the connection and queue dialogs: every prompt, by name. */
export async function listPrompts(
  pool: pg.Pool,
  companyId: string,
  q: { searchParam?: string } = {},
): Promise<PromptList> {
  const params: unknown[] = [companyId];
  let where = 'p.company_id = $1';
  if (q.searchParam) {
    params.push(containsPattern(q.searchParam));
    where += ` AND lower(p.name) LIKE $${params.length}`;
  }
  const { rows } = await pool.query<PromptRow>(
    `${select} WHERE ${where} ORDER BY lower(p.name), p.id`,
    params,
  );
  return { prompts: rows.map(toView), count: rows.length, hasMore: false };
}

export async function getPrompt(pool: pg.Pool, companyId: string, id: string): Promise<PromptView | null> {
  const { rows } = await pool.query<PromptRow>(`${select} WHERE p.company_id = $1 AND p.id = $2`, [
    companyId,
    id,
  ]);
  return rows[0] ? toView(rows[0]) : null;
}

/** A prompt as the runtime reads it: with the sealed key, which only the service opens. */
export interface SealedPrompt {
  id: string;
  companyId: string;
  name: string;
  prompt: string;
  model: string;
  maxTokens: number;
  temperature: number;
  apiKeyEncrypted: string;
  queueId: string | null;
  maxMessages: number;
}

export async function getSealedPrompt(
  pool: pg.Pool,
  companyId: string,
  id: string,
): Promise<SealedPrompt | null> {
  const { rows } = await pool.query<SealedPrompt>(
    `SELECT id, company_id AS "companyId", name, prompt, model, max_tokens AS "maxTokens",
            temperature::float8 AS temperature, api_key_encrypted AS "apiKeyEncrypted",
            queue_id AS "queueId", max_messages AS "maxMessages"
       FROM prompts WHERE company_id = $1 AND id = $2`,
    [companyId, id],
  );
  return rows[0] ?? null;
}

/** Whether the company has this prompt (a connection or queue naming one must be the company's own). */
export async function promptExists(pool: pg.Pool, companyId: string, id: string): Promise<boolean> {
  const r = await pool.query('SELECT 1 FROM prompts WHERE company_id = $1 AND id = $2', [companyId, id]);
  return (r.rowCount ?? 0) > 0;
}

/**
 * The context of an AI answer: the ticket's last `limit` text messages (customer's and ours, not
 * deleted, non-empty), oldest first. Only this ticket's, not the whole conversation with the contact:
 * what came before the ticket is another matter.
 */
export async function recentTextMessages(
  pool: pg.Pool,
  companyId: string,
  ticketId: string,
  limit: number,
  options: { excludeMessageId?: string } = {},
): Promise<{ id: string; fromMe: boolean; body: string }[]> {
  const { rows } = await pool.query<{ id: string; fromMe: boolean; body: string }>(
    `SELECT id, from_me AS "fromMe", body FROM (
       SELECT id, from_me, body, created_at FROM messages
        WHERE company_id = $1 AND ticket_id = $2 AND media_type = 'chat' AND NOT is_deleted
          AND body <> '' AND ($4::uuid IS NULL OR id <> $4::uuid)
        ORDER BY created_at DESC, id DESC LIMIT $3
     ) m ORDER BY created_at, id`,
    [companyId, ticketId, Math.max(0, limit), options.excludeMessageId ?? null],
  );
  return rows;
}
