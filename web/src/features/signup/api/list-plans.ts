import type { PlanView } from '@zelo/contracts/tenancy/read-models';
import { apiRequest } from '../../../lib/api.ts';
import { useRequest } from '../../../lib/use-request.ts';

export const listPlans = (signal?: AbortSignal) =>
  apiRequest<PlanView[]>('/plans/list', { auth: false, signal });

export const usePlans = () => useRequest(listPlans, []);
