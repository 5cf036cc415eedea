import type { UpdateTicketRequest } from '@zelo/contracts/tickets/api';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

/** Section 2 Transfer dialog: a queue and a connection are required, the user is optional. */
export const TransferTicketInput = v.object({
  userId: v.nullable(v.string()),
  queueId: v.pipe(v.string(), v.nonEmpty()),
  whatsappId: v.pipe(v.string(), v.nonEmpty()),
});
export type TransferTicketInput = v.InferOutput<typeof TransferTicketInput>;

export const transferTicket = (id: string, input: TransferTicketInput) =>
  apiRequest<TicketView>(`/tickets/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: v.parse(TransferTicketInput, input) satisfies v.InferInput<typeof UpdateTicketRequest>,
  });
