import { Button } from '../ui/Button';
import { useAdminAccess } from './admin-access';
import type { AdminUser } from './admin-api';
import type { UserAction } from './use-user-actions';

/** Which of the user actions the signed-in staff role may take. */
export function useUserActionRights() {
  const { may } = useAdminAccess();
  const canResend = may('POST', '/api/admin/users/:email/resend-verification');
  const canGrant = may('PUT', '/api/admin/users/:email/subscription');
  const canDelete = may('DELETE', '/api/admin/users/:email');
  return { canResend, canGrant, canDelete, any: canResend || canGrant || canDelete };
}

/**
 * A user's actions, those the role may take: Grant (or Remove) Premium, Resend Verification
 * while unverified, Delete; each asked before it is done (`onAction`). In a table's row every
 * button is quiet; in the user's panel premium is the main one and Delete reads as dangerous.
 */
export function UserActionButtons({
  user,
  place,
  onAction,
}: {
  user: AdminUser;
  place: 'row' | 'panel';
  onAction(action: UserAction, email: string): void;
}) {
  const { canResend, canGrant, canDelete } = useUserActionRights();
  return (
    <>
      {canGrant ? (
        <Button
          size="sm"
          variant={place === 'panel' ? 'secondary' : 'ghost'}
          onClick={() => onAction(user.is_subscribed ? 'remove-premium' : 'grant', user.email)}
        >
          {user.is_subscribed ? 'Remove Premium' : 'Grant Premium'}
        </Button>
      ) : null}
      {canResend && !user.verified ? (
        <Button size="sm" variant="ghost" onClick={() => onAction('resend', user.email)}>
          Resend Verification
        </Button>
      ) : null}
      {canDelete ? (
        <Button
          size="sm"
          variant={place === 'panel' ? 'danger' : 'ghost'}
          onClick={() => onAction('delete', user.email)}
        >
          Delete
        </Button>
      ) : null}
    </>
  );
}
