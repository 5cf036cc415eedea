import {
  checkPrivacySetting,
  isPrivacySettingKey,
  PRIVACY_SETTING_DEFAULTS,
} from '@zelo/contracts/contacts/privacy';
import { DomainError } from '@zelo/contracts/errors';
import { SettingKeyParam, UpdateSettingRequest } from '@zelo/contracts/tenancy/api';
import type { SettingView } from '@zelo/contracts/tenancy/read-models';
import { isAllowedSettingValue } from '@zelo/contracts/tenancy/settings';
import { companySettings } from '@zelo/projections/tenancy/queries';
import type { FastifyInstance } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { runCompanyCommand } from './handlers.ts';

const SUPER_ONLY_SETTINGS = ['campaignsEnabled'];

/** The company's settings (doc 1 §2 settings screen, §3 setting keys): everyone reads, admins change. */
export async function settingsRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;

  // The privacy keys (issue 25) a company never set read as their defaults.
  app.get(
    '/settings',
    async (request): Promise<SettingView[]> =>
      companySettings(pool, request.session.companyId, PRIVACY_SETTING_DEFAULTS),
  );

  app.put(
    '/settings/:key',
    { onRequest: app.requireAdmin, schema: { params: SettingKeyParam, body: UpdateSettingRequest } },
    async (request): Promise<SettingView> => {
      const { key } = request.params;
      let { value } = request.body;
      // The super user's switch (PUT /companies/{id}), not the company admin's.
      if (SUPER_ONLY_SETTINGS.includes(key))
        throw new DomainError('ERR_NO_PERMISSION', `${key} is set by the super user on the company`);
      if (!isAllowedSettingValue(key, value))
        throw new DomainError('ERR_VALIDATION', `value: ${key} does not accept "${value}"`);
      if (isPrivacySettingKey(key)) {
        const checked = checkPrivacySetting(key, value);
        if (!checked.ok) throw new DomainError('ERR_VALIDATION', `value: ${key} ${checked.problem}`);
        value = checked.value;
      }
      const { companyId } = request.session;
      const r = await runCompanyCommand(
        deps,
        companyId,
        { type: 'ChangeSetting', key, value },
        actorOf(request),
      );
      await watcher.waitFor(r.position, ['tenancy']);
      return { key, value };
    },
  );
}
