import { randomBytes } from 'node:crypto';
import { defaultConnectionSettings } from '@zelo/contracts/connections/read-models';
import type { PlanCreated } from '@zelo/contracts/tenancy/events';
import { runConnectionCommand } from './connections/handlers.ts';
import type { Actor, Deps } from './platform/command-handler.ts';
import { idFromName } from './platform/ids.ts';
import { runQueueCommand } from './queues/handlers.ts';
import { createPlan, signUpCompany } from './tenancy/handlers.ts';
import { runUserCommand } from './users/handlers.ts';
import { verifyPassword } from './users/password.ts';

const seedActor: Actor = { companyId: null, actor: 'system:seed' };
const id = (name: string) => idFromName('zelo-seed', name);

export const DEMO = {
  companyId: id('company:demo'),
  adminId: id('user:admin'),
  queueId: id('queue:atendimento'),
  whatsappId: id('whatsapp:demo'),
  email: 'admin@zelo.dev',
  password: 'admin123',
};

const plan = (
  name: string,
  value: number,
  users: number,
  connections: number,
  queues: number,
  all: boolean,
): PlanCreated['data'] => ({
  planId: id(`plan:${name}`),
  name,
  users,
  connections,
  queues,
  value,
  useCampaigns: all,
  useKanban: all,
  useOpenAi: all,
  useIntegrations: all,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: all,
  useReports: true,
});

export const seededPlans = [
  plan('Básico', 99, 3, 1, 3, false),
  plan('Profissional', 199, 10, 3, 10, true),
  plan('Empresarial', 399, 50, 10, 50, true),
];

/** The platform's own company, holding the first super-admin of a deployment without the demo. */
export const PLATFORM = {
  companyId: id('company:platform'),
  adminId: id('user:platform-admin'),
  defaultEmail: 'admin@zelo.local',
};

export interface FirstAdmin {
  email: string | null;
  password: string | null;
}

/**
 * Plans always; then either the demo company (admin, queue, simulator connection; the embedded
 * `npm start`), or a first super-admin for a real deployment: from ZELO_ADMIN_EMAIL and
 * ZELO_ADMIN_PASSWORD, or with a random password printed once to the log. Safe to run on every start
 * and from several processes at once.
 */
export async function seed(
  deps: Deps,
  { demo, firstAdmin = { email: null, password: null } }: { demo: boolean; firstAdmin?: FirstAdmin },
) {
  for (const p of seededPlans) await createPlan(deps, p, seedActor);
  if (!demo) return seedFirstAdmin(deps, firstAdmin);
  const existing = await deps.store.readStream(`company-${DEMO.companyId}`);
  if (existing.revision >= 0) return;
  const dueDate = new Date(deps.clock.now().getTime() + 365 * 86_400_000).toISOString();
  await signUpCompany(
    deps,
    {
      name: 'Zelo Demo',
      email: DEMO.email,
      phone: '11999990000',
      password: DEMO.password,
      planId: seededPlans[1].planId,
      dueDate,
      companyId: DEMO.companyId,
      userId: DEMO.adminId,
    },
    seedActor,
  );
  const who = { ...seedActor, companyId: DEMO.companyId };
  await runQueueCommand(
    deps,
    {
      type: 'CreateQueue',
      companyId: DEMO.companyId,
      queue: {
        queueId: DEMO.queueId,
        name: 'Atendimento',
        color: '#2965CC',
        greetingMessage: 'Olá! Como podemos ajudar?',
        outOfHoursMessage: '',
        orderQueue: 1,
      },
    },
    who,
  );
  await runConnectionCommand(
    deps,
    {
      type: 'CreateConnection',
      companyId: DEMO.companyId,
      whatsappId: DEMO.whatsappId,
      // Random: the token sends as this company through POST /api/messages/send. A re-run of the seed
      // decides nothing for an existing connection, so the first token stays.
      token: randomBytes(24).toString('base64url'),
      fields: {
        ...defaultConnectionSettings,
        name: 'WhatsApp Demo',
        isDefault: true,
        provider: 'simulator',
        queueIds: [DEMO.queueId],
      },
    },
    who,
  );
  await runUserCommand(
    deps,
    DEMO.adminId,
    {
      type: 'UpdateUser',
      fields: {
        name: 'Zelo Demo',
        email: DEMO.email,
        profile: 'admin',
        super: true,
        allTicket: 'enabled',
        whatsappId: DEMO.whatsappId,
        queueIds: [DEMO.queueId],
      },
    },
    who,
  );
}

/** Creates the platform company and its super-admin once; later starts leave them as they are. */
async function seedFirstAdmin(deps: Deps, given: FirstAdmin) {
  const stream = `company-${PLATFORM.companyId}`;
  if ((await deps.store.readStream(stream)).revision >= 0) return;
  const email = given.email ?? PLATFORM.defaultEmail;
  const password = given.password ?? randomBytes(18).toString('base64url');
  try {
    await signUpCompany(
      deps,
      {
        name: 'Zelo',
        email,
        phone: '0000000000',
        password,
        planId: seededPlans[2].planId,
        dueDate: new Date(deps.clock.now().getTime() + 10 * 365 * 86_400_000).toISOString(),
        companyId: PLATFORM.companyId,
        userId: PLATFORM.adminId,
      },
      seedActor,
    );
  } catch (err) {
    // Another process starting beside this one created it first: its password stands, not ours.
    if ((await deps.store.readStream(stream)).revision >= 0) return;
    throw new Error(`the first super-admin (${email}) could not be created: ${(err as Error).message}`);
  }
  // Two processes signing the same ids up at once may both "succeed" (the second decides nothing new):
  // only the one whose password the stored user holds is the creator, and only it may print it.
  const created = (await deps.store.readStream(`user-${PLATFORM.adminId}`)).events.find(
    (e) => e.type === 'UserCreated',
  );
  const hash = (created?.data as { passwordHash?: string } | undefined)?.passwordHash;
  if (!hash || !(await verifyPassword(password, hash))) return;
  await runUserCommand(
    deps,
    PLATFORM.adminId,
    {
      type: 'UpdateUser',
      fields: {
        name: 'Zelo',
        email,
        profile: 'admin',
        super: true,
        allTicket: 'enabled',
        whatsappId: null,
        queueIds: [],
      },
    },
    { ...seedActor, companyId: PLATFORM.companyId },
  );
  if (given.password)
    console.log(`[zelo] first super-admin created: ${email} (password from ZELO_ADMIN_PASSWORD)`);
  else
    console.log(
      `[zelo] first super-admin created: ${email} / ${password} — shown this once; log in and change it`,
    );
}
