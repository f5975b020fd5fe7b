/**
 * Where an accepted invite code is kept (client storage): the invite page
 * (web/src/invite/) stores it, /create_stories reads it and sends it as X-Invite-Code.
 */
export const INVITE_CODE_KEY = 'invite_code';

export function storedInviteCode(): string | null {
  return localStorage.getItem(INVITE_CODE_KEY);
}
