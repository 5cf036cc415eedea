import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { useEffect, useRef } from 'react';

// Our own PUT answers reach the lists and the header at once, before the socket echo arrives.
const bus = new EventTarget();

export function publishTicket(ticket: TicketView) {
  bus.dispatchEvent(new CustomEvent<TicketView>('ticket', { detail: ticket }));
}

export function useTicketPublished(handler: (ticket: TicketView) => void) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const listener = (e: Event) => ref.current((e as CustomEvent<TicketView>).detail);
    bus.addEventListener('ticket', listener);
    return () => bus.removeEventListener('ticket', listener);
  }, []);
}
