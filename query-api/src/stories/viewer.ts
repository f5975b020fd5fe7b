import type { AdminCaller } from '@nocturne/http-kit';
import type { FastifyRequest } from 'fastify';
import type { QueryApiDeps } from '../deps';
import { adminSubject, type Signer, userSubject } from '../images/signed-ref';
import { type SessionUser, sessionUser } from '../users/session-user';

/** Who is asking: an admin (X-Admin-Code), a logged-in user (Bearer), or nobody in particular. */
export interface Viewer {
  admin: AdminCaller | null;
  user: SessionUser | null;
}

export async function viewerOf(request: FastifyRequest, deps: QueryApiDeps): Promise<Viewer> {
  const admin = request.admin;
  const user = request.headers.authorization ? await sessionUser(request, deps) : null;
  return { admin, user };
}

/** Signs premium image references for this viewer; null for a viewer who is nobody. */
export function signerFor(viewer: Viewer, deps: QueryApiDeps): Signer | null {
  const subject = viewer.admin
    ? adminSubject(viewer.admin.session)
    : viewer.user
      ? userSubject(viewer.user.userKey)
      : null;
  return subject ? { secret: deps.options.secret, subject, now: deps.clock() } : null;
}

/**
 * The premium stories this user has unlocked and may read now (of `storyId` only, when given):
 * none for nobody, and none without premium (a revoked user reads no premium story, unlocked
 * or not, until premium is granted again).
 */
export async function unlockedBy(
  deps: QueryApiDeps,
  user: SessionUser | null,
  storyId?: string,
): Promise<Set<string>> {
  if (!user?.premium_member) return new Set();
  let query = deps.db.selectFrom('premium_unlocks').select('story_id').where('user_key', '=', user.userKey);
  if (storyId !== undefined) query = query.where('story_id', '=', storyId);
  const rows = await query.execute();
  return new Set(rows.map((r) => r.story_id));
}
