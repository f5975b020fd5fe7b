import { normaliseEmail, streams } from '@nocturne/events';
import { userKeyOfAddress } from '@nocturne/vault';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';

/** The `{email}` of the admin's user routes (URL-encoded); also their documented params. */
export const TargetUserParams = z.object({ email: z.string().trim().min(1).max(320) });

/**
 * The user an admin route names by e-mail (`/api/admin/users/{email}/...`, URL-encoded): the
 * account the address leads to (address-claims.ts), and the address's digest, which leads to what
 * belongs to the address rather than to an account (its waitlist entry).
 */
export async function targetUser(request: FastifyRequest, deps: Pick<CommandApiDeps, 'vault'>) {
  const email = normaliseEmail(TargetUserParams.parse(request.params).email);
  const { addressDigest, userKey } = await userKeyOfAddress(deps.vault, email);
  return { email, addressDigest, userKey, stream: streams.user(userKey) };
}
