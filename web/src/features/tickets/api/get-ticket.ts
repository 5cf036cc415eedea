import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { ApiError, apiRequest } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.ts';
import { useResync, useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { showToast, toastError } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { useTicketPublished } from '../lib/local-updates.ts';

export const getTicket = (id: string, signal?: AbortSignal) =>
  apiRequest<TicketView>(`/tickets/${encodeURIComponent(id)}`, { signal });

/** The selected ticket, kept current by socket events; leaves for /tickets when it cannot be shown. */
export function useTicket(id: string | undefined) {
  const t = useT();
  const [, navigate] = useLocation();
  const companyId = useAtomValue(sessionAtom)?.user.companyId;
  const state = useRequest(async (signal) => (id ? getTicket(id, signal) : undefined), [id]);
  const { error, setData } = state;

  useEffect(() => {
    if (!error) return;
    if (error instanceof ApiError && error.code === 'ERR_NO_PERMISSION')
      showToast(t('tickets.accessDenied'), 'danger');
    else toastError(error);
    navigate('/tickets', { replace: true });
  }, [error, navigate, t]);

  useSocketEvent(companyId ? `company-${companyId}-ticket` : null, (event) => {
    if (event.action === 'update' && event.ticket.id === id) setData(() => event.ticket);
    if (event.action === 'delete' && event.ticketId === id) navigate('/tickets', { replace: true });
  });
  useResync(state.reload);
  useTicketPublished((ticket) => {
    if (ticket.id === id) setData(() => ticket);
  });

  return state;
}
