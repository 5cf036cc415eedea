import type { Projection } from '../runner.ts';

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

export const connectionsProjection: Projection = {
  name: 'connections',
  tables: ['whatsapps'],
  async handle(tx, e) {
    const d = e.data;
    const change = (action: 'create' | 'update' | 'delete') => [
      { companyId: d.companyId, kind: 'whatsapp' as const, action, id: d.whatsappId },
    ];
    const settings = () => {
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
    };
    switch (e.type) {
      case 'ConnectionCreated':
      case 'ConnectionUpdated':
        // Only one default per company: the decider guarantees it, the read model mirrors it.
        if (d.isDefault)
          await tx.query('UPDATE whatsapps SET is_default=false WHERE company_id=$1 AND id<>$2', [
            d.companyId,
            d.whatsappId,
          ]);
        if (e.type === 'ConnectionCreated') {
          await tx.query(
            `INSERT INTO whatsapps (id, company_id, name, is_default, provider, token, settings, queue_ids, created_at, updated_at)
             VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$9) ON CONFLICT (id) DO NOTHING`,
            [
              d.whatsappId,
              d.companyId,
              d.name,
              d.isDefault,
              d.provider,
              d.token,
              settings(),
              d.queueIds,
              e.metadata.at,
            ],
          );
        } else {
          await tx.query(
            `UPDATE whatsapps SET name=$2, is_default=$3, provider=$4, settings=$5, queue_ids=$6, updated_at=$7 WHERE id=$1`,
            [d.whatsappId, d.name, d.isDefault, d.provider, settings(), d.queueIds, e.metadata.at],
          );
        }
        return change(e.type === 'ConnectionCreated' ? 'create' : 'update');
      case 'ConnectionDeleted':
        await tx.query('DELETE FROM whatsapps WHERE id=$1', [d.whatsappId]);
        return change('delete');
      case 'ConnectionSessionRequested':
        await tx.query(
          `UPDATE whatsapps SET desired_session = $2,
                  session_generation = session_generation + CASE WHEN $3 THEN 1 ELSE 0 END WHERE id = $1`,
          [d.whatsappId, d.action === 'disconnect' ? 'disconnected' : 'connected', d.action === 'restart'],
        );
        return change('update');
      case 'ConnectionStatusChanged':
        await tx.query(
          `UPDATE whatsapps SET status=$2, qrcode=$3, retries=$4, number=coalesce($5, number), updated_at=$6 WHERE id=$1`,
          [d.whatsappId, d.status, d.qrcode, d.retries, d.number ?? null, e.metadata.at],
        );
        return change('update');
    }
  },
};
