import type { AnyEvent } from '@zelo/contracts/events';
import {
  companySignedUp,
  planCreated,
  queueCreated,
  userCreated,
  userDeleted,
  userLanguageChanged,
  userUpdated,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { queuesProjection } from '../queues/queues.ts';
import { tenancyProjection } from '../tenancy/companies.ts';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { listUsers, passwordHashOf, sessionUser, userForLogin } from './queries.ts';
import { usersProjection } from './users.ts';

// The session joins the company, its plan and the user's queues, which their own projections keep.
const readers = [tenancyProjection, queuesProjection, usersProjection];

describe('users read model', () => {
  const db = useReadModelDatabase();
  const given = async (...events: AnyEvent[]) => (await db.given(readers, events)).history;

  function aCompany() {
    const plan = planCreated({ name: 'Pro', useKanban: true, useSchedules: false });
    const company = companySignedUp({
      planId: plan.data.planId,
      name: 'Acme',
      dueDate: '2026-02-01T00:00:00.000Z',
    });
    return { companyId: company.data.companyId, planId: plan.data.planId, events: [plan, company] };
  }

  it('keeps a user as last updated, with their language, and a new password hash only when one came', async () => {
    const { companyId, planId, events } = aCompany();
    const queue = queueCreated({ companyId, name: 'Suporte', color: '#112233', orderQueue: 1 });
    const created = userCreated({
      companyId,
      name: 'Bruno Lima',
      email: 'bruno@acme.example',
      passwordHash: 'h1',
    });
    const { userId } = created.data;
    await given(
      ...events,
      queue,
      created,
      userUpdated({
        ...created.data,
        passwordHash: undefined,
        name: 'Bruno L.',
        profile: 'admin',
        allTicket: 'enabled',
        queueIds: [queue.data.queueId],
      }),
      userLanguageChanged({ companyId, userId, language: 'es' }),
    );
    expect(await sessionUser(db.pool, userId)).toMatchObject({
      id: userId,
      name: 'Bruno L.',
      email: 'bruno@acme.example',
      profile: 'admin',
      super: false,
      allTicket: 'enabled',
      whatsappId: null,
      companyId,
      language: 'es',
      queueIds: [queue.data.queueId],
      queues: [{ id: queue.data.queueId, name: 'Suporte', color: '#112233' }],
      company: {
        id: companyId,
        name: 'Acme',
        planId,
        plan: { id: planId, name: 'Pro', useKanban: true, useSchedules: false },
      },
    });
    expect(await passwordHashOf(db.pool, userId)).toBe('h1');
    await given(userUpdated({ ...created.data, passwordHash: 'h2' }));
    expect(await userForLogin(db.pool, 'BRUNO@acme.example')).toMatchObject({
      id: userId,
      companyId,
      passwordHash: 'h2',
    });
  });

  it('lists the company users by name, without the deleted ones', async () => {
    const { companyId, events } = aCompany();
    const carla = userCreated({ companyId, name: 'Carla' });
    const ana = userCreated({ companyId, name: 'Ana' });
    const gone = userCreated({ companyId, name: 'Beatriz' });
    const history = await given(
      ...events,
      carla,
      ana,
      gone,
      userDeleted({ companyId, userId: gone.data.userId }),
      userCreated({ name: 'Alguém de outra empresa' }),
    );
    const page = await listUsers(db.pool, companyId, '', 1);
    expect(page.users.map((u) => [u.name, u.createdAt])).toEqual([
      ['Ana', history[3].metadata.at],
      ['Carla', history[2].metadata.at],
    ]);
    expect(page.count).toBe(2);
    expect(await sessionUser(db.pool, gone.data.userId)).toBeNull();
  });
});
