import type { ConnectionUpdated } from '@zelo/contracts/connections/events';
import type { Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

export const connectionsMigrations = [
  {
    id: 'projections/connections-001',
    sql: `
      CREATE TABLE whatsapps (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, name text NOT NULL, status text NOT NULL DEFAULT 'DISCONNECTED',
        qrcode text NOT NULL DEFAULT '', retries int NOT NULL DEFAULT 0, number text NOT NULL DEFAULT '',
        is_default boolean NOT NULL, provider text NOT NULL, token text NOT NULL, settings jsonb NOT NULL,
        queue_ids uuid[] NOT NULL, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX whatsapps_company ON whatsapps (company_id);
      CREATE UNIQUE INDEX whatsapps_token ON whatsapps (token);`,
  },
  {
    // The session an admin asked for, which the owning channel worker reconciles towards:
    // desired_session 'connected' | 'disconnected'; session_generation grows on every "new QR".
    id: 'connections/002-desired-session',
    sql: `
      ALTER TABLE whatsapps ADD COLUMN desired_session text NOT NULL DEFAULT 'connected',
                            ADD COLUMN session_generation int NOT NULL DEFAULT 0;`,
  },
];

/** The connection's settings column: every field of the event that has no column of its own. */
function settingsOf(d: ConnectionUpdated['data'] & { token?: string }): string {
  const {
    whatsappId: _w,
    companyId: _c,
    token: _t,
    name: _n,
    isDefault: _d,
    provider: _p,
    queueIds: _q,
    ...rest
  } = d;
  return JSON.stringify(rest);
}

export const connectionsProjection: Projection = {
  name: 'connections',
  tables: ['whatsapps'],
  async handle(tx, e) {
    const change = (d: { companyId: string; whatsappId: string }, action: 'create' | 'update' | 'delete') => [
      { companyId: d.companyId, kind: 'whatsapp' as const, action, id: d.whatsappId },
    ];
    switch (e.type) {
      case 'ConnectionCreated':
      case 'ConnectionUpdated':
        // Only one default per company: the decider guarantees it, the read model mirrors it.
        if (e.data.isDefault)
          await write(tx, 'UPDATE whatsapps SET is_default=false WHERE company_id=$1 AND id<>$2', [
            e.data.companyId,
            e.data.whatsappId,
          ]);
        if (e.type === 'ConnectionCreated') {
          await write(
            tx,
            `INSERT INTO whatsapps (id, company_id, name, is_default, provider, token, settings, queue_ids, created_at, updated_at)
             VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$9) ON CONFLICT (id) DO NOTHING`,
            [
              e.data.whatsappId,
              e.data.companyId,
              e.data.name,
              e.data.isDefault,
              e.data.provider,
              e.data.token,
              settingsOf(e.data),
              e.data.queueIds,
              e.metadata.at,
            ],
          );
        } else {
          await write(
            tx,
            `UPDATE whatsapps SET name=$2, is_default=$3, provider=$4, settings=$5, queue_ids=$6, updated_at=$7 WHERE id=$1`,
            [
              e.data.whatsappId,
              e.data.name,
              e.data.isDefault,
              e.data.provider,
              settingsOf(e.data),
              e.data.queueIds,
              e.metadata.at,
            ],
          );
        }
        return change(e.data, e.type === 'ConnectionCreated' ? 'create' : 'update');
      case 'ConnectionDeleted':
        await write(tx, 'DELETE FROM whatsapps WHERE id=$1', [e.data.whatsappId]);
        return change(e.data, 'delete');
      case 'ConnectionSessionRequested':
        await write(
          tx,
          `UPDATE whatsapps SET desired_session = $2,
                  session_generation = session_generation + CASE WHEN $3 THEN 1 ELSE 0 END WHERE id = $1`,
          [
            e.data.whatsappId,
            e.data.action === 'disconnect' ? 'disconnected' : 'connected',
            e.data.action === 'restart',
          ],
        );
        return change(e.data, 'update');
      case 'ConnectionStatusChanged':
        await write(
          tx,
          `UPDATE whatsapps SET status=$2, qrcode=$3, retries=$4, number=coalesce($5, number), updated_at=$6 WHERE id=$1`,
          [
            e.data.whatsappId,
            e.data.status,
            e.data.qrcode,
            e.data.retries,
            e.data.number ?? null,
            e.metadata.at,
          ],
        );
        return change(e.data, 'update');
    }
  },
};
