import type { ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { ConnectionsPage } from '../features/connections/components/connections-page.tsx';
import { ContactsPage } from '../features/contacts/components/contacts-page.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { MessagesApiPage } from '../features/messages-api/components/messages-api-page.tsx';
import { QueuesPage } from '../features/queues/components/queues-page.tsx';
import { QuickMessagesPage } from '../features/quick-messages/components/quick-messages-page.tsx';
import { SchedulesPage } from '../features/schedules/components/schedules-page.tsx';
import { SettingsPage } from '../features/settings/components/settings-page.tsx';
import { SignupPage } from '../features/signup/components/signup-page.tsx';
import { SimulatorPage } from '../features/simulator/components/simulator-page.tsx';
import { TagsPage } from '../features/tags/components/tags-page.tsx';
import { TodoPage } from '../features/todo/components/todo-page.tsx';
import { UsersPage } from '../features/users/components/users-page.tsx';
import { authLoadingAtom, sessionAtom, useAtomValue } from '../lib/store.ts';
import { AppShell } from './layout/app-shell.tsx';
import { AdminOnly } from './routes/admin-route.tsx';
import { TicketsRoute } from './routes/tickets-route.tsx';

/** Public screens send a logged-in user to the app (the spec's `/` lands on /tickets for now). */
function PublicOnly({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  return session ? <Redirect to="/tickets" replace /> : children;
}

function Private({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  return session ? <AppShell>{children}</AppShell> : <Redirect to="/login" replace />;
}

/** `/` is the admins' dashboard; everyone else starts on the tickets (doc 1 §2 side menu). */
function HomeRoute() {
  const session = useAtomValue(sessionAtom);
  return session?.user.profile === 'admin' ? <DashboardPage /> : <Redirect to="/tickets" replace />;
}

export function AppRouter() {
  const loading = useAtomValue(authLoadingAtom);
  return (
    <Switch>
      {/* The simulator stands in for customers' phones; it needs no session, so it never waits for one. */}
      <Route path="/simulator" component={SimulatorPage} />
      {loading && <Route component={FullScreenSpinner} />}
      <Route path="/login">
        <PublicOnly>
          <LoginPage />
        </PublicOnly>
      </Route>
      <Route path="/signup">
        <PublicOnly>
          <SignupPage />
        </PublicOnly>
      </Route>
      <Route path="/tickets/:ticketId?">
        {(params) => (
          <Private>
            <TicketsRoute ticketId={params.ticketId} />
          </Private>
        )}
      </Route>
      <Route path="/contacts">
        <Private>
          <ContactsPage />
        </Private>
      </Route>
      <Route path="/tags">
        <Private>
          <TagsPage />
        </Private>
      </Route>
      <Route path="/quick-messages">
        <Private>
          <QuickMessagesPage />
        </Private>
      </Route>
      <Route path="/todolist">
        <Private>
          <TodoPage />
        </Private>
      </Route>
      <Route path="/schedules">
        <Private>
          <SchedulesPage />
        </Private>
      </Route>
      <Route path="/users">
        <Private>
          <AdminOnly>
            <UsersPage />
          </AdminOnly>
        </Private>
      </Route>
      <Route path="/connections">
        <Private>
          <AdminOnly>
            <ConnectionsPage />
          </AdminOnly>
        </Private>
      </Route>
      <Route path="/queues">
        <Private>
          <AdminOnly>
            <QueuesPage />
          </AdminOnly>
        </Private>
      </Route>
      <Route path="/messages-api">
        <Private>
          <AdminOnly>
            <MessagesApiPage />
          </AdminOnly>
        </Private>
      </Route>
      <Route path="/settings">
        <Private>
          <AdminOnly>
            <SettingsPage />
          </AdminOnly>
        </Private>
      </Route>
      <Route path="/">
        <Private>
          <HomeRoute />
        </Private>
      </Route>
      <Route>
        <Redirect to="/tickets" replace />
      </Route>
    </Switch>
  );
}
