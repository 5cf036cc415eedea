import type { Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

export const promptsMigrations = [
  {
    id: 'projections/prompts-001',
    sql: `
      CREATE TABLE prompts (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, user_id uuid NOT NULL, name text NOT NULL,
        prompt text NOT NULL, model text NOT NULL, max_tokens int NOT NULL, temperature numeric(2,1) NOT NULL,
        api_key_encrypted text NOT NULL, api_key_masked text NOT NULL, queue_id uuid,
        max_messages int NOT NULL, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX prompts_company ON prompts (company_id, lower(name));
      CREATE INDEX prompts_queue ON prompts (queue_id);`,
  },
];

/**
 * Prompts (doc 2 §2.12). The key is kept as the event has it, sealed; only the service opens it. A
 * queue deleted while a prompt names it leaves the prompt without a queue (queue_id null): the prompt
 * keeps answering, its transfer leaves the ticket pending without a queue, and the next save of the
 * prompt must choose another.
 */
export const promptsProjection: Projection = {
  name: 'prompts',
  tables: ['prompts'],
  async handle(tx, e) {
    const change = (d: { companyId: string; promptId: string }, action: 'create' | 'update' | 'delete') => [
      { companyId: d.companyId, kind: 'prompt' as const, action, id: d.promptId },
    ];
    switch (e.type) {
      case 'PromptCreated':
      case 'PromptUpdated': {
        const d = e.data;
        const fields = [
          d.name,
          d.prompt,
          d.model,
          d.maxTokens,
          d.temperature,
          d.apiKeyEncrypted,
          d.apiKeyMasked,
          d.queueId,
          d.maxMessages,
        ];
        if (e.type === 'PromptCreated') {
          await write(
            tx,
            `INSERT INTO prompts VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$13)
             ON CONFLICT (id) DO NOTHING`,
            [d.promptId, d.companyId, e.data.userId, ...fields, e.metadata.at],
          );
        } else {
          await write(
            tx,
            `UPDATE prompts SET name=$3, prompt=$4, model=$5, max_tokens=$6, temperature=$7,
               api_key_encrypted=$8, api_key_masked=$9, queue_id=$10, max_messages=$11, updated_at=$12
             WHERE id=$1 AND company_id=$2`,
            [d.promptId, d.companyId, ...fields, e.metadata.at],
          );
        }
        return change(d, e.type === 'PromptCreated' ? 'create' : 'update');
      }
      case 'PromptDeleted':
        await write(tx, 'DELETE FROM prompts WHERE id = $1', [e.data.promptId]);
        return change(e.data, 'delete');
      case 'QueueDeleted': {
        const { rows } = await tx.query<{ id: string }>(
          'UPDATE prompts SET queue_id = NULL, updated_at = $3 WHERE queue_id = $1 AND company_id = $2 RETURNING id',
          [e.data.queueId, e.data.companyId, e.metadata.at],
        );
        return rows.flatMap((r) => change({ companyId: e.data.companyId, promptId: r.id }, 'update'));
      }
    }
  },
};
