import { DataTable } from '../ui/DataTable';
import { EmptyNote } from '../ui/EmptyNote';
import { LinkButton } from '../ui/LinkButton';
import { Pill } from '../ui/Pill';
import type { AdminUser } from './admin-api';
import { PremiumStanding } from './PremiumStanding';
import { UserActionButtons, useUserActionRights } from './UserActionButtons';
import type { UserAction } from './use-user-actions';

const date = (iso: string) => new Date(iso).toLocaleDateString();
const dateTime = (iso: string) => new Date(iso).toLocaleString();

/**
 * The admin panel's users table: each address opens the user's details beside the list; the row
 * actions are quiet buttons, each asked before it is done.
 */
export function UsersTable({
  users,
  selected,
  empty = 'No users found',
  onOpen,
  onAction,
}: {
  users: AdminUser[];
  /** The account id of the user open in the panel. */
  selected: string | null;
  empty?: string;
  onOpen(accountId: string): void;
  onAction(action: UserAction, email: string): void;
}) {
  const anyAction = useUserActionRights().any;
  if (users.length === 0) return <EmptyNote>{empty}</EmptyNote>;
  return (
    <DataTable stack label="Users">
      <thead>
        <tr>
          <th scope="col">Email</th>
          <th scope="col">Status</th>
          <th scope="col">Premium</th>
          <th scope="col" className="users-table__when">
            Created
          </th>
          <th scope="col" className="users-table__when">
            Last Login
          </th>
          {anyAction ? <th scope="col">Actions</th> : null}
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr
            key={user.account_id}
            data-email={user.email}
            aria-current={user.account_id === selected ? 'true' : undefined}
          >
            <td data-label="Email" className="data-table__email">
              <LinkButton
                className="users-table__open"
                aria-label={`Open ${user.email === 'sealed' ? `account ${user.account_id}` : user.email}`}
                onClick={() => onOpen(user.account_id)}
              >
                {user.email === 'sealed' ? <span className="text-mono">{user.account_id}</span> : user.email}
              </LinkButton>
            </td>
            <td data-label="Status">
              <Pill tone={user.verified ? 'ok' : 'warn'}>{user.verified ? 'Verified' : 'Unverified'}</Pill>
            </td>
            <td data-label="Premium">
              <PremiumStanding user={user} left="left" />
            </td>
            <td data-label="Created" className="users-table__when">
              {user.created_at ? date(user.created_at) : ''}
            </td>
            <td data-label="Last Login" className="users-table__when">
              {user.last_login ? dateTime(user.last_login) : 'Never'}
            </td>
            {anyAction ? (
              <td data-label="Actions">
                <div className="data-table__actions">
                  <UserActionButtons user={user} place="row" onAction={onAction} />
                </div>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
