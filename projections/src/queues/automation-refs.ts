import type pg from 'pg';

/** What a queue or a connection may hand its tickets to, by the field that names it. */
export interface AutomationRefs {
  promptId?: string | null;
  integrationId?: string | null;
  flowIdWelcome?: string | null;
}
export type AutomationRefField = keyof AutomationRefs;

/** The read model holding each kind of automation, with `id` and `company_id` like every read model here. */
const tableOf: Record<AutomationRefField, string> = {
  promptId: 'prompts',
  integrationId: 'queue_integrations',
  flowIdWelcome: 'flows',
};

/** The first of `refs` that is not one of the company's (a foreign or unknown id), or null when all are. */
export async function foreignAutomationRef(
  db: pg.Pool | pg.PoolClient,
  companyId: string,
  refs: AutomationRefs,
): Promise<AutomationRefField | null> {
  for (const field of Object.keys(tableOf) as AutomationRefField[]) {
    const id = refs[field];
    if (!id) continue;
    const r = await db.query(`SELECT 1 FROM ${tableOf[field]} WHERE id = $1 AND company_id = $2`, [
      id,
      companyId,
    ]);
    if ((r.rowCount ?? 0) === 0) return field;
  }
  return null;
}
