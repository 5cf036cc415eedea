import { Spinner } from '@blueprintjs/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { authLoadingAtom, sessionAtom, useAtomValue } from '../lib/store.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { AdminOnly } from './routes/admin-route.tsx';
import { PlanOnly } from './routes/plan-route.tsx';

// Only the public screens' code ships in the first bundle; the signed-in shell and every page are
// fetched when first opened, so the login does not carry the tickets and an agent's first load does not
// carry the admin screens, the dashboard's charts or the calendar (bench:weight measures it).
const AppShell = lazy(() => import('./layout/app-shell.tsx').then((m) => ({ default: m.AppShell })));
const TicketsRoute = lazy(() =>
  import('./routes/tickets-route.tsx').then((m) => ({ default: m.TicketsRoute })),
);
// Its gate reads the menu's rules, which bring the menu's live badges along.
const CampaignsOnly = lazy(() =>
  import('./routes/campaigns-route.tsx').then((m) => ({ default: m.CampaignsOnly })),
);
const CampaignsPage = lazy(() =>
  import('../features/campaigns/components/campaigns-page.tsx').then((m) => ({ default: m.CampaignsPage })),
);
const CampaignReportPage = lazy(() =>
  import('../features/campaigns/components/campaign-report-page.tsx').then((m) => ({
    default: m.CampaignReportPage,
  })),
);
const CampaignSettingsPage = lazy(() =>
  import('../features/campaigns/components/campaign-settings-page.tsx').then((m) => ({
    default: m.CampaignSettingsPage,
  })),
);
const ChatsPage = lazy(() =>
  import('../features/chats/components/chats-page.tsx').then((m) => ({ default: m.ChatsPage })),
);
const ConnectionsPage = lazy(() =>
  import('../features/connections/components/connections-page.tsx').then((m) => ({
    default: m.ConnectionsPage,
  })),
);
const ContactListsPage = lazy(() =>
  import('../features/contact-lists/components/contact-lists-page.tsx').then((m) => ({
    default: m.ContactListsPage,
  })),
);
const ContactListItemsPage = lazy(() =>
  import('../features/contact-lists/components/contact-list-items-page.tsx').then((m) => ({
    default: m.ContactListItemsPage,
  })),
);
const ContactsPage = lazy(() =>
  import('./routes/contacts-route.tsx').then((m) => ({ default: m.ContactsRoute })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/components/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
);
const InvoicesPage = lazy(() =>
  import('./routes/invoices-route.tsx').then((m) => ({ default: m.InvoicesRoute })),
);
const KanbanPage = lazy(() =>
  import('../features/kanban/components/kanban-page.tsx').then((m) => ({ default: m.KanbanPage })),
);
const MessagesApiPage = lazy(() =>
  import('../features/messages-api/components/messages-api-page.tsx').then((m) => ({
    default: m.MessagesApiPage,
  })),
);
const QueuesPage = lazy(() =>
  import('../features/queues/components/queues-page.tsx').then((m) => ({ default: m.QueuesPage })),
);
const SlaPoliciesPage = lazy(() =>
  import('../features/sla/components/sla-policies-page.tsx').then((m) => ({ default: m.SlaPoliciesPage })),
);
const FileListsPage = lazy(() =>
  import('../features/file-lists/components/file-lists-page.tsx').then((m) => ({ default: m.FileListsPage })),
);
const FlowsPage = lazy(() =>
  import('../features/flows/components/flows-page.tsx').then((m) => ({ default: m.FlowsPage })),
);
const FlowEditorPage = lazy(() =>
  import('../features/flows/components/editor/flow-editor-page.tsx').then((m) => ({
    default: m.FlowEditorPage,
  })),
);
const PhraseListsPage = lazy(() =>
  import('../features/flows/components/phrase-lists-page.tsx').then((m) => ({ default: m.PhraseListsPage })),
);
const PromptsPage = lazy(() =>
  import('../features/prompts/components/prompts-page.tsx').then((m) => ({ default: m.PromptsPage })),
);
const QueueIntegrationsPage = lazy(() =>
  import('../features/queue-integrations/components/queue-integrations-page.tsx').then((m) => ({
    default: m.QueueIntegrationsPage,
  })),
);
const HelpsPage = lazy(() =>
  import('../features/helps/components/helps-page.tsx').then((m) => ({ default: m.HelpsPage })),
);
const AnnouncementsPage = lazy(() =>
  import('../features/announcements/components/announcements-page.tsx').then((m) => ({
    default: m.AnnouncementsPage,
  })),
);
const QuickMessagesPage = lazy(() =>
  import('../features/quick-messages/components/quick-messages-page.tsx').then((m) => ({
    default: m.QuickMessagesPage,
  })),
);
// reports (issue 24)
const ReportsPage = lazy(() =>
  import('../features/reports/components/reports-page.tsx').then((m) => ({ default: m.ReportsPage })),
);
const SchedulesPage = lazy(() =>
  import('../features/schedules/components/schedules-page.tsx').then((m) => ({ default: m.SchedulesPage })),
);
const SettingsPage = lazy(() =>
  import('./routes/settings-route.tsx').then((m) => ({ default: m.SettingsRoute })),
);
const ForgetPasswordPage = lazy(() =>
  import('../features/password-reset/components/forget-password-page.tsx').then((m) => ({
    default: m.ForgetPasswordPage,
  })),
);
const SignupPage = lazy(() =>
  import('../features/signup/components/signup-page.tsx').then((m) => ({ default: m.SignupPage })),
);
const SimulatorPage = lazy(() =>
  import('../features/simulator/components/simulator-page.tsx').then((m) => ({ default: m.SimulatorPage })),
);
const SubscriptionPage = lazy(() =>
  import('../features/subscription/components/subscription-page.tsx').then((m) => ({
    default: m.SubscriptionPage,
  })),
);
const TagsPage = lazy(() =>
  import('../features/tags/components/tags-page.tsx').then((m) => ({ default: m.TagsPage })),
);
const TodoPage = lazy(() =>
  import('../features/todo/components/todo-page.tsx').then((m) => ({ default: m.TodoPage })),
);
const UsersPage = lazy(() =>
  import('../features/users/components/users-page.tsx').then((m) => ({ default: m.UsersPage })),
);

/** While a page's code arrives: the shell stays, a spinner where the page will be. */
function PageLoading() {
  return (
    <div className="full-screen-center" data-testid="page-loading">
      <Spinner size={40} />
    </div>
  );
}

/** Public screens send a logged-in user to `/` (doc 2 §2.1), the dashboard or, for agents, the tickets. */
function PublicOnly({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  return session ? <Redirect to="/" replace /> : children;
}

function Private({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  return session ? (
    <AppShell>
      <ErrorBoundary>
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </ErrorBoundary>
    </AppShell>
  ) : (
    <Redirect to="/login" replace />
  );
}

/** `/` is the admins' dashboard; everyone else starts on the tickets (doc 1 §2 side menu). */
function HomeRoute() {
  const session = useAtomValue(sessionAtom);
  return session?.user.profile === 'admin' ? <DashboardPage /> : <Redirect to="/tickets" replace />;
}

export function AppRouter() {
  const loading = useAtomValue(authLoadingAtom);
  return (
    <Suspense fallback={<FullScreenSpinner />}>
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
        <Route path="/forgetpsw">
          <PublicOnly>
            <ForgetPasswordPage />
          </PublicOnly>
        </Route>
        <Route path="/tickets/:ticketId?">
          {(params) => (
            <Private>
              <TicketsRoute ticketId={params.ticketId} />
            </Private>
          )}
        </Route>
        <Route path="/chats/:id?">
          {(params) => (
            <Private>
              <ChatsPage chatId={params.id} />
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
        <Route path="/kanban">
          <Private>
            <PlanOnly feature="useKanban" message="kanban.planRefused">
              <KanbanPage />
            </PlanOnly>
          </Private>
        </Route>
        <Route path="/helps">
          <Private>
            <HelpsPage />
          </Private>
        </Route>
        <Route path="/announcements">
          <Private>
            <AnnouncementsPage />
          </Private>
        </Route>
        <Route path="/quick-messages">
          <Private>
            <QuickMessagesPage />
          </Private>
        </Route>
        {/* Doc 2 §2.12: the plan's useOpenAi, or a toast and back to / after a second. */}
        <Route path="/prompts">
          <Private>
            <AdminOnly>
              <PlanOnly feature="useOpenAi" message="prompts.planRefused">
                <PromptsPage />
              </PlanOnly>
            </AdminOnly>
          </Private>
        </Route>
        {/* Doc 2 §2.13: the plan's useIntegrations, or a toast and back to / after a second. */}
        <Route path="/queue-integration">
          <Private>
            <AdminOnly>
              <PlanOnly feature="useIntegrations" message="queueIntegrations.planRefused">
                <QueueIntegrationsPage />
              </PlanOnly>
            </AdminOnly>
          </Private>
        </Route>
        {/* Issue 24: reports, for admins of a plan with useReports (default on). */}
        <Route path="/reports">
          <Private>
            <AdminOnly>
              <PlanOnly feature="useReports" message="reports.planRefused">
                <ReportsPage />
              </PlanOnly>
            </AdminOnly>
          </Private>
        </Route>
        <Route path="/files">
          <Private>
            <FileListsPage />
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
        {/* Issue 24: SLA policies, admins only. */}
        <Route path="/sla-policies">
          <Private>
            <AdminOnly>
              <SlaPoliciesPage />
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
        <Route path="/campaigns">
          <Private>
            <AdminOnly>
              <CampaignsOnly>
                <CampaignsPage />
              </CampaignsOnly>
            </AdminOnly>
          </Private>
        </Route>
        <Route path="/campaign/:campaignId/report">
          {(params) => (
            <Private>
              <AdminOnly>
                <CampaignsOnly>
                  <CampaignReportPage campaignId={params.campaignId} />
                </CampaignsOnly>
              </AdminOnly>
            </Private>
          )}
        </Route>
        {/* Doc 2 §2.6: contact lists are the campaigns' audiences; agents may keep them too (not admin-only). */}
        <Route path="/contact-lists/:contactListId/contacts">
          {(params) => (
            <Private>
              <CampaignsOnly>
                <ContactListItemsPage contactListId={params.contactListId} />
              </CampaignsOnly>
            </Private>
          )}
        </Route>
        <Route path="/contact-lists">
          <Private>
            <CampaignsOnly>
              <ContactListsPage />
            </CampaignsOnly>
          </Private>
        </Route>
        <Route path="/campaigns-config">
          <Private>
            <AdminOnly>
              <CampaignsOnly>
                <CampaignSettingsPage />
              </CampaignsOnly>
            </AdminOnly>
          </Private>
        </Route>
        {/* Doc 2 §2.1, §2.14-2.16: the flow pages sit behind the same gate as the campaigns. */}
        <Route path="/flowbuilders">
          <Private>
            <AdminOnly>
              <CampaignsOnly>
                <FlowsPage />
              </CampaignsOnly>
            </AdminOnly>
          </Private>
        </Route>
        <Route path="/flowbuilder/:id?">
          {(params) => (
            <Private>
              <AdminOnly>
                <CampaignsOnly>
                  <FlowEditorPage key={params.id ?? ''} flowId={params.id} />
                </CampaignsOnly>
              </AdminOnly>
            </Private>
          )}
        </Route>
        <Route path="/phrase-lists">
          <Private>
            <AdminOnly>
              <CampaignsOnly>
                <PhraseListsPage />
              </CampaignsOnly>
            </AdminOnly>
          </Private>
        </Route>
        <Route path="/financeiro">
          <Private>
            <AdminOnly>
              <InvoicesPage />
            </AdminOnly>
          </Private>
        </Route>
        <Route path="/subscription">
          <Private>
            <AdminOnly>
              <SubscriptionPage />
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
    </Suspense>
  );
}
