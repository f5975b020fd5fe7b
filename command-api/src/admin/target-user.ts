import { normaliseEmail, streams, userKeyOf } from '@nocturne/events';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';

/** The `{email}` of the admin's user routes (URL-encoded); also their documented params. */
export const TargetUserParams = z.object({ email: z.string().trim().min(1).max(320) });

/** The user an admin route names by e-mail (`/api/admin/users/{email}/...`, URL-encoded). */
export function targetUser(request: FastifyRequest, deps: Pick<CommandApiDeps, 'options'>) {
  const email = normaliseEmail(TargetUserParams.parse(request.params).email);
  const userKey = userKeyOf(email, deps.options.secret);
  return { email, userKey, stream: streams.user(userKey) };
}
