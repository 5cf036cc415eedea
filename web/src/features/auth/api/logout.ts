import { navigate } from 'wouter/use-browser-location';
import { apiRequest } from '../../../lib/api.ts';
import { setSession } from '../../../lib/store.ts';

export const logout = () => apiRequest<void>('/auth/logout', { method: 'DELETE' });

export function useLogout() {
  return async () => {
    // Leaving must work even when the server is unreachable, so the local session goes regardless.
    await logout().catch(() => undefined);
    setSession(null);
    navigate('/login', { replace: true });
  };
}
