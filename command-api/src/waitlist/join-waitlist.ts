import { randomBytes } from 'node:crypto';
import { normaliseEmail, streams } from '@nocturne/events';
import { apiSchema, perMinute } from '@nocturne/http-kit';
import { waitlistSubject } from '@nocturne/vault';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { registerFormBody } from '../shared/form-body';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { waitlistDecider } from './waitlist-decider';

const Body = z.object({
  email: z.email({ error: 'Please enter a valid email address' }).max(320),
  feedback: z.string().max(2000).optional().default(''),
});

const waitlistDoc = apiSchema({
  summary: 'Join the waiting list',
  tags: ['waitlist'],
  consumes: ['application/x-www-form-urlencoded', 'application/json'],
  body: Body,
  ok: {
    200: { description: 'On the list (also when it was already)', schema: z.object({ message: z.string() }) },
  },
  errors: { 400: 'Not a valid e-mail address', 429: 'Too many requests from this client (Retry-After)' },
});

/**
 * POST /api/waitlist (form-encoded {email, feedback}): WaitlistJoined once per address, on
 * `waitlist-{key}` of the address's claimed entry (two joins at once find the same claim, and the
 * second is decided again on the entry the first stored). A repeat is a silent success: the
 * visitor learns nothing about who else is on the list.
 */
export const joinWaitlistRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  await registerFormBody(app);

  app.post(
    '/api/waitlist',
    { preHandler: perMinute(deps.limiter, 'waitlist', 10, (request) => request.ip), schema: waitlistDoc },
    async (request, reply) => {
      const body = Body.parse(request.body ?? {});
      const email = normaliseEmail(body.email);
      // A random key, claimed for the address in the vault: the entry's stream name says nothing
      // of the address, and once the entry is shredded (its account deleted) nothing leads to it.
      const digest = deps.vault.addressDigest(email);
      const key =
        (await deps.vault.waitlistEntryOf(digest)) ??
        (await deps.vault.claimWaitlistEntry(digest, randomBytes(16).toString('hex')));
      const result = await handleCommand(
        deps.store,
        streams.waitlist(key),
        waitlistDecider,
        command(
          'JoinWaitlist',
          {
            sealedEmail: await deps.vault.encrypt(waitlistSubject(key), email),
            feedback: body.feedback,
          },
          deps.clock(),
        ),
        commandContext(request, { kind: 'anonymous' }),
      );
      const answer = { message: 'Added to the waiting list' };
      // Joined now, or this very join retried (same Idempotency-Key): its position. A repeat
      // stored nothing and says no more than that.
      return result.events.length
        ? withPosition(reply, deps, result.position).send(answer)
        : reply.send(answer);
    },
  );
};
