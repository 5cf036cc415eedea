import { DEMO, type TestSystem } from './system.ts';

export interface Tenant {
  token: string;
  user: { id: string; email: string; name: string; companyId: string };
  companyId: string;
}

/**
 * Company A is the seeded demo company; B signs up on the smallest plan, like a customer would.
 * `plain` is a non-admin user of A, created by A's admin.
 */
export async function twoCompanies(system: TestSystem, prefix: string) {
  const a = await system.login(DEMO.email, DEMO.password);
  const plans = await system.api('GET', '/plans/list');
  const email = `admin@${prefix}-b.dev`;
  const signUp = await system.api('POST', '/companies/cadastro', {
    body: {
      name: `Empresa ${prefix}`,
      email,
      phone: '11988880000',
      password: 'senhaB1',
      planId: plans.body[0].id,
    },
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
  const b = await system.login(email, 'senhaB1');
  const plainEmail = `agente@${prefix}-a.dev`;
  const created = await system.api('POST', '/users', {
    token: a.token,
    body: { name: 'Agente A', email: plainEmail, password: 'agente1', queueIds: [DEMO.queueId] },
  });
  if (created.status !== 201) throw new Error(`user creation failed: ${JSON.stringify(created.body)}`);
  const plain = await system.login(plainEmail, 'agente1');
  return {
    a: { ...a, companyId: DEMO.companyId } as Tenant,
    b: { ...b, companyId: signUp.body.id as string } as Tenant,
    plain: { ...plain, companyId: DEMO.companyId } as Tenant,
    plans: plans.body as { id: string; users: number }[],
  };
}
