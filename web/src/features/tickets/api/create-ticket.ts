import type { TicketView } from '@zelo/contracts/tickets/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

export const CreateTicketInput = v.object({
  contactId: v.pipe(v.string(), v.nonEmpty()),
  queueId: v.nullable(v.string()),
  whatsappId: v.nullable(v.string()),
  userId: v.string(),
});
export type CreateTicketInput = v.InferOutput<typeof CreateTicketInput>;

export const createTicket = (input: CreateTicketInput) =>
  apiRequest<TicketView>('/tickets', {
    method: 'POST',
    body: { ...v.parse(CreateTicketInput, input), status: 'open' },
  });
