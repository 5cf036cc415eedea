import type { Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

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
    const change = (d: { companyId: string; userId: string }, action: 'create' | 'update' | 'delete') => [
      { companyId: d.companyId, kind: 'user' as const, action, id: d.userId },
    ];
    switch (e.type) {
      case 'UserCreated':
        await write(
          tx,
          `INSERT INTO users (id, company_id, name, email, password_hash, profile, super, all_ticket, whatsapp_id, queue_ids, created_at, updated_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$11) ON CONFLICT (id) DO NOTHING`,
          [
            e.data.userId,
            e.data.companyId,
            e.data.name,
            e.data.email,
            e.data.passwordHash,
            e.data.profile,
            e.data.super,
            e.data.allTicket,
            e.data.whatsappId,
            e.data.queueIds,
            e.metadata.at,
          ],
        );
        return change(e.data, 'create');
      case 'UserUpdated':
        await write(
          tx,
          `UPDATE users SET name=$2, email=$3, profile=$4, super=$5, all_ticket=$6, whatsapp_id=$7, queue_ids=$8,
             password_hash = coalesce($9, password_hash), updated_at=$10 WHERE id=$1`,
          [
            e.data.userId,
            e.data.name,
            e.data.email,
            e.data.profile,
            e.data.super,
            e.data.allTicket,
            e.data.whatsappId,
            e.data.queueIds,
            e.data.passwordHash ?? null,
            e.metadata.at,
          ],
        );
        return change(e.data, 'update');
      case 'UserDeleted':
        await write(tx, 'DELETE FROM users WHERE id=$1', [e.data.userId]);
        return change(e.data, 'delete');
      case 'UserLanguageChanged':
        await write(tx, 'UPDATE users SET language=$2 WHERE id=$1', [e.data.userId, e.data.language]);
        return;
    }
  },
};
