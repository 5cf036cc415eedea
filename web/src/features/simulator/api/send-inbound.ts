import type { SimSent } from '@zelo/contracts/simulator/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';
import { toastError } from '../../../lib/toaster.ts';

export const SendInboundInput = v.object({
  from: v.pipe(
    v.string(),
    v.transform((s) => s.replace(/\D/g, '')),
    v.minLength(8),
    v.maxLength(20),
  ),
  name: v.pipe(v.string(), v.trim(), v.maxLength(60)),
  body: v.pipe(v.string(), v.trim(), v.nonEmpty()),
});
export type SendInboundInput = v.InferInput<typeof SendInboundInput>;

export const sendInbound = (connectionId: string, input: SendInboundInput) =>
  apiRequest<SimSent>(`/simulator/connections/${encodeURIComponent(connectionId)}/inbound`, {
    method: 'POST',
    body: v.parse(SendInboundInput, input),
    auth: false,
  });

/** Resolves true when the customer's message was accepted by the simulator. */
export function useSendInbound() {
  return async (connectionId: string, input: SendInboundInput) => {
    if (!v.is(SendInboundInput, input)) return false;
    try {
      await sendInbound(connectionId, input);
      return true;
    } catch (err) {
      toastError(err);
      return false;
    }
  };
}
