import type { SimConnection } from '@zelo/contracts/simulator/read-models';
import { apiRequest } from '../../../lib/api.ts';
import { useRequest } from '../../../lib/use-request.ts';

export const listSimConnections = (signal?: AbortSignal) =>
  apiRequest<SimConnection[]>('/simulator/connections', { auth: false, signal });

export const useSimConnections = () => useRequest(listSimConnections, []);
