import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';
import type { Ticket } from '../types.ts';

/** Section 2 Transfer dialog: a queue and a connection are required, the user is optional. */
export const TransferTicketInput = v.object({
  userId: v.nullable(v.string()),
  queueId: v.pipe(v.string(), v.nonEmpty()),
  whatsappId: v.pipe(v.string(), v.nonEmpty()),
});
export type TransferTicketInput = v.InferOutput<typeof TransferTicketInput>;

export const transferTicket = (id: string, input: TransferTicketInput) =>
  apiRequest<Ticket>(`/tickets/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: v.parse(TransferTicketInput, input),
  });
