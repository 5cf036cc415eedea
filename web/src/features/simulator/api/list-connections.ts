import { apiRequest } from '../../../lib/api.ts';
import { useRequest } from '../../../lib/use-request.ts';

export interface SimConnection {
  id: string;
  name: string;
  companyName: string;
  status: string;
}

export const listSimConnections = (signal?: AbortSignal) =>
  apiRequest<SimConnection[]>('/simulator/connections', { auth: false, signal });

export const useSimConnections = () => useRequest(listSimConnections, []);
