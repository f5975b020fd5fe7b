import type { IncomingHttpHeaders } from 'node:http';
import type { QueryApiDeps } from '../deps';
import type { Signer } from '../images/signed-ref';
import type { Viewer } from '../stories/viewer';
import type { SessionUser } from '../users/session-user';
import { type AgeGate, type ExplicitAccess, GATED, OPEN } from './age-gate';

/**
 * Whether the member has an assurance that has not expired (read model `age_assurances`): as read
 * with their session when it was, else asked now.
 */
export async function memberAssured(
  deps: Pick<QueryApiDeps, 'db' | 'clock'>,
  user: Pick<SessionUser, 'userKey' | 'ageAssured'>,
): Promise<boolean> {
  if (user.ageAssured !== undefined) return user.ageAssured;
  const row = await deps.db
    .selectFrom('age_assurances')
    .select('user_key')
    .where('user_key', '=', user.userKey)
    .where('expires_at', '>', deps.clock())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A viewer's access to Explicit stories. Staff (an admin code) see every story, as they moderate
 * them; a member is assured by their own unexpired assurance or by the device's visitor token
 * (the one the check just gave, before the projector has their `AgeAssured`); `signer` is the
 * viewer's own (signerFor), used for their images when they are assured.
 */
export async function explicitAccessOf(
  gate: AgeGate,
  headers: IncomingHttpHeaders,
  viewer: Viewer,
  signer: Signer | null,
  deps: Pick<QueryApiDeps, 'db' | 'clock'>,
): Promise<ExplicitAccess> {
  if (!gate.requiredFor(headers)) return OPEN;
  const now = deps.clock();
  if (viewer.admin && signer) return { kind: 'assured', signer };
  if (viewer.user && signer && (await memberAssured(deps, viewer.user))) {
    return { kind: 'assured', signer };
  }
  const visitor = gate.visitorSigner(headers, now);
  if (!visitor) return GATED;
  return { kind: 'assured', signer: signer ?? visitor };
}
