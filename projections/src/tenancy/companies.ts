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
    const d = e.data;
    switch (e.type) {
      case 'PlanCreated':
        await tx.query(
          `INSERT INTO plans VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) ON CONFLICT (id) DO NOTHING`,
          [
            d.planId,
            d.name,
            d.users,
            d.connections,
            d.queues,
            d.value,
            d.useCampaigns,
            d.useKanban,
            d.useOpenAi,
            d.useIntegrations,
            d.useSchedules,
            d.useInternalChat,
            d.useExternalApi,
          ],
        );
        return;
      case 'CompanySignedUp':
        await tx.query(
          `INSERT INTO companies (id, name, email, phone, plan_id, due_date, recurrence, settings, created_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) ON CONFLICT (id) DO NOTHING`,
          [
            d.companyId,
            d.name,
            d.email,
            d.phone,
            d.planId,
            d.dueDate,
            d.recurrence,
            JSON.stringify(d.settings),
            e.metadata.at,
          ],
        );
        return [
          { companyId: d.companyId, kind: 'company', action: 'create', id: d.companyId },
        ] satisfies Change[];
      case 'CompanySettingChanged':
        await tx.query(
          `UPDATE companies SET settings = settings || jsonb_build_object($2::text, $3::text) WHERE id = $1`,
          [d.companyId, d.key, d.value],
        );
        return [{ companyId: d.companyId, kind: 'setting', action: 'update', id: d.key }];
      case 'CompanySchedulesChanged':
        await tx.query('UPDATE companies SET schedules = $2 WHERE id = $1', [
          d.companyId,
          JSON.stringify(d.schedules),
        ]);
        return [{ companyId: d.companyId, kind: 'company', action: 'update', id: d.companyId }];
    }
  },
};
