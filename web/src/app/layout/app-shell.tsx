import { Drawer, DrawerSize, HotkeysProvider } from '@blueprintjs/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useDesktopNotifications } from '../../features/messages/lib/use-desktop-notifications.ts';
import { useSlaAlerts } from '../../features/sla/lib/use-sla-alerts.ts';
import { sessionAtom, useAtomValue } from '../../lib/store.ts';
import { useWindowWidth } from '../../lib/use-media.ts';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';

const WIDE = 1200;
const MOBILE = 600;

export function AppShell({ children }: { children: ReactNode }) {
  const user = useAtomValue(sessionAtom)?.user;
  const width = useWindowWidth();
  const mobile = width < MOBILE;
  const [open, setOpen] = useState(() => window.innerWidth > WIDE);
  const [location, navigate] = useLocation();
  // Section 4 on every private page: only /tickets/:id shows a conversation that needs no notification.
  const visibleTicketId = /^\/tickets\/([^/]+)/.exec(location)?.[1] ?? null;
  useDesktopNotifications(visibleTicketId, (id) => navigate(`/tickets/${id}`));
  // Issue 24: admins hear of SLA warnings and breaches on every page.
  useSlaAlerts((id) => navigate(`/tickets/${id}`));
  // The plan's feature flags come with the session user (GET /auth/me): they gate menu entries.
  const plan = user?.company.plan ?? null;
  // Entering the overlay size closes the menu so it does not cover the page uninvited.
  useEffect(() => {
    if (mobile) setOpen(false);
  }, [mobile]);
  if (!user) return null;

  // Blueprint's hotkeys (the virtualized tables use them) only for signed-in pages: see app.tsx.
  return (
    <HotkeysProvider>
      <div className="app-shell">
        <TopBar user={user} compact={width < 900} onToggleMenu={() => setOpen((o) => !o)} />
        <div className="app-body">
          {mobile ? (
            <Drawer
              isOpen={open}
              onClose={() => setOpen(false)}
              position="left"
              size={DrawerSize.SMALL}
              className="side-drawer"
            >
              <SideMenu user={user} plan={plan} collapsed={false} onNavigate={() => setOpen(false)} />
            </Drawer>
          ) : (
            <SideMenu user={user} plan={plan} collapsed={!open} />
          )}
          <main className="app-content">{children}</main>
        </div>
      </div>
    </HotkeysProvider>
  );
}
