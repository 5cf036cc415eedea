import { UpdateTicketRequest } from '@zelo/contracts/tickets/api';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError } from '../../../lib/toaster.ts';
import { publishTicket } from '../lib/local-updates.ts';

/** PUT /tickets/{id}'s body, as the server's contract reads it. */
export type UpdateTicketInput = v.InferInput<typeof UpdateTicketRequest>;

export const updateTicket = (id: string, input: UpdateTicketInput) =>
  apiRequest<TicketView>(`/tickets/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: v.parse(UpdateTicketRequest, input),
  });

export type TicketAction = 'accept' | 'return' | 'resolve' | 'reopen';

/** The section 4 transitions as the header and list buttons trigger them. */
export function transitionInput(action: TicketAction, ticket: TicketView, me: string): UpdateTicketInput {
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
  return async (action: TicketAction, ticket: TicketView): Promise<TicketView | null> => {
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
