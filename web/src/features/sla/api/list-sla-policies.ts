import type { SlaPolicyView } from '@zelo/contracts/sla/read-models';
import { apiRequest } from '../../../lib/api.ts';

export const listSlaPolicies = (signal?: AbortSignal) =>
  apiRequest<SlaPolicyView[]>('/sla-policies/', { signal });
