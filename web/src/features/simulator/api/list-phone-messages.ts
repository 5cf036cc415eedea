import type { SimPhoneMessage } from '@zelo/contracts/simulator/read-models';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api.ts';

export const listPhoneMessages = (connectionId: string, number: string, signal?: AbortSignal) =>
  apiRequest<SimPhoneMessage[]>(
    `/simulator/connections/${encodeURIComponent(connectionId)}/phones/${encodeURIComponent(number)}/messages`,
    { auth: false, signal },
  );

const POLL_MS = 1000;

/** The customer's phone has no socket, so it polls; a failed poll just waits for the next one. */
export function usePhoneMessages(connectionId: string | null, number: string) {
  const [messages, setMessages] = useState<SimPhoneMessage[]>([]);
  useEffect(() => {
    setMessages([]);
    const digits = number.replace(/\D/g, '');
    if (!connectionId || digits.length < 8) return;
    let ctrl = new AbortController();
    const poll = () => {
      ctrl.abort();
      ctrl = new AbortController();
      listPhoneMessages(connectionId, digits, ctrl.signal)
        .then(setMessages)
        .catch(() => undefined);
    };
    poll();
    const timer = setInterval(poll, POLL_MS);
    return () => {
      clearInterval(timer);
      ctrl.abort();
    };
  }, [connectionId, number]);
  return messages;
}
