import type { Projection, ProjectionEvent } from '@zelo/projections/runner';
import type pg from 'pg';
import type { Deps } from '../platform/command-handler.ts';
import type { Migration } from '../platform/migrate.ts';
import { REACTORS } from '../reactors.ts';
import type { ShipmentCommand } from './domain/campaign.ts';
import { runCampaignCommand } from './handlers.ts';
import { CAMPAIGN_ACTOR } from './runtime.ts';

/**
 * What the delivery reactor keeps between a campaign message's events: the message (queued by the
 * campaign), which shipment it is (once CampaignShipmentSent names it) and what the channel made of it.
 * The channel may report the send before the shipment is recorded, so either may come first; a row is
 * removed once its outcome was reported to the campaign.
 */
export const campaignDeliveryMigrations: Migration[] = [
  {
    id: 'campaigns/001-deliveries',
    sql: `
      CREATE TABLE campaign_deliveries (
        message_id uuid PRIMARY KEY, company_id uuid NOT NULL,
        campaign_id uuid, idx int, number text,
        outcome text, outcome_at timestamptz, reason text
      );`,
  },
];

interface Row {
  company_id: string;
  campaign_id: string | null;
  idx: number | null;
  number: string | null;
  outcome: 'sent' | 'failed' | null;
  outcome_at: Date | null;
  reason: string | null;
}

/**
 * Records a campaign shipment's fate from the channel: RecordShipmentDelivered when its message was
 * sent (the spec's deliveredAt), RecordShipmentFailed when the channel gave up on it. A checkpointed
 * subscriber, idempotent: its table changes commit with its checkpoint, and the campaign's commands
 * decide nothing twice.
 */
export function campaignDeliveryReactor(deps: Deps): Projection {
  const who = (companyId: string) => ({ companyId, actor: CAMPAIGN_ACTOR });

  /**
   * The shipment's outcome, to report to its campaign: at once, or (a batch) with the batch's other
   * outcomes of that campaign in one append at its end, so a campaign sending 100 messages a second
   * is not 100 appends a second on its own stream.
   */
  async function report(
    tx: pg.PoolClient,
    messageId: string,
    r: Row,
    batch?: Map<string, ShipmentCommand[]>,
  ) {
    if (!r.campaign_id || r.idx === null || !r.outcome) return;
    const ref = { campaignId: r.campaign_id, companyId: r.company_id, index: r.idx };
    const at = (r.outcome_at ?? new Date()).toISOString();
    const part: ShipmentCommand =
      r.outcome === 'sent'
        ? { type: 'RecordShipmentDelivered', ...ref, deliveredAt: at }
        : // The shipment exists (it named this message): the decider keeps its first outcome.
          {
            type: 'RecordShipmentFailed',
            ...ref,
            number: r.number ?? '',
            reason: r.reason ?? 'not sent',
            failedAt: at,
          };
    if (batch) batch.set(r.campaign_id, [...(batch.get(r.campaign_id) ?? []), part]);
    else await runCampaignCommand(deps, part, who(r.company_id));
    await tx.query('DELETE FROM campaign_deliveries WHERE message_id = $1', [messageId]);
  }

  async function outcome(
    tx: pg.PoolClient,
    messageId: string,
    o: 'sent' | 'failed',
    at: string | null,
    reason: string | null,
    batch?: Map<string, ShipmentCommand[]>,
  ) {
    const { rows } = await tx.query<Row>(
      `UPDATE campaign_deliveries SET outcome = $2, outcome_at = $3, reason = $4
        WHERE message_id = $1 AND outcome IS NULL
        RETURNING company_id, campaign_id, idx, number, outcome, outcome_at, reason`,
      [messageId, o, at, reason],
    );
    if (rows[0]) await report(tx, messageId, rows[0], batch);
  }

  return {
    name: REACTORS.campaignDelivery,
    tables: [],
    handle: (tx, e) => react(tx, e),
    async handleBatch(tx, events) {
      const batch = new Map<string, ShipmentCommand[]>();
      for (const e of events) await react(tx, e, batch);
      for (const [campaignId, parts] of batch) {
        const { companyId } = parts[0];
        await runCampaignCommand(
          deps,
          { type: 'RecordShipments', campaignId, companyId, parts },
          who(companyId),
        );
      }
      return [];
    },
  };

  async function react(tx: pg.PoolClient, e: ProjectionEvent, batch?: Map<string, ShipmentCommand[]>) {
    switch (e.type) {
      case 'OutboundMessageQueued':
        // Only the campaign's own text (its files are queued by CAMPAIGN_MEDIA_ACTOR).
        if (e.metadata.actor !== CAMPAIGN_ACTOR) return;
        await tx.query(
          'INSERT INTO campaign_deliveries (message_id, company_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [e.data.messageId, e.data.companyId],
        );
        return;
      case 'OutboundMessageSent':
        return outcome(tx, e.data.messageId, 'sent', e.data.sentAt, null, batch);
      case 'OutboundMessageFailed':
        return outcome(tx, e.data.messageId, 'failed', e.metadata.at, e.data.reason, batch);
      case 'CampaignShipmentSent': {
        const d = e.data;
        const { rows } = await tx.query<Row>(
          `INSERT INTO campaign_deliveries (message_id, company_id, campaign_id, idx, number)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (message_id) DO UPDATE SET campaign_id = $3, idx = $4, number = $5
             RETURNING company_id, campaign_id, idx, number, outcome, outcome_at, reason`,
          [d.messageId, d.companyId, d.campaignId, d.index, d.number],
        );
        if (rows[0]) await report(tx, d.messageId, rows[0], batch);
        return;
      }
    }
  }
}
