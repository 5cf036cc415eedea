import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PLAN_FEATURES, PlanInput } from './plans.ts';

const plan = {
  name: 'Solo',
  users: 1,
  connections: 1,
  queues: 2,
  value: 49.9,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: false,
  useExternalApi: false,
  useKanban: false,
  useOpenAi: false,
  useIntegrations: false,
  useReports: true,
};
const issue = (input: object) => v.safeParse(PlanInput, input, { abortPipeEarly: true }).issues?.[0]?.message;

describe('the plan form', () => {
  it('takes a price in cents, even one floating point cannot hold exactly', () => {
    expect(issue(plan)).toBeUndefined();
    expect(issue({ ...plan, value: 0.29 })).toBeUndefined();
    expect(issue({ ...plan, value: 10.005 })).toBe('plans.twoDecimals');
    expect(issue({ ...plan, value: -1 })).toBe('plans.notNegative');
  });

  it('wants whole limits from 1 to 10000', () => {
    expect(issue({ ...plan, users: 0 })).toBe('plans.atLeastOne');
    expect(issue({ ...plan, queues: 1.5 })).toBe('plans.wholeNumber');
    expect(issue({ ...plan, connections: 10_001 })).toBe('plans.tooMany');
  });

  it('has every module switch, reports included (issue 24), and wants each set', () => {
    expect(PLAN_FEATURES).toContain('useReports');
    for (const f of PLAN_FEATURES) expect(issue({ ...plan, [f]: undefined })).toBeDefined();
  });

  it('wants a name of 2 to 50 characters', () => {
    expect(issue({ ...plan, name: 'S' })).toBe('validation.tooShort');
    expect(issue({ ...plan, name: 'S'.repeat(51) })).toBe('validation.tooLong');
  });
});
