import { useEffect } from 'react';
import { endSessionTakenElsewhere } from '../features/auth/api/logout.ts';
import { usePaymentSessionSync } from '../features/subscription/api/payment-frames.ts';
import { apiRequest, endSession, refreshSession } from '../lib/api.ts';
import { useT } from '../lib/i18n.ts';
import { socket, useResync, useSocketEvent } from '../lib/socket.ts';
import { appStore, refreshKeyAtom, sessionAtom, setSession, type User, useAtomValue } from '../lib/store.ts';
import { toastWarning } from '../lib/toaster.ts';

// A socket the server ended (4001: token expired, session ended) gets one refresh at once; when that
// fails, the session is over here too.
socket.onTokenExpired = () => refreshSession().then((s) => s?.token ?? null);
socket.onSessionEnded = endSession;

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

  // A paid invoice moves the company's due date: the top bar shows the new one at once.
  usePaymentSessionSync();

  // The super user changed the company or its plan: the plan's flags and the due date follow at once.
  const reloadUser = () => {
    apiRequest<User>('/auth/me')
      .then((me) => {
        const current = appStore.get(sessionAtom);
        if (current && current.user.id === me.id) setSession({ ...current, user: me });
      })
      .catch(() => {});
  };
  useSocketEvent(user ? `company-${user.companyId}-company` : null, reloadUser);

  // Pushes may have been missed (this socket or the server's change feed was cut): the screens that the
  // top bar's refresh button reloads are reloaded the same way, and so is the session's user. Live
  // screens outside that (admin lists, bells) listen to the resync themselves (useResync).
  useResync(() => {
    if (!appStore.get(sessionAtom)) return;
    appStore.set(refreshKeyAtom, (n) => n + 1);
    reloadUser();
  });

  useSocketEvent(user ? `company-${user.companyId}-auth` : null, (data) => {
    if (data.user?.id !== user?.id) return;
    // Before the server closes this socket (4001): a refresh must not be tried, the session is gone.
    socket.disconnect();
    toastWarning(t('shell.otherLogin'));
    void endSessionTakenElsewhere();
  });

  return null;
}
