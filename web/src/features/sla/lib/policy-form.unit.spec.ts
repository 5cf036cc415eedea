import type { SlaPolicyView } from '@zelo/contracts/sla/read-models';
import { describe, expect, it } from 'vitest';
import { formToRequest, type PolicyForm, policyToForm, validatePolicyForm } from './policy-form.ts';

const QUEUE = '4b0a3c52-8c1e-4c55-9d0b-1a2b3c4d5e6f';
const form = (over: Partial<PolicyForm> = {}): PolicyForm => ({
  ...policyToForm(null),
  name: 'Atendimento rápido',
  queueId: QUEUE,
  ...over,
});
const errorsOf = (values: PolicyForm) => validatePolicyForm(values, (key) => key) as Record<string, unknown>;
const firstResponse = (amount: number | null, unit: 'minutes' | 'hours' | 'days' = 'minutes') =>
  form({ firstResponse: { on: true, amount, unit } });

describe('a new policy', () => {
  it('starts answering within 30 minutes, the other targets off, in business hours', () => {
    expect(formToRequest(form())).toEqual({
      name: 'Atendimento rápido',
      queueId: QUEUE,
      whatsappId: null,
      firstResponseMinutes: 30,
      nextResponseMinutes: null,
      resolutionMinutes: null,
      clock: 'companyHours',
    });
    expect(errorsOf(form())).toEqual({});
  });
});

describe('a target', () => {
  it('turns its amount and unit into whole minutes', () => {
    expect(formToRequest(firstResponse(2, 'hours')).firstResponseMinutes).toBe(120);
    expect(formToRequest(firstResponse(1.5, 'hours')).firstResponseMinutes).toBe(90);
    expect(formToRequest(firstResponse(30, 'days')).firstResponseMinutes).toBe(43_200);
  });

  it('is refused below 1 minute, above 30 days and as a fraction of a minute', () => {
    expect(errorsOf(firstResponse(0))).toEqual({ firstResponse: { amount: 'sla.targetMin' } });
    expect(errorsOf(firstResponse(-3))).toEqual({ firstResponse: { amount: 'sla.targetMin' } });
    expect(errorsOf(firstResponse(43_201))).toEqual({ firstResponse: { amount: 'sla.targetMax' } });
    expect(errorsOf(firstResponse(31, 'days'))).toEqual({ firstResponse: { amount: 'sla.targetMax' } });
    expect(errorsOf(firstResponse(0.5))).toEqual({ firstResponse: { amount: 'sla.targetWhole' } });
    expect(errorsOf(firstResponse(43_200))).toEqual({});
    expect(errorsOf(firstResponse(1))).toEqual({});
  });

  it('asks for the time when switched on with an empty box', () => {
    expect(errorsOf(firstResponse(null))).toEqual({ firstResponse: { amount: 'sla.targetRequired' } });
  });

  it('switched off, sends null whatever its box holds, and its box is not checked', () => {
    const values = form({
      nextResponse: { on: true, amount: 10, unit: 'minutes' },
      firstResponse: { on: false, amount: 0, unit: 'minutes' },
    });
    expect(errorsOf(values)).toEqual({});
    expect(formToRequest(values)).toMatchObject({ firstResponseMinutes: null, nextResponseMinutes: 10 });
  });
});

describe('the policy as a whole', () => {
  it('needs at least one target', () => {
    const none = form({ firstResponse: { on: false, amount: 30, unit: 'minutes' } });
    expect(errorsOf(none)).toEqual({ targets: 'sla.atLeastOneTarget' });
  });

  it('needs a name and a queue', () => {
    expect(errorsOf(form({ name: '  ', queueId: '' }))).toEqual({
      name: 'validation.required',
      queueId: 'validation.required',
    });
  });
});

describe('an existing policy', () => {
  const policy: SlaPolicyView = {
    id: 'p1',
    name: 'VIP',
    queueId: QUEUE,
    whatsappId: 'w1',
    firstResponseMinutes: 120,
    nextResponseMinutes: null,
    resolutionMinutes: 28 * 60,
    clock: 'calendar',
    queue: { id: QUEUE, name: 'Vendas', color: '#f00' },
    whatsapp: { id: 'w1', name: 'Loja' },
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };

  it('opens in the largest unit that holds each target exactly, and saves back unchanged', () => {
    const values = policyToForm(policy);
    expect(values.firstResponse).toEqual({ on: true, amount: 2, unit: 'hours' });
    expect(values.nextResponse).toEqual({ on: false, amount: 1, unit: 'hours' });
    expect(values.resolution).toEqual({ on: true, amount: 28, unit: 'hours' });
    expect(formToRequest(values)).toEqual({
      name: 'VIP',
      queueId: QUEUE,
      whatsappId: 'w1',
      firstResponseMinutes: 120,
      nextResponseMinutes: null,
      resolutionMinutes: 28 * 60,
      clock: 'calendar',
    });
  });
});
