import type { PlanCreated } from '@zelo/contracts/tenancy/events';
import type { Change, Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

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
  {
    // The super user may clear a due date; a deleted company keeps its row until it is erased.
    id: 'projections/tenancy-003-company-lifecycle',
    sql: `ALTER TABLE companies ALTER COLUMN due_date DROP NOT NULL;
          ALTER TABLE companies ADD COLUMN deleted_at timestamptz;`,
  },
  {
    // Issue 24: plans recorded before the flag existed had the reports (on).
    id: 'projections/tenancy-004-plan-reports',
    sql: 'ALTER TABLE plans ADD COLUMN use_reports boolean NOT NULL DEFAULT true;',
  },
];

const planValues = (d: PlanCreated['data']) => [
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
  // Stored events are not parsed again on replay: one recorded before the flag has none (on).
  d.useReports ?? true,
];

const companyChange = (companyId: string, action: 'create' | 'update' | 'delete'): Change[] => [
  { companyId, kind: 'company', action, id: companyId },
];

export const tenancyProjection: Projection = {
  name: 'tenancy',
  tables: ['plans', 'companies'],
  async handle(tx, e) {
    switch (e.type) {
      case 'PlanCreated':
        await write(
          tx,
          `INSERT INTO plans VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14) ON CONFLICT (id) DO NOTHING`,
          planValues(e.data),
        );
        return;
      case 'PlanUpdated':
        await write(
          tx,
          `UPDATE plans SET name = $2, users = $3, connections = $4, queues = $5, value = $6, use_campaigns = $7,
             use_kanban = $8, use_open_ai = $9, use_integrations = $10, use_schedules = $11,
             use_internal_chat = $12, use_external_api = $13, use_reports = $14 WHERE id = $1`,
          planValues(e.data),
        );
        // The companies on the plan hear of it: their sessions' plan flags (menu, limits) refresh.
        return (
          await tx.query<{ id: string }>(
            'SELECT id FROM companies WHERE plan_id = $1 AND deleted_at IS NULL',
            [e.data.planId],
          )
        ).rows.flatMap((c) => companyChange(c.id, 'update'));
      case 'PlanDeleted':
        await write(tx, 'DELETE FROM plans WHERE id = $1', [e.data.planId]);
        return;
      case 'CompanyCreated':
        await write(
          tx,
          `INSERT INTO companies (id, name, email, phone, plan_id, status, due_date, recurrence, settings, created_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) ON CONFLICT (id) DO NOTHING`,
          [
            e.data.companyId,
            e.data.name,
            e.data.email,
            e.data.phone,
            e.data.planId,
            e.data.status,
            e.data.dueDate,
            e.data.recurrence,
            JSON.stringify(e.data.settings),
            e.metadata.at,
          ],
        );
        return companyChange(e.data.companyId, 'create');
      case 'CompanyUpdated':
        await write(
          tx,
          `UPDATE companies SET name = $2, email = $3, phone = $4, plan_id = $5, status = $6, due_date = $7,
             recurrence = $8 WHERE id = $1`,
          [
            e.data.companyId,
            e.data.name,
            e.data.email,
            e.data.phone,
            e.data.planId,
            e.data.status,
            e.data.dueDate,
            e.data.recurrence,
          ],
        );
        return companyChange(e.data.companyId, 'update');
      case 'CompanyDueDateMoved':
        await write(tx, 'UPDATE companies SET due_date = $2 WHERE id = $1', [
          e.data.companyId,
          e.data.dueDate,
        ]);
        return companyChange(e.data.companyId, 'update');
      case 'CompanyDeleted':
        await write(tx, 'UPDATE companies SET deleted_at = $2 WHERE id = $1', [
          e.data.companyId,
          e.metadata.at,
        ]);
        return companyChange(e.data.companyId, 'delete');
      case 'CompanyErased':
        // The other tables' rows of the company go generically (runner.ts, eraseCompanyRows).
        await write(tx, 'DELETE FROM companies WHERE id = $1', [e.data.companyId]);
        return;
      case 'CompanySignedUp':
        await write(
          tx,
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
        await write(
          tx,
          `UPDATE companies SET settings = settings || jsonb_build_object($2::text, $3::text) WHERE id = $1`,
          [e.data.companyId, e.data.key, e.data.value],
        );
        return [{ companyId: e.data.companyId, kind: 'setting', action: 'update', id: e.data.key }];
      case 'CompanySchedulesChanged':
        await write(tx, 'UPDATE companies SET schedules = $2 WHERE id = $1', [
          e.data.companyId,
          JSON.stringify(e.data.schedules),
        ]);
        return [{ companyId: e.data.companyId, kind: 'company', action: 'update', id: e.data.companyId }];
    }
  },
};
