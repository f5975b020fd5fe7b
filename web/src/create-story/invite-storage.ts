/**
 * Where the invite page keeps the accepted invite code (spec.md section 3, client storage).
 * The invite feature (web/src/invite/) owns the key; it was not there when this was written,
 * so this uses the agreed name `invite_code`.
 */
export const INVITE_CODE_KEY = 'invite_code';

export function storedInviteCode(): string | null {
  return localStorage.getItem(INVITE_CODE_KEY);
}
