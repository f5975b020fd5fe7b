import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/client';
import { Brand } from '../layout/Brand';
import { Button } from '../ui/Button';
import { AdminLogin } from './AdminLogin';
import { fetchAdminStories, fetchUsers, revokeAdminSession } from './admin-api';
import { clearAdminToken, storeAdminToken, storedAdminToken } from './admin-session';
import { StoriesTab } from './StoriesTab';
import { UsersTab } from './UsersTab';
import '../layout/layout.css';
import './admin.css';
import { queryKeys } from '../api/query-keys';

/**
 * The hidden admin panel at /admin_{name}. Logged out until the
 * password is validated; the admin token is then kept for the browser session, data reloads
 * on revisit, and logout clears it and empties the lists. Loaded only on this route.
 */
export default function AdminPage() {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(storedAdminToken);

  const logout = useCallback(() => {
    clearAdminToken();
    setToken(null);
    queryClient.removeQueries({ queryKey: queryKeys.admin() });
  }, [queryClient]);

  if (!token) {
    return (
      <AdminLogin
        onLoggedIn={(newToken) => {
          storeAdminToken(newToken);
          setToken(newToken);
        }}
      />
    );
  }
  return (
    <AdminPanel
      token={token}
      onLogout={() => {
        // The server revokes the session (fire and forget, like the user's logout).
        revokeAdminSession(token).catch((error: unknown) => console.error('Admin logout failed', error));
        logout();
      }}
      onExpired={logout}
    />
  );
}

type Tab = 'stories' | 'users';

function AdminPanel({ token, onLogout, onExpired }: { token: string; onLogout(): void; onExpired(): void }) {
  const [tab, setTab] = useState<Tab>('stories');
  const users = useQuery({ queryKey: queryKeys.adminUsers(token), queryFn: () => fetchUsers(token) });
  const stories = useQuery({
    queryKey: queryKeys.adminStories(token),
    queryFn: () => fetchAdminStories(token),
  });

  if (users.isError) console.error('Failed to load users', users.error); // logged only (section 8)

  // An expired or revoked admin token: back to the password form (nothing left to revoke).
  const expired = [users.error, stories.error].some((e) => e instanceof ApiError && e.status === 401);
  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);

  const tabs: { id: Tab; label: string }[] = [
    { id: 'stories', label: `Stories (${stories.data?.length ?? 0})` },
    { id: 'users', label: `Users (${users.data?.total_users ?? 0})` },
  ];

  return (
    <div className="page admin-page">
      <header className="admin-bar">
        <div className="admin-bar__inner container">
          <Brand />
          <span className="admin-bar__title">Admin Panel</span>
          <Button variant="secondary" size="sm" onClick={onLogout}>
            Logout
          </Button>
        </div>
      </header>
      <main id="main" className="container admin-main">
        <div className="admin-tabs" role="tablist" aria-label="Admin sections">
          {tabs.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`admin-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`admin-panel-${t.id}`}
              className={`admin-tab ${tab === t.id ? 'admin-tab--active' : ''}`}
              onClick={() => setTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`}>
          {tab === 'stories' ? (
            <StoriesTab token={token} stories={stories} />
          ) : (
            <UsersTab token={token} users={users.data} />
          )}
        </div>
      </main>
    </div>
  );
}
