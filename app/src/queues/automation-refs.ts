import type { TestSystem } from '../testing/system.ts';
import type { Tenant } from '../testing/two-companies.ts';

// Queue colours are unique per company: each call's sector queue takes the next one.
let made = 0;

/** A prompt, a webhook integration and a flow of the tenant, made through the API as its admin would. */
export async function automationOf(system: TestSystem, tenant: Tenant, label: string) {
  const created = async (path: string, body: object): Promise<string> => {
    const r = await system.api('POST', path, { token: tenant.token, body });
    if (r.status !== 201 && r.status !== 200)
      throw new Error(`POST ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.id;
  };
  made += 1;
  const color = `#5a3b${(0x10 + made).toString(16)}`;
  const queueId = await created('/queue', { name: `Setor ${label}`, color });
  const promptId = await created('/prompt', {
    name: `Assistente ${label}`,
    prompt: 'Você é a assistente da loja: responda com educação e brevidade, em português do Brasil.',
    apiKey: 'sk-test-0000000000000000',
    queueId,
  });
  const integrationId = await created('/queueIntegration', {
    type: 'webhook',
    name: `Webhook ${label}`,
    urlN8N: 'https://hooks.example.com/zelo',
  });
  const flowId = await created('/flowbuilder', { name: `Boas-vindas ${label}` });
  return { queueId, promptId, integrationId, flowId };
}
