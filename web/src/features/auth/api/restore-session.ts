import { useEffect } from 'react';
import { refreshSession } from '../../../lib/api.ts';
import { appStore, authLoadingAtom } from '../../../lib/store.ts';

/** POST /auth/refresh_token: the httpOnly cookie is the only thing that survives a reload. */
export const restoreSession = () => refreshSession();

export function useRestoreSession() {
  useEffect(() => {
    void restoreSession().finally(() => appStore.set(authLoadingAtom, false));
  }, []);
}
