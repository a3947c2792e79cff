import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Route, Router, Switch } from 'wouter';
import type { Role } from './api/types';
import { AdminLayout } from './components/admin-layout';
import { RequireStaff } from './components/require-staff';
import { AuditPage } from './pages/audit-page';
import { ConversationsPage } from './pages/conversations-page';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';
import { PushPage } from './pages/push-page';
import { ReferralsPage } from './pages/referrals-page';
import { RemindersPage } from './pages/reminders-page';
import { UsersPage } from './pages/users-page';
import { followSystemTheme, Toaster } from './ui';

function Screen({ title, roles, children }: { title: string; roles: Role[]; children: (role: Role) => React.ReactNode }) {
  return (
    <RequireStaff roles={roles}>
      {(me) => (
        <AdminLayout title={title} role={me.role}>
          {children(me.role)}
        </AdminLayout>
      )}
    </RequireStaff>
  );
}

const ADMIN: Role[] = ['admin'];
const STAFF: Role[] = ['admin', 'support'];

/** The back-office under /admin. Any other admin path shows the dashboard (SPEC §2). */
export function AdminRoutes() {
  return (
    <Switch>
      <Route path="/login" component={LoginPage} />
      <Route path="/users">{() => <Screen title="Utilisateurs" roles={STAFF}>{(role) => <UsersPage role={role} />}</Screen>}</Route>
      <Route path="/reminders">{() => <Screen title="Rappels" roles={STAFF}>{(role) => <RemindersPage role={role} />}</Screen>}</Route>
      <Route path="/referrals">{() => <Screen title="Parrainage" roles={ADMIN}>{() => <ReferralsPage />}</Screen>}</Route>
      <Route path="/push-notifications">{() => <Screen title="Notifications push" roles={ADMIN}>{() => <PushPage />}</Screen>}</Route>
      <Route path="/conversations/:userId">
        {(p) => <Screen title="Conversations" roles={STAFF}>{() => <ConversationsPage userId={Number(p.userId) || null} />}</Screen>}
      </Route>
      <Route path="/conversations">{() => <Screen title="Conversations" roles={STAFF}>{() => <ConversationsPage userId={null} />}</Screen>}</Route>
      <Route path="/audit">{() => <Screen title="Journal" roles={ADMIN}>{() => <AuditPage />}</Screen>}</Route>
      <Route>{() => <Screen title="Tableau de bord" roles={ADMIN}>{() => <DashboardPage />}</Screen>}</Route>
    </Switch>
  );
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => followSystemTheme(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <Router base="/admin">
        <AdminRoutes />
      </Router>
      <Toaster closeLabel="Fermer" />
    </QueryClientProvider>
  );
}
