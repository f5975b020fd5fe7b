import { type AdminRole, roleLabels } from '@nocturne/domain';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { AuditTab } from '../audit/AuditTab';
import { Brand } from '../layout/Brand';
import { Button } from '../ui/Button';
import { EmptyNote } from '../ui/EmptyNote';
import { TabPanel, Tabs } from '../ui/Tabs';
import { AdminLogin } from './AdminLogin';
import { AdminAccessProvider, useAdminAccess } from './admin-access';
import { revokeAdminSession } from './admin-api';
import { adminKeys, adminStoriesQuery, adminUsersQuery, moderationQueueQuery } from './admin-queries';
import { type AdminSession, clearAdminSession, storeAdminSession, storedAdminSession } from './admin-session';
import { OverviewTab } from './OverviewTab';
import { ReportsTab } from './ReportsTab';
import { StaffInvitation } from './StaffInvitation';
import { StaffTab } from './StaffTab';
import { StoriesTab } from './StoriesTab';
import { UsersTab } from './UsersTab';
import './AdminPage.css';

/**
 * The hidden admin panel at /admin_{name}. Logged out until the owner's password or a staff
 * login is accepted; the session token and role are then kept for the browser session, data
 * reloads on revisit, and logout clears them and empties the lists. An invitation link
 * (`?invitation=`) opens the staff member's setup instead. Loaded only on this route.
 */
export default function AdminPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [session, setSession] = useState<AdminSession | null>(storedAdminSession);

  const logout = useCallback(() => {
    clearAdminSession();
    setSession(null);
    queryClient.removeQueries({ queryKey: adminKeys.all() });
  }, [queryClient]);

  const invitation = params.get('invitation');
  if (invitation)
    return <StaffInvitation token={invitation} onDone={() => setParams({}, { replace: true })} />;

  if (!session) {
    return (
      <AdminLogin
        onLoggedIn={(opened) => {
          storeAdminSession(opened);
          setSession(opened);
        }}
      />
    );
  }
  return (
    <AdminAccessProvider role={session.role}>
      <AdminPanel
        token={session.token}
        onLogout={() => {
          // The server revokes the session (fire and forget, like the user's logout).
          revokeAdminSession(session.token).catch((error: unknown) =>
            console.error('Admin logout failed', error),
          );
          logout();
        }}
        onExpired={logout}
      />
    </AdminAccessProvider>
  );
}

const TABS = ['overview', 'stories', 'users', 'reports', 'audit', 'staff'] as const;
type Tab = (typeof TABS)[number];

/**
 * Where each role's day starts: the owner and admins on the overview, a moderator on the queue,
 * an auditor on the console.
 */
const landingTab: Readonly<Record<AdminRole, Tab>> = {
  owner: 'overview',
  admin: 'overview',
  moderator: 'reports',
  auditor: 'audit',
};

const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab === value);

function AdminPanel({ token, onLogout, onExpired }: { token: string; onLogout(): void; onExpired(): void }) {
  const { role, may } = useAdminAccess();
  const canStories = may('GET', '/api/stories');
  const canUsers = may('GET', '/api/admin/users');
  const canReports = may('GET', '/api/admin/reports');
  const canStaff = may('GET', '/api/admin/staff');
  const canAudit = may('GET', '/api/admin/audit/timeline');
  // The overview is for those who see both the money and the queue: the owner and admins.
  const canOverview = may('GET', '/api/admin/revenue') && canReports;
  // The chosen tab lives in the URL, so a link opens it and the back button returns to the last one.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const chosen = isTab(asked) ? asked : landingTab[role];
  const setTab = (next: Tab, section?: string) => setParams(section ? { tab: next, section } : { tab: next });
  const users = useInfiniteQuery({ ...adminUsersQuery(token), enabled: canUsers });
  const stories = useInfiniteQuery({ ...adminStoriesQuery(token), enabled: canStories });
  const reports = useInfiniteQuery({ ...moderationQueueQuery(token), enabled: canReports });

  if (users.isError) console.error('Failed to load users', users.error); // logged only, never shown: the panel goes on without it

  // An expired, revoked or removed session: back to the sign-in (nothing left to revoke).
  const expired = [users.error, stories.error, reports.error].some(
    (e) => e instanceof ApiError && e.status === 401,
  );
  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);

  const tabs: { id: Tab; label: string }[] = [
    ...(canOverview ? [{ id: 'overview' as const, label: 'Overview' }] : []),
    ...(canStories
      ? [{ id: 'stories' as const, label: `Stories (${stories.data?.pages[0]?.total ?? 0})` }]
      : []),
    ...(canUsers
      ? [{ id: 'users' as const, label: `Users (${users.data?.pages[0]?.total_users ?? 0})` }]
      : []),
    ...(canReports
      ? [{ id: 'reports' as const, label: `Reports (${reports.data?.pages[0]?.open ?? 0})` }]
      : []),
    ...(canAudit ? [{ id: 'audit' as const, label: 'Audit' }] : []),
    ...(canStaff ? [{ id: 'staff' as const, label: 'Staff' }] : []),
  ];
  const tab = chosen && tabs.some((t) => t.id === chosen) ? chosen : tabs[0]?.id;

  return (
    <div className="page admin-page">
      <header className="admin-bar">
        <div className="admin-bar__inner container">
          <Brand />
          <span className="admin-bar__title">
            Admin Panel <span className="admin-bar__role">{roleLabels[role]}</span>
          </span>
          <Button variant="secondary" size="sm" onClick={onLogout}>
            Logout
          </Button>
        </div>
      </header>
      <main id="main" className="container admin-main">
        <Tabs label="Admin sections" idPrefix="admin" tabs={tabs} current={tab} onChoose={setTab} />
        {tab ? (
          <TabPanel idPrefix="admin" id={tab}>
            {tab === 'overview' ? (
              <OverviewTab
                token={token}
                users={users}
                reports={reports}
                onGo={(target) => setTab(target.tab, target.section)}
              />
            ) : null}
            {tab === 'stories' ? <StoriesTab token={token} stories={stories} /> : null}
            {tab === 'users' ? <UsersTab token={token} users={users} /> : null}
            {tab === 'reports' ? <ReportsTab token={token} pages={reports} /> : null}
            {tab === 'audit' ? <AuditTab token={token} /> : null}
            {tab === 'staff' ? <StaffTab token={token} /> : null}
          </TabPanel>
        ) : (
          <EmptyNote>Your role has nothing to show here yet.</EmptyNote>
        )}
      </main>
    </div>
  );
}
