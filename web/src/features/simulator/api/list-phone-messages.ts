import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api.ts';

export interface SimMessage {
  id: string;
  direction: 'inbound' | 'outbound';
  body: string;
  /** chat, image, audio, video, application...: what a phone shows above the caption. */
  mediaType: string;
  /** `/public/...` on the API for a media message, else null. */
  mediaUrl: string | null;
  createdAt: string;
  ack: number;
}

export const listPhoneMessages = (connectionId: string, number: string, signal?: AbortSignal) =>
  apiRequest<SimMessage[]>(
    `/simulator/connections/${encodeURIComponent(connectionId)}/phones/${encodeURIComponent(number)}/messages`,
    { auth: false, signal },
  );

const POLL_MS = 1000;

/** The customer's phone has no socket, so it polls; a failed poll just waits for the next one. */
export function usePhoneMessages(connectionId: string | null, number: string) {
  const [messages, setMessages] = useState<SimMessage[]>([]);
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
