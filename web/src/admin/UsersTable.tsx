import { Button } from '../ui/Button';
import { useAdminAccess } from './admin-access';
import type { AdminUser } from './admin-api';
import { useUserActions } from './use-user-actions';

const date = (iso: string) => new Date(iso).toLocaleDateString();
const dateTime = (iso: string) => new Date(iso).toLocaleString();

/** The admin panel's users table with its row actions. */
export function UsersTable({ token, users }: { token: string; users: AdminUser[] }) {
  const actions = useUserActions(token);
  const { may } = useAdminAccess();
  const canResend = may('POST', '/api/admin/users/:email/resend-verification');
  const canGrant = may('PUT', '/api/admin/users/:email/subscription');
  const canDelete = may('DELETE', '/api/admin/users/:email');
  const anyAction = canResend || canGrant || canDelete;
  if (users.length === 0) return <p className="admin-empty">No users found</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Status</th>
            <th scope="col">Premium</th>
            <th scope="col">Created</th>
            <th scope="col">Last Login</th>
            {anyAction ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.email} data-email={user.email}>
              <td className="admin-table__email">{user.email}</td>
              <td>
                <span className={`admin-pill ${user.verified ? 'admin-pill--ok' : 'admin-pill--warn'}`}>
                  {user.verified ? 'Verified' : 'Unverified'}
                </span>
              </td>
              <td>
                <span className={`admin-pill ${user.is_subscribed ? 'admin-pill--premium' : ''}`}>
                  {user.is_subscribed ? 'Premium' : 'Free'}
                </span>
                {user.is_subscribed ? (
                  <span className="admin-table__meta"> {user.premium_stories_remaining} left</span>
                ) : null}
              </td>
              <td>{user.created_at ? date(user.created_at) : ''}</td>
              <td>{user.last_login ? dateTime(user.last_login) : 'Never'}</td>
              {anyAction ? (
                <td>
                  <div className="admin-table__actions">
                    {canResend && !user.verified ? (
                      <Button size="sm" variant="ghost" onClick={() => actions.resend(user.email)}>
                        Resend Verification
                      </Button>
                    ) : null}
                    {canGrant ? (
                      <Button
                        size="sm"
                        variant={user.is_subscribed ? 'secondary' : 'primary'}
                        onClick={() => actions.togglePremium(user.email, !user.is_subscribed)}
                      >
                        {user.is_subscribed ? 'Remove Premium' : 'Grant Premium'}
                      </Button>
                    ) : null}
                    {canDelete ? (
                      <Button size="sm" variant="danger" onClick={() => actions.remove(user.email)}>
                        Delete
                      </Button>
                    ) : null}
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
