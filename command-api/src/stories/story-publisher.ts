import type { Actor } from '@nocturne/events';
import { adminActor, HttpError } from '@nocturne/http-kit';
import type { FastifyRequest } from 'fastify';
import type { CommandApiDeps } from '../deps';
import { inviteAttemptLimit, isValidInviteCode } from '../invites/invite-codes';
import { authenticateUser } from '../users/authenticate';

/**
 * Who may publish a story: an admin (X-Admin-Code), the holder of a valid invite code
 * (X-Invite-Code, checked on the server), or a logged-in user whose e-mail is verified.
 * Anyone else gets 401. Checked before the upload is read. An X-Invite-Code counts as an
 * invite-code attempt, in the same budget as the invite check.
 */
export async function storyPublisher(
  request: FastifyRequest,
  deps: CommandApiDeps,
  inviteAttempt = inviteAttemptLimit(deps),
): Promise<Actor> {
  const admin = request.admin;
  if (admin) return adminActor(admin);
  const invite = request.headers['x-invite-code'];
  if (invite !== undefined) {
    await inviteAttempt(request);
    if (typeof invite === 'string' && isValidInviteCode(invite, deps.options.inviteCodes)) {
      return { kind: 'invite' };
    }
  }
  return {
    kind: 'user',
    userKey: await verifiedMember(
      request,
      deps,
      'Please log in, or enter an invite code, to create stories.',
    ),
  };
}

/** The logged-in member with a verified address, who may create stories (drafts included); else 401. */
export async function verifiedMember(
  request: FastifyRequest,
  deps: CommandApiDeps,
  loginFirst = 'Please log in to create stories.',
): Promise<string> {
  const user = await authenticateUser(request, deps);
  if (user?.state.verified) return user.userKey;
  if (user) throw new HttpError(401, 'Please verify your e-mail address before creating stories.');
  throw new HttpError(401, loginFirst);
}
