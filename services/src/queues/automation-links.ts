import { DomainError, type ErrorCode } from '@zelo/contracts/errors';
import {
  type AutomationRefField,
  type AutomationRefs,
  foreignAutomationRef,
} from '@zelo/projections/queues/automation-refs';
import type pg from 'pg';

const refused: Record<AutomationRefField, { code: ErrorCode; message: string }> = {
  promptId: { code: 'ERR_NO_PROMPT_FOUND', message: 'promptId: prompt not found' },
  integrationId: {
    code: 'ERR_NO_QUEUE_INTEGRATION_FOUND',
    message: 'integrationId: queue integration not found',
  },
  flowIdWelcome: { code: 'ERR_NO_FLOW_FOUND', message: 'flowIdWelcome: flow not found' },
};

/**
 * A queue or connection may link only the company's own prompt, integration and flow: another company's
 * id (or an unknown one) is refused before anything is written. An id it already links (`current`) is
 * not checked again, so a link whose prompt was deleted since never stops the dialog saving the rest.
 */
export async function assertAutomationRefs(
  pool: pg.Pool,
  companyId: string,
  refs: AutomationRefs,
  current: AutomationRefs = {},
) {
  const changed: AutomationRefs = {};
  for (const f of ['promptId', 'integrationId', 'flowIdWelcome'] as const)
    if (refs[f] !== current[f]) changed[f] = refs[f];
  const field = await foreignAutomationRef(pool, companyId, changed);
  if (!field) return;
  const { code, message } = refused[field];
  throw new DomainError(code, message, { fields: [{ field, message: message.split(': ')[1] }] });
}
