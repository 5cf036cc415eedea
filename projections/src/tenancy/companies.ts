import type { Change, Projection } from '../runner.ts';

export const tenancyMigrations = [
  {
    id: 'projections/tenancy-001',
    sql: `
      CREATE TABLE plans (
        id uuid PRIMARY KEY, name text NOT NULL, users int NOT NULL, connections int NOT NULL, queues int NOT NULL,
        value numeric(12,2) NOT NULL, use_campaigns boolean NOT NULL, use_kanban boolean NOT NULL,
        use_open_ai boolean NOT NULL, use_integrations boolean NOT NULL, use_schedules boolean NOT NULL,
        use_internal_chat boolean NOT NULL, use_external_api boolean NOT NULL
      );
      CREATE TABLE companies (
        id uuid PRIMARY KEY, name text NOT NULL, email text NOT NULL, phone text NOT NULL, plan_id uuid NOT NULL,
        status boolean NOT NULL DEFAULT true, due_date timestamptz NOT NULL, recurrence text NOT NULL,
        settings jsonb NOT NULL, created_at timestamptz NOT NULL
      );`,
  },
  {
    id: 'projections/tenancy-002-company-schedules',
    sql: `ALTER TABLE companies ADD COLUMN schedules jsonb NOT NULL DEFAULT '[]';`,
  },
];

export const tenancyProjection: Projection = {
  name: 'tenancy',
  tables: ['plans', 'companies'],
  async handle(tx, e) {
    switch (e.type) {
      case 'PlanCreated':
        await tx.query(
          `INSERT INTO plans VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) ON CONFLICT (id) DO NOTHING`,
          [
            e.data.planId,
            e.data.name,
            e.data.users,
            e.data.connections,
            e.data.queues,
            e.data.value,
            e.data.useCampaigns,
            e.data.useKanban,
            e.data.useOpenAi,
            e.data.useIntegrations,
            e.data.useSchedules,
            e.data.useInternalChat,
            e.data.useExternalApi,
          ],
        );
        return;
      case 'CompanySignedUp':
        await tx.query(
          `INSERT INTO companies (id, name, email, phone, plan_id, due_date, recurrence, settings, created_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) ON CONFLICT (id) DO NOTHING`,
          [
            e.data.companyId,
            e.data.name,
            e.data.email,
            e.data.phone,
            e.data.planId,
            e.data.dueDate,
            e.data.recurrence,
            JSON.stringify(e.data.settings),
            e.metadata.at,
          ],
        );
        return [
          { companyId: e.data.companyId, kind: 'company', action: 'create', id: e.data.companyId },
        ] satisfies Change[];
      case 'CompanySettingChanged':
        await tx.query(
          `UPDATE companies SET settings = settings || jsonb_build_object($2::text, $3::text) WHERE id = $1`,
          [e.data.companyId, e.data.key, e.data.value],
        );
        return [{ companyId: e.data.companyId, kind: 'setting', action: 'update', id: e.data.key }];
      case 'CompanySchedulesChanged':
        await tx.query('UPDATE companies SET schedules = $2 WHERE id = $1', [
          e.data.companyId,
          JSON.stringify(e.data.schedules),
        ]);
        return [{ companyId: e.data.companyId, kind: 'company', action: 'update', id: e.data.companyId }];
    }
  },
};
