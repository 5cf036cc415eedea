import { SlaPolicyRequest } from '@zelo/contracts/sla/api';
import type { SlaPolicyView } from '@zelo/contracts/sla/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

/** POST /sla-policies/ or PUT /sla-policies/{id}; the contract's schema checks the body first. */
export const saveSlaPolicy = (id: string | null, request: SlaPolicyRequest) =>
  apiRequest<SlaPolicyView>(id ? `/sla-policies/${encodeURIComponent(id)}` : '/sla-policies/', {
    method: id ? 'PUT' : 'POST',
    body: v.parse(SlaPolicyRequest, request),
  });

export const deleteSlaPolicy = (id: string) =>
  apiRequest<unknown>(`/sla-policies/${encodeURIComponent(id)}`, { method: 'DELETE' });
