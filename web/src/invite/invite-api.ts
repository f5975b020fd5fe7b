import { api } from '../api/client';
import { INVITE_CODE_KEY } from '../create-story/invite-storage';

/** Invite codes are compared by the server (they never ship in the bundle). */
export async function isInviteCodeValid(code: string): Promise<boolean> {
  const { valid } = await api<{ valid: boolean }>('/api/invites/check', {
    method: 'POST',
    body: { code: code.trim() },
    token: null,
  });
  return valid;
}

/** Keeps an accepted code (client storage), which opens /create_stories. */
export function storeInviteCode(code: string): void {
  localStorage.setItem(INVITE_CODE_KEY, code.trim());
}

export const invalidInviteMessage = 'Invalid invite code. Please try again or join the waitlist below.';
export const inviteWelcomeAlert =
  'Welcome to the exclusive story creation feature! You now have access to create unlimited AI stories.';
