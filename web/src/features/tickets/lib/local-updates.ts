import { useEffect, useRef } from 'react';
import type { Ticket } from '../types.ts';

// Our own PUT answers reach the lists and the header at once, before the socket echo arrives.
const bus = new EventTarget();

export function publishTicket(ticket: Ticket) {
  bus.dispatchEvent(new CustomEvent<Ticket>('ticket', { detail: ticket }));
}

export function useTicketPublished(handler: (ticket: Ticket) => void) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const listener = (e: Event) => ref.current((e as CustomEvent<Ticket>).detail);
    bus.addEventListener('ticket', listener);
    return () => bus.removeEventListener('ticket', listener);
  }, []);
}
