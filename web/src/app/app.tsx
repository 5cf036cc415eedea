import { Classes, OverlaysProvider, PortalProvider } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useRestoreSession } from '../features/auth/api/restore-session.ts';
import { appStore, StoreProvider, themeAtom, useAtomValue } from '../lib/store.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { RealtimeSession } from './realtime-session.tsx';
import { AppRouter } from './router.tsx';

function ThemeSync() {
  const theme = useAtomValue(themeAtom);
  // Blueprint's dark theme is a class; on body it also reaches portals (dialogs, toasts, popovers).
  useEffect(() => {
    document.body.classList.toggle(Classes.DARK, theme === 'dark');
  }, [theme]);
  return null;
}

function Boot() {
  useRestoreSession();
  return null;
}

export function App() {
  return (
    <StoreProvider store={appStore}>
      {/* BlueprintProvider minus its HotkeysProvider, which the signed-in shell adds (app-shell.tsx):
          the hotkeys dialog would weigh on the login page, which has no hotkeys. */}
      <PortalProvider>
        <OverlaysProvider>
          <Boot />
          <ThemeSync />
          <RealtimeSession />
          <ErrorBoundary whole>
            <AppRouter />
          </ErrorBoundary>
        </OverlaysProvider>
      </PortalProvider>
    </StoreProvider>
  );
}
