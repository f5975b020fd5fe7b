import { useQueryClient } from '@tanstack/react-query';
import { deleteUser, messageOf, resendVerification, setPremium } from './admin-api';
import { adminKeys } from './admin-queries';

/**
 * The users table's row actions with their confirmations and alerts.
 * "Failed to ..." when the server refuses, "Error ..." when the request itself fails.
 */
export function useUserActions(token: string) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: adminKeys.all() });

  async function togglePremium(email: string, premiumMember: boolean) {
    try {
      const response = await setPremium(token, email, premiumMember);
      if (response.ok) {
        alert(`User subscription ${premiumMember ? 'enabled' : 'disabled'} successfully!`);
        await reload();
      } else {
        alert('Failed to update user subscription');
      }
    } catch (error) {
      console.error('Updating premium failed', error);
      alert('Error updating user subscription');
    }
  }

  async function resend(email: string) {
    try {
      const response = await resendVerification(token, email);
      const message = await messageOf(response);
      if (response.ok) alert(message ?? `Verification email resent to ${email}`);
      else alert(message ?? 'Failed to resend verification email');
    } catch (error) {
      console.error('Resending the verification failed', error);
      alert('Error resending verification email');
    }
  }

  async function remove(email: string) {
    if (!confirm(`Are you sure you want to delete user ${email}?`)) return;
    try {
      const response = await deleteUser(token, email);
      if (response.ok) {
        alert('User deleted successfully!');
        await reload();
      } else {
        alert('Failed to delete user');
      }
    } catch (error) {
      console.error('Deleting the user failed', error);
      alert('Error deleting user');
    }
  }

  return { togglePremium, resend, remove };
}
