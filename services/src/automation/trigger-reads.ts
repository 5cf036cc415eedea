import { listPhraseCampaigns, type PhraseCampaign } from '@zelo/projections/flows/queries';
import { getQueue } from '@zelo/projections/queues/queries';
import type { Pool } from '../platform/db.ts';

/** The read models the triggers consult for every customer message of a ticket no automation holds. */
export interface TriggerReads {
  phraseCampaigns(companyId: string, whatsappId: string): Promise<PhraseCampaign[]>;
  queue(companyId: string, queueId: string): ReturnType<typeof getQueue>;
}

/** Straight from the read models. */
export const directReads = (pool: Pool): TriggerReads => ({
  phraseCampaigns: (companyId, whatsappId) => listPhraseCampaigns(pool, companyId, whatsappId),
  queue: (companyId, queueId) => getQueue(pool, companyId, queueId),
});

/**
 * Read at most once each for one reactor batch: a burst of messages on one connection asks once, not
 * once per message. The batch sees the read models as they were when it first asked, as a batch handled
 * message by message a moment earlier would have.
 */
export function batchReads(pool: Pool): TriggerReads {
  const direct = directReads(pool);
  const phrases = new Map<string, Promise<PhraseCampaign[]>>();
  const queues = new Map<string, ReturnType<typeof getQueue>>();
  const once = <V>(memo: Map<string, V>, key: string, read: () => V): V => {
    let value = memo.get(key);
    if (value === undefined) {
      value = read();
      memo.set(key, value);
    }
    return value;
  };
  return {
    phraseCampaigns: (companyId, whatsappId) =>
      once(phrases, `${companyId}|${whatsappId}`, () => direct.phraseCampaigns(companyId, whatsappId)),
    queue: (companyId, queueId) =>
      once(queues, `${companyId}|${queueId}`, () => direct.queue(companyId, queueId)),
  };
}
