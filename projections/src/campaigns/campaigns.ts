import type { CampaignFields } from '@zelo/contracts/campaigns/events';
import type { Change, Projection, ProjectionEventOf } from '../runner.ts';
import { write } from '../write-buffer.ts';

export const campaignsMigrations = [
  {
    id: 'projections/campaigns-001',
    sql: `
      CREATE TABLE campaigns (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, user_id uuid NOT NULL, name text NOT NULL,
        message1 text NOT NULL, message2 text NOT NULL, message3 text NOT NULL, message4 text NOT NULL,
        message5 text NOT NULL, status text NOT NULL, scheduled_at timestamptz, completed_at timestamptz,
        whatsapp_id uuid, contact_list_id uuid, tag_id uuid, file_list_id uuid,
        media_path text, media_name text, last_error text,
        valid_contacts int NOT NULL DEFAULT 0, sent int NOT NULL DEFAULT 0,
        delivered int NOT NULL DEFAULT 0, failed int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX campaigns_company ON campaigns (company_id, created_at DESC, id);
      -- One row per recipient of the run, in send order (idx), from the start on.
      CREATE TABLE campaign_shipments (
        campaign_id uuid NOT NULL, idx int NOT NULL, company_id uuid NOT NULL,
        number text NOT NULL, name text NOT NULL, status text NOT NULL DEFAULT 'pending',
        message_id uuid, sent_at timestamptz, delivered_at timestamptz, failed_at timestamptz, reason text,
        PRIMARY KEY (campaign_id, idx)
      );
      CREATE TABLE campaign_settings (company_id uuid PRIMARY KEY, settings jsonb NOT NULL);`,
  },
  {
    // LGPD (issue 25): recipients skipped because they opted out (the report's "descadastrado").
    id: 'projections/campaigns-002-opted-out',
    sql: 'ALTER TABLE campaigns ADD COLUMN opted_out int NOT NULL DEFAULT 0;',
  },
];

const campaignChange = (d: { companyId: string; campaignId: string }, action: Change['action']): Change => ({
  companyId: d.companyId,
  kind: 'campaign',
  action,
  id: d.campaignId,
});
const shipmentChange = (d: { companyId: string; campaignId: string; index: number }): Change => ({
  companyId: d.companyId,
  kind: 'campaignShipment',
  action: 'update',
  id: d.campaignId,
  index: d.index,
});

type ShipmentEvent = ProjectionEventOf<
  'CampaignMessageQueued' | 'CampaignMessageFailed' | 'CampaignMessageSent' | 'CampaignMessageSkipped'
>;

/**
 * The report speaks the spec's words: a queued message is its "sent" (sent_at), the channel's send its
 * "delivered" (delivered_at).
 * A shipment moves its row forward once (pending → sent, failed or optedOut, sent → delivered) and the
 * campaign's counters move with it only when the row did: a repeated event, or one for an index the run
 * does not have, changes nothing. `sent` counts delivered shipments too (pending = recipients − sent −
 * failed − optedOut).
 * Each is one statement that needs no answer, so a batch's shipments go to the database together.
 */
async function shipment(tx: Parameters<Projection['handle']>[0], e: ShipmentEvent) {
  const d = e.data;
  const moved =
    e.type === 'CampaignMessageQueued'
      ? {
          sql: `UPDATE campaign_shipments SET status='sent', message_id=$4, sent_at=$5
                 WHERE campaign_id=$1 AND idx=$2 AND status='pending' RETURNING 'pending' AS was`,
          values: [e.data.messageId, e.data.queuedAt],
        }
      : e.type === 'CampaignMessageSkipped'
        ? {
            // Opted out: never sent, and not a failure either.
            sql: `UPDATE campaign_shipments SET status='optedOut', failed_at=$4, reason=$5
                   WHERE campaign_id=$1 AND idx=$2 AND status='pending' RETURNING 'pending' AS was`,
            values: [e.data.skippedAt, e.data.reason],
          }
        : e.type === 'CampaignMessageFailed'
          ? {
              // A sent shipment may fail later (the channel gave up): it leaves the sent count.
              sql: `UPDATE campaign_shipments s SET status='failed', failed_at=$4, reason=$5
                    FROM (SELECT status FROM campaign_shipments WHERE campaign_id=$1 AND idx=$2 FOR UPDATE) old
                   WHERE s.campaign_id=$1 AND s.idx=$2 AND old.status IN ('pending', 'sent')
                   RETURNING old.status AS was`,
              values: [e.data.failedAt, e.data.reason],
            }
          : {
              sql: `UPDATE campaign_shipments SET status='delivered', delivered_at=$4
                   WHERE campaign_id=$1 AND idx=$2 AND status='sent' RETURNING 'sent' AS was`,
              values: [e.data.sentAt],
            };
  const counter = {
    CampaignMessageQueued: 'sent',
    CampaignMessageFailed: 'failed',
    CampaignMessageSent: 'delivered',
    CampaignMessageSkipped: 'opted_out',
  }[e.type];
  const leavesSent =
    e.type === 'CampaignMessageFailed'
      ? `, sent = sent - (SELECT count(*) FROM moved WHERE was = 'sent')`
      : '';
  await write(
    tx,
    `WITH moved AS (${moved.sql})
     UPDATE campaigns SET ${counter} = ${counter} + 1${leavesSent}, updated_at=$3
      WHERE id=$1 AND EXISTS (SELECT 1 FROM moved)`,
    [d.campaignId, d.index, e.metadata.at, ...moved.values],
  );
  return [campaignChange(d, 'update'), shipmentChange(d)];
}

const fieldValues = ({ fields: f, status }: { fields: CampaignFields; status: string }) => [
  f.name,
  f.message1,
  f.message2,
  f.message3,
  f.message4,
  f.message5,
  status,
  f.scheduledAt,
  f.whatsappId,
  f.contactListId,
  f.tagListId,
  f.fileListId,
];

/** Campaigns (doc 2 §2.9) with their run's figures, the run's shipments, and the campaign settings. */
export const campaignsProjection: Projection = {
  name: 'campaigns',
  tables: ['campaigns', 'campaign_shipments', 'campaign_settings'],
  async handle(tx, e) {
    const at = e.metadata.at;
    switch (e.type) {
      case 'CampaignCreated': {
        const { campaignId, companyId, userId } = e.data;
        await write(
          tx,
          `INSERT INTO campaigns (id, company_id, user_id, name, message1, message2, message3, message4,
             message5, status, scheduled_at, whatsapp_id, contact_list_id, tag_id, file_list_id,
             created_at, updated_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$16)
           ON CONFLICT (id) DO NOTHING`,
          [campaignId, companyId, userId, ...fieldValues(e.data), at],
        );
        return [campaignChange(e.data, 'create')];
      }
      case 'CampaignUpdated':
        // A saved campaign forgets why its last start was refused.
        await write(
          tx,
          `UPDATE campaigns SET name=$2, message1=$3, message2=$4, message3=$5, message4=$6, message5=$7,
             status=$8, scheduled_at=$9, whatsapp_id=$10, contact_list_id=$11, tag_id=$12, file_list_id=$13,
             last_error=NULL, updated_at=$14
           WHERE id=$1`,
          [e.data.campaignId, ...fieldValues(e.data), at],
        );
        return [campaignChange(e.data, 'update')];
      case 'CampaignDeleted':
        await write(tx, 'DELETE FROM campaign_shipments WHERE campaign_id=$1', [e.data.campaignId]);
        await write(tx, 'DELETE FROM campaigns WHERE id=$1', [e.data.campaignId]);
        return [campaignChange(e.data, 'delete')];
      case 'CampaignMediaAttached':
        await write(tx, 'UPDATE campaigns SET media_path=$2, media_name=$3, updated_at=$4 WHERE id=$1', [
          e.data.campaignId,
          e.data.mediaPath,
          e.data.mediaName,
          at,
        ]);
        return [campaignChange(e.data, 'update')];
      case 'CampaignMediaRemoved':
        await write(tx, 'UPDATE campaigns SET media_path=NULL, media_name=NULL, updated_at=$2 WHERE id=$1', [
          e.data.campaignId,
          at,
        ]);
        return [campaignChange(e.data, 'update')];
      case 'CampaignStarted': {
        const { campaignId, companyId, recipients } = e.data;
        await write(
          tx,
          `INSERT INTO campaign_shipments (campaign_id, idx, company_id, number, name)
           SELECT $1, r.i - 1, $2, r.number, r.name
             FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS r(number, name, i)
           ON CONFLICT (campaign_id, idx) DO NOTHING`,
          [campaignId, companyId, recipients.map((r) => r.number), recipients.map((r) => r.name)],
        );
        // Counters from the rows, so a repeated start keeps the shipments already recorded.
        await write(
          tx,
          `UPDATE campaigns c SET status='EM_ANDAMENTO', last_error=NULL, valid_contacts=$2, updated_at=$3,
             sent = s.sent, delivered = s.delivered, failed = s.failed, opted_out = s.opted_out
             FROM (SELECT count(*) FILTER (WHERE status IN ('sent','delivered'))::int AS sent,
                          count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
                          count(*) FILTER (WHERE status = 'failed')::int AS failed,
                          count(*) FILTER (WHERE status = 'optedOut')::int AS opted_out
                     FROM campaign_shipments WHERE campaign_id=$1) s
            WHERE c.id=$1`,
          [campaignId, recipients.length, at],
        );
        return [campaignChange(e.data, 'update')];
      }
      case 'CampaignStartRefused':
        await write(tx, `UPDATE campaigns SET status='INATIVA', last_error=$2, updated_at=$3 WHERE id=$1`, [
          e.data.campaignId,
          e.data.reason,
          at,
        ]);
        return [campaignChange(e.data, 'update')];
      case 'CampaignMessageQueued':
      case 'CampaignMessageFailed':
      case 'CampaignMessageSent':
      case 'CampaignMessageSkipped':
        return shipment(tx, e);
      case 'CampaignCancelled':
        await write(tx, `UPDATE campaigns SET status='CANCELADA', updated_at=$2 WHERE id=$1`, [
          e.data.campaignId,
          at,
        ]);
        return [campaignChange(e.data, 'update')];
      case 'CampaignRestarted':
        await write(tx, `UPDATE campaigns SET status='EM_ANDAMENTO', updated_at=$2 WHERE id=$1`, [
          e.data.campaignId,
          at,
        ]);
        return [campaignChange(e.data, 'update')];
      case 'CampaignFinished':
        await write(
          tx,
          `UPDATE campaigns SET status='FINALIZADA', completed_at=$2, updated_at=$3 WHERE id=$1`,
          [e.data.campaignId, e.data.completedAt, at],
        );
        return [campaignChange(e.data, 'update')];
      case 'CampaignSettingsChanged':
        await write(
          tx,
          `INSERT INTO campaign_settings (company_id, settings) VALUES ($1, $2)
           ON CONFLICT (company_id) DO UPDATE SET settings=$2`,
          [e.data.companyId, JSON.stringify(e.data.settings)],
        );
        return [];
    }
  },
};
