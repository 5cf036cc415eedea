import { apiRequest } from '../../../lib/api.ts';
import { useRequest } from '../../../lib/use-request.ts';

export interface Plan {
  id: string;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
}

export const listPlans = (signal?: AbortSignal) => apiRequest<Plan[]>('/plans/list', { auth: false, signal });

export const usePlans = () => useRequest(listPlans, []);
