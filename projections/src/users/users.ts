import type { Projection } from '../runner.ts';

export const usersMigrations = [
  {
    id: 'projections/users-001',
    sql: `
      CREATE TABLE users (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, name text NOT NULL, email text NOT NULL UNIQUE,
        password_hash text NOT NULL, profile text NOT NULL, super boolean NOT NULL, all_ticket text NOT NULL,
        whatsapp_id uuid, queue_ids uuid[] NOT NULL, language text NOT NULL DEFAULT 'pt',
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX users_company ON users (company_id, name);`,
  },
];

export const usersProjection: Projection = {
  name: 'users',
  tables: ['users'],
  async handle(tx, e) {
    const d = e.data;
    const change = (action: 'create' | 'update' | 'delete') => [
      { companyId: d.companyId, kind: 'user' as const, action, id: d.userId },
    ];
    switch (e.type) {
      case 'UserCreated':
        await tx.query(
          `INSERT INTO users (id, company_id, name, email, password_hash, profile, super, all_ticket, whatsapp_id, queue_ids, created_at, updated_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$11) ON CONFLICT (id) DO NOTHING`,
          [
            d.userId,
            d.companyId,
            d.name,
            d.email,
            d.passwordHash,
            d.profile,
            d.super,
            d.allTicket,
            d.whatsappId,
            d.queueIds,
            e.metadata.at,
          ],
        );
        return change('create');
      case 'UserUpdated':
        await tx.query(
          `UPDATE users SET name=$2, email=$3, profile=$4, super=$5, all_ticket=$6, whatsapp_id=$7, queue_ids=$8,
             password_hash = coalesce($9, password_hash), updated_at=$10 WHERE id=$1`,
          [
            d.userId,
            d.name,
            d.email,
            d.profile,
            d.super,
            d.allTicket,
            d.whatsappId,
            d.queueIds,
            d.passwordHash ?? null,
            e.metadata.at,
          ],
        );
        return change('update');
      case 'UserDeleted':
        await tx.query('DELETE FROM users WHERE id=$1', [d.userId]);
        return change('delete');
      case 'UserLanguageChanged':
        await tx.query('UPDATE users SET language=$2 WHERE id=$1', [d.userId, d.language]);
        return;
    }
  },
};
