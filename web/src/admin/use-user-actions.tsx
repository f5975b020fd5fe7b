import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useToast } from '../ui/Toast';
import { deleteUser, messageOf, resendVerification, setPremium } from './admin-api';
import { adminKeys } from './admin-queries';

/** What may be done to a user from the panel. */
export type UserAction = 'grant' | 'remove-premium' | 'resend' | 'delete';

interface Asked {
  action: UserAction;
  email: string;
}

/** Each action's question; the delete's wording is the product's own, kept word for word. */
const questions: Record<
  UserAction,
  (email: string) => {
    title: string;
    message: string;
    confirmLabel: string;
    variant: 'danger' | 'secondary';
  }
> = {
  grant: (email) => ({
    title: 'Grant Premium?',
    message: `${email} becomes a premium member and can open premium stories.`,
    confirmLabel: 'Grant Premium',
    variant: 'secondary',
  }),
  'remove-premium': (email) => ({
    title: 'Remove Premium?',
    message: `${email} goes back to a free account and can no longer open premium stories.`,
    confirmLabel: 'Remove Premium',
    variant: 'secondary',
  }),
  resend: (email) => ({
    title: 'Resend the verification e-mail?',
    message: `A new verification link goes to ${email}.`,
    confirmLabel: 'Resend Verification',
    variant: 'secondary',
  }),
  delete: (email) => ({
    title: 'Delete this user?',
    message: `Are you sure you want to delete user ${email}?`,
    confirmLabel: 'Delete',
    variant: 'danger',
  }),
};

/**
 * The users' actions (from a row, the user's panel or a pending payment): each asked in a
 * dialog first, then told in a toast with the product's messages, "Failed to ..." when the server
 * refuses, "Error ..." when the request itself fails. `dialog` is rendered by whoever asks.
 */
export function useUserActions(token: string): {
  ask(action: UserAction, email: string): void;
  dialog: ReactNode;
} {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [asked, setAsked] = useState<Asked | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: adminKeys.all() });

  async function togglePremium(email: string, premiumMember: boolean) {
    try {
      const response = await setPremium(token, email, premiumMember);
      if (response.ok) {
        toast({
          message: `User subscription ${premiumMember ? 'enabled' : 'disabled'} successfully!`,
          tone: 'success',
        });
        await reload();
      } else {
        toast({ message: 'Failed to update user subscription', tone: 'error' });
      }
    } catch (error) {
      console.error('Updating premium failed', error);
      toast({ message: 'Error updating user subscription', tone: 'error' });
    }
  }

  async function resend(email: string) {
    try {
      const response = await resendVerification(token, email);
      const message = await messageOf(response);
      if (response.ok)
        toast({ message: message ?? `Verification email resent to ${email}`, tone: 'success' });
      else toast({ message: message ?? 'Failed to resend verification email', tone: 'error' });
    } catch (error) {
      console.error('Resending the verification failed', error);
      toast({ message: 'Error resending verification email', tone: 'error' });
    }
  }

  async function remove(email: string) {
    try {
      const response = await deleteUser(token, email);
      if (response.ok) {
        toast({ message: 'User deleted successfully!', tone: 'success' });
        await reload();
      } else {
        toast({ message: 'Failed to delete user', tone: 'error' });
      }
    } catch (error) {
      console.error('Deleting the user failed', error);
      toast({ message: 'Error deleting user', tone: 'error' });
    }
  }

  const run = ({ action, email }: Asked) =>
    action === 'grant'
      ? togglePremium(email, true)
      : action === 'remove-premium'
        ? togglePremium(email, false)
        : action === 'resend'
          ? resend(email)
          : remove(email);

  const question = asked ? questions[asked.action](asked.email) : null;
  const dialog =
    asked && question ? (
      <ConfirmDialog
        title={question.title}
        message={question.message}
        confirmLabel={question.confirmLabel}
        confirmVariant={question.variant}
        onConfirm={() => run(asked)}
        onClose={() => setAsked(null)}
      />
    ) : null;

  return { ask: (action, email) => setAsked({ action, email }), dialog };
}
