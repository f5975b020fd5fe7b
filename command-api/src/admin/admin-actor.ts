import type { Actor } from '@nocturne/events';
import { type AdminCaller, adminActor } from '@nocturne/http-kit';
import type { CommandApiDeps } from '../deps';
import { loadUserState } from '../users/load-user';

/**
 * The admin as the actor of events on a user's stream. The admin's IP address is sealed under
 * the account's key, like the account's own personal fields, so deleting the account shreds
 * it too. Without an account there is nothing to seal under, and nothing will be
 * recorded: every admin decision on such a stream is a refusal.
 */
export async function adminActorOnUser(
  deps: Pick<CommandApiDeps, 'store' | 'vault'>,
  admin: AdminCaller,
  userKey: string,
): Promise<Actor> {
  const { accountId } = await loadUserState(deps.store, userKey);
  const ip = accountId && admin.ip ? await deps.vault.encrypt(accountId, admin.ip) : '';
  return adminActor(admin, ip);
}
