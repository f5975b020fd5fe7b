import { apiSchema, requireAdmin } from '@nocturne/http-kit';
import { waitlistSubject } from '@nocturne/vault';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { currentHandle, releasePenName } from '../creators/choose-pen-name';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { adminActorOnUser } from './admin-actor';
import { adminCommandErrors, adminRateLimit } from './admin-rate-limit';
import { deleteUserDecider } from './delete-user-decider';
import { TargetUserParams, targetUser } from './target-user';

const deleteUserDoc = apiSchema({
  summary: 'Delete a user and erase their personal data (admin)',
  tags: ['admin'],
  security: ['admin'],
  params: TargetUserParams,
  ok: { 200: { description: 'Deleted', schema: z.object({ message: z.string() }) } },
  errors: {
    ...adminCommandErrors,
    404: 'User not found',
  },
});

/**
 * DELETE /api/admin/users/{email}: UserDeleted, then the account's key is destroyed, so every
 * personal field of its events (e-mail, password hash, IP) becomes unreadable for good, in
 * answers, replays and rebuilds alike. The address's waitlist entry is shredded as well (its
 * claim goes with its key, so nothing leads from the address to it any more), and
 * the development outbox's mails to the address are removed. The account's pen name is released
 * first, while its sealed handle can still be opened: the handle is free for anyone, and the
 * creator's page, which the read models build from the sealed choice, is gone with the key.
 * The key goes only after the event is stored: a failed append must leave the account readable.
 */
export const deleteUserRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const options = { preHandler: adminRateLimit(deps), schema: deleteUserDoc };
  app.delete('/api/admin/users/:email', options, async (request, reply) => {
    const admin = requireAdmin(request);
    const target = await targetUser(request, deps);
    const context = commandContext(request, await adminActorOnUser(deps, admin, target.userKey));
    const handle = await currentHandle(deps, target.userKey);
    if (handle !== null) await releasePenName(deps.store, target.userKey, handle, deps.clock(), context);
    const result = await handleCommand(
      deps.store,
      target.stream,
      deleteUserDecider,
      command('DeleteUser', {}, deps.clock()),
      context,
    );
    const deleted = result.events.find((e) => e.type === 'UserDeleted');
    if (deleted?.type === 'UserDeleted') await deps.vault.destroy(deleted.data.accountId);
    const waitlistEntry = await deps.vault.waitlistEntryOf(target.addressDigest);
    if (waitlistEntry !== null) await deps.vault.destroy(waitlistSubject(waitlistEntry));
    // After the key: a mail the reactor writes meanwhile can no longer decrypt its address.
    await deps.mailOutbox?.eraseMailTo(target.email);
    return withPosition(reply, deps, result.position).send({ message: 'User deleted successfully' });
  });
};
