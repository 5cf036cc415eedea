import { navigate } from 'wouter/use-browser-location';
import { apiRequest } from '../../../lib/api.ts';
import { appStore, sessionAtom, setSession } from '../../../lib/store.ts';

/**
 * The last login made in this browser: when, and by which tab. Local storage is shared by the tabs,
 * session storage is each tab's own (and survives its reloads).
 */
const LOGIN_MARK_KEY = 'loginMark';
const SAME_BROWSER_MS = 10_000;

/** Called on each login in this tab, so its other tabs can tell their own browser's login from another's. */
export function markLogin() {
  const mark = `${Date.now()}:${Math.random().toString(36).slice(2)}`;
  localStorage.setItem(LOGIN_MARK_KEY, mark);
  sessionStorage.setItem(LOGIN_MARK_KEY, mark);
}

/** Another tab of this browser logged in a moment ago (and so owns the cookie and the stored token). */
function anotherTabJustLoggedIn(): boolean {
  const mark = localStorage.getItem(LOGIN_MARK_KEY);
  if (!mark || mark === sessionStorage.getItem(LOGIN_MARK_KEY)) return false;
  return Date.now() - Number(mark.split(':')[0]) < SAME_BROWSER_MS;
}

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
  const sameBrowser = anotherTabJustLoggedIn();
  if (sameBrowser) appStore.set(sessionAtom, null);
  else setSession(null);
  navigate('/login', { replace: true });
  if (!sameBrowser) await logout().catch(() => undefined);
}
