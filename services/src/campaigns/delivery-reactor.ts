import type { Projection, ProjectionEvent, ProjectionEventOf } from '@zelo/projections/runner';
import type pg from 'pg';
import type { Deps } from '../platform/command-handler.ts';
import type { Migration } from '../platform/migrate.ts';
import { REACTORS } from '../reactors.ts';
import { CAMPAIGN_ACTOR } from './deliver.ts';
import type { ShipmentCommand } from './domain/campaign.ts';
import { runCampaignCommand } from './handlers.ts';

/**
 * What the delivery reactor keeps between a campaign message's events: the message (queued by the
 * campaign), which shipment it is (once CampaignMessageQueued names it) and what the channel made of it.
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
 * Records a campaign shipment's fate from the channel: RecordMessageSent when its message was
 * sent (the spec's deliveredAt), RecordMessageFailed when the channel gave up on it. A checkpointed
 * subscriber, idempotent: its table changes commit with its checkpoint, and the campaign's commands
 * decide nothing twice.
 *
 * A batch is folded in memory over the rows it touches (read in one query) and written back in two
 * statements; each campaign's outcomes go in one append at its end, so a campaign sending 100 messages
 * a second costs neither 100 appends a second on its stream nor four statements per message here.
 */
export function campaignDeliveryReactor(deps: Deps): Projection {
  const who = (companyId: string) => ({ companyId, actor: CAMPAIGN_ACTOR });

  async function handleBatch(tx: pg.PoolClient, events: ProjectionEvent[]) {
    const touched = [...new Set(events.map(followedMessage).filter((id): id is string => !!id))];
    if (touched.length === 0) return [];
    const { rows } = await tx.query<Row & { message_id: string }>(
      `SELECT message_id, company_id, campaign_id, idx, number, outcome, outcome_at, reason
         FROM campaign_deliveries WHERE message_id = ANY($1::uuid[])`,
      [touched],
    );
    const stored = new Map(rows.map(({ message_id, ...r }) => [message_id, r]));
    const rowsNow = new Map<string, Row | null>(stored);
    const reports = new Map<string, ShipmentCommand[]>();

    /** The row's outcome reported to its campaign once it names both; the row is then done. */
    const settle = (messageId: string, r: Row) => {
      if (!r.campaign_id || r.idx === null || !r.outcome) return rowsNow.set(messageId, r);
      const ref = { campaignId: r.campaign_id, companyId: r.company_id, index: r.idx };
      const at = (r.outcome_at ?? new Date()).toISOString();
      const part: ShipmentCommand =
        r.outcome === 'sent'
          ? { type: 'RecordMessageSent', ...ref, sentAt: at }
          : // The shipment exists (it named this message): the decider keeps its first outcome.
            {
              type: 'RecordMessageFailed',
              ...ref,
              number: r.number ?? '',
              reason: r.reason ?? 'not sent',
              failedAt: at,
            };
      reports.set(r.campaign_id, [...(reports.get(r.campaign_id) ?? []), part]);
      rowsNow.set(messageId, null);
    };
    const outcome = (messageId: string, o: 'sent' | 'failed', at: string, reason: string | null) => {
      const r = rowsNow.get(messageId);
      // Only a campaign's message, and only its first outcome.
      if (r && !r.outcome) settle(messageId, { ...r, outcome: o, outcome_at: new Date(at), reason });
    };

    for (const e of events) {
      switch (e.type) {
        case 'OutboundMessageQueued':
          if (isCampaignText(e) && !rowsNow.get(e.data.messageId))
            rowsNow.set(e.data.messageId, {
              company_id: e.data.companyId,
              campaign_id: null,
              idx: null,
              number: null,
              outcome: null,
              outcome_at: null,
              reason: null,
            });
          break;
        case 'OutboundMessageSent':
          outcome(e.data.messageId, 'sent', e.data.sentAt, null);
          break;
        case 'OutboundMessageFailed':
          outcome(e.data.messageId, 'failed', e.metadata.at, e.data.reason);
          break;
        case 'CampaignMessageQueued': {
          const d = e.data;
          const r = rowsNow.get(d.messageId) ?? {
            company_id: d.companyId,
            outcome: null,
            outcome_at: null,
            reason: null,
          };
          settle(d.messageId, { ...r, campaign_id: d.campaignId, idx: d.index, number: d.number });
          break;
        }
      }
    }

    const done = touched.filter((id) => stored.has(id) && !rowsNow.get(id));
    if (done.length)
      await tx.query('DELETE FROM campaign_deliveries WHERE message_id = ANY($1::uuid[])', [done]);
    const kept = touched
      .map((id) => [id, rowsNow.get(id)] as const)
      .filter((x): x is readonly [string, Row] => !!x[1]);
    if (kept.length) {
      const column = <K extends keyof Row>(k: K) => kept.map(([, r]) => r[k]);
      await tx.query(
        `INSERT INTO campaign_deliveries (message_id, company_id, campaign_id, idx, number, outcome, outcome_at, reason)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[], $5::text[], $6::text[], $7::timestamptz[], $8::text[])
         ON CONFLICT (message_id) DO UPDATE SET campaign_id = EXCLUDED.campaign_id, idx = EXCLUDED.idx,
           number = EXCLUDED.number, outcome = EXCLUDED.outcome, outcome_at = EXCLUDED.outcome_at,
           reason = EXCLUDED.reason`,
        [
          kept.map(([id]) => id),
          column('company_id'),
          column('campaign_id'),
          column('idx'),
          column('number'),
          column('outcome'),
          column('outcome_at'),
          column('reason'),
        ],
      );
    }
    for (const [campaignId, parts] of reports) {
      const { companyId } = parts[0];
      await runCampaignCommand(
        deps,
        { type: 'RecordShipments', campaignId, companyId, parts },
        who(companyId),
      );
    }
    return [];
  }

  return {
    name: REACTORS.campaignDelivery,
    tables: [],
    handles: new Set([
      'OutboundMessageQueued',
      'OutboundMessageSent',
      'OutboundMessageFailed',
      'CampaignMessageQueued',
    ]),
    handle: (tx, e) => handleBatch(tx, [e]),
    handleBatch,
  };
}

/** The message an event may move a delivery row of. */
function followedMessage(e: ProjectionEvent): string | null {
  switch (e.type) {
    case 'OutboundMessageQueued':
      return isCampaignText(e) ? e.data.messageId : null;
    case 'OutboundMessageSent':
    case 'OutboundMessageFailed':
    case 'CampaignMessageQueued':
      return e.data.messageId;
    default:
      return null;
  }
}

/** Only the campaign's own text is followed, not its files. */
const isCampaignText = (e: ProjectionEventOf<'OutboundMessageQueued'>) => e.data.campaignText === true;
