import { useEffect, useRef, useState } from 'react';
import { useResync, useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { listConnections } from '../api/connections.ts';
import { applyPush, needsAttention, type WhatsappPush } from './connection-status.ts';

/** The company's connections, kept current by the socket (status and QR arrive as pushes). */
export function useLiveConnections() {
  const session = useAtomValue(sessionAtom);
  const companyId = session?.user.companyId;
  const request = useRequest(listConnections, [companyId]);
  // Pushes are applied at once; a quiet refetch after a burst corrects any push that overtook a later one
  // (a pairing sends several changes within milliseconds).
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  const onPush = (push: WhatsappPush) => {
    request.setData((list) => (list ? applyPush(list, push) : list));
    clearTimeout(settle.current);
    settle.current = setTimeout(request.reload, 700);
  };
  useSocketEvent(companyId ? `company-${companyId}-whatsapp` : null, onPush);
  useSocketEvent(companyId ? `company-${companyId}-whatsappSession` : null, onPush);
  useResync(request.reload);
  return request;
}

/**
 * Doc 1 §2 side menu: whether any connection needs attention, checked two seconds after the last
 * change (a pairing passes through OPENING for a moment; the badge should not flicker).
 */
export function useConnectionsNeedAttention(delayMs = 2000): boolean {
  const { data } = useLiveConnections();
  const [flag, setFlag] = useState(false);
  const first = useRef(true);
  useEffect(() => {
    if (!data) return;
    const value = needsAttention(data);
    if (first.current) {
      first.current = false;
      setFlag(value);
      return;
    }
    const timer = setTimeout(() => setFlag(value), delayMs);
    return () => clearTimeout(timer);
  }, [data, delayMs]);
  return flag;
}
