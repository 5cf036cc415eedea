import type { SimPhone } from '@zelo/contracts/simulator/read-models';
import { apiRequest } from '../../../lib/api.ts';

/**
 * Someone installs WhatsApp on this number: the simulated network knows the phone from then on, so a
 * contact list's check answers it is on WhatsApp (a customer who writes has one already).
 */
export const addSimPhone = (number: string, name: string) =>
  apiRequest<SimPhone>('/simulator/phones', {
    method: 'POST',
    body: { number: number.replace(/\D/g, ''), name: name.trim() },
    auth: false,
  });
