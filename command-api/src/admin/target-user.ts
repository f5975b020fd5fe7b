import { normaliseEmail, streams, userKeyOf } from '@nocturne/events';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';

const Params = z.object({ email: z.string().trim().min(1).max(320) });

/** The user an admin route names by e-mail (`/api/admin/users/{email}/...`, URL-encoded). */
export function targetUser(request: FastifyRequest, deps: Pick<CommandApiDeps, 'options'>) {
  const email = normaliseEmail(Params.parse(request.params).email);
  const userKey = userKeyOf(email, deps.options.secret);
  return { email, userKey, stream: streams.user(userKey) };
}
