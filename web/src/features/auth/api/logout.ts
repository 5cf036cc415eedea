import { navigate } from 'wouter/use-browser-location';
import { apiRequest } from '../../../lib/api.ts';
import { appStore, sessionAtom, setSession } from '../../../lib/store.ts';

/** When this browser last logged in (any tab), so a tab can tell its own browser's login from another's. */
export const LOGIN_AT_KEY = 'loginAt';
const SAME_BROWSER_MS = 10_000;

export const logout = () => apiRequest<void>('/auth/logout', { method: 'DELETE' });

export function useLogout() {
  return async () => {
    // Leaving must work even when the server is unreachable, so the local session goes regardless.
    await logout().catch(() => undefined);
    setSession(null);
    navigate('/login', { replace: true });
  };
}

/**
 * Doc 1 §4 "session elsewhere": the same user logged in on another computer, so this one stops at once.
 * The token goes first (nothing more is sent with it), then the refresh cookie on the server, or the
 * next reload would log straight back in; the person lands on the login screen, the toast still showing.
 * When another tab of this very browser just made that login, the cookie and the stored token are that
 * tab's now: only this tab's session is dropped.
 */
export async function endSessionTakenElsewhere() {
  const sameBrowser = Date.now() - Number(localStorage.getItem(LOGIN_AT_KEY) ?? 0) < SAME_BROWSER_MS;
  if (sameBrowser) appStore.set(sessionAtom, null);
  else setSession(null);
  navigate('/login', { replace: true });
  if (!sameBrowser) await logout().catch(() => undefined);
}
