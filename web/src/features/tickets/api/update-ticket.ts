import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError } from '../../../lib/toaster.ts';
import { publishTicket } from '../lib/local-updates.ts';
import type { Ticket } from '../types.ts';

export const UpdateTicketInput = v.object({
  status: v.picklist(['open', 'pending', 'closed']),
  userId: v.nullable(v.string()),
  queueId: v.optional(v.nullable(v.string())),
});
export type UpdateTicketInput = v.InferOutput<typeof UpdateTicketInput>;

export const updateTicket = (id: string, input: UpdateTicketInput) =>
  apiRequest<Ticket>(`/tickets/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: v.parse(UpdateTicketInput, input),
  });

export type TicketAction = 'accept' | 'return' | 'resolve' | 'reopen';

/** The section 4 transitions as the header and list buttons trigger them. */
export function transitionInput(action: TicketAction, ticket: Ticket, me: string): UpdateTicketInput {
  switch (action) {
    case 'accept':
      return { status: 'open', userId: me };
    case 'return':
      return { status: 'pending', userId: null };
    case 'resolve':
      return { status: 'closed', userId: ticket.userId ?? me, queueId: ticket.queueId };
    case 'reopen':
      return { status: 'open', userId: me, queueId: ticket.queueId };
  }
}

/** Runs a transition; resolves to the updated ticket, or null after showing the error toast. */
export function useTicketTransition() {
  const me = useAtomValue(sessionAtom)?.user.id ?? '';
  return async (action: TicketAction, ticket: Ticket): Promise<Ticket | null> => {
    try {
      const updated = await updateTicket(ticket.id, transitionInput(action, ticket, me));
      // The socket will say the same, but lists should not wait for it.
      publishTicket(updated);
      return updated;
    } catch (err) {
      toastError(err);
      return null;
    }
  };
}
