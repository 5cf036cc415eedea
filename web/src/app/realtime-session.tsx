import { useEffect } from 'react';
import { endSessionTakenElsewhere } from '../features/auth/api/logout.ts';
import { refreshSession } from '../lib/api.ts';
import { useT } from '../lib/i18n.ts';
import { socket, useSocketEvent } from '../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../lib/store.ts';
import { toastWarning } from '../lib/toaster.ts';

// A dropped socket with an expired token gets a fresh one instead of failing forever.
socket.onTokenExpired = () => refreshSession().then((s) => s?.token ?? null);

/** Keeps the socket tied to the session and handles "logged in elsewhere" (section 4). */
export function RealtimeSession() {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const token = session?.token;
  const user = session?.user;

  useEffect(() => {
    if (token) socket.connect(token);
    else socket.disconnect();
  }, [token]);

  useSocketEvent<{ user?: { id: string } }>(user ? `company-${user.companyId}-auth` : null, (data) => {
    if (data.user?.id !== user?.id) return;
    toastWarning(t('shell.otherLogin'));
    void endSessionTakenElsewhere();
  });

  return null;
}
