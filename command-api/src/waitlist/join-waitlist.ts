import { randomBytes } from 'node:crypto';
import { encodeEvent, normaliseEmail, streams, WaitlistJoined } from '@nocturne/events';
import { WrongExpectedRevisionError } from '@nocturne/events/store';
import { apiSchema, perMinute } from '@nocturne/http-kit';
import { waitlistSubject } from '@nocturne/vault';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { chosenId, commandContext } from '../shared/context';
import { registerFormBody } from '../shared/form-body';
import { withPosition } from '../shared/reply';

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
 * `waitlist-{key}` of the address's claimed entry, appended with "no stream", so the store itself
 * refuses a second entry (two joins at once find the same claim). A
 * repeat is a silent success: the visitor learns nothing about who else is on the list.
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
      const stream = streams.waitlist(key);
      const joined = () => reply.send({ message: 'Added to the waiting list' });
      const context = commandContext(request, { kind: 'anonymous' });
      const eventId = chosenId(context, stream);
      const [first] = await deps.store.readStream(stream);
      // This very action, retried (same Idempotency-Key): answered as it was the first time.
      if (first && first.eventId === eventId && context.idempotencyKey !== undefined)
        return withPosition(reply, deps, first.position).send({ message: 'Added to the waiting list' });
      if (first) return joined();
      const event = encodeEvent(
        {
          type: WaitlistJoined.type,
          data: { email: await deps.vault.encrypt(waitlistSubject(key), email), feedback: body.feedback },
        },
        context,
        eventId,
      );
      try {
        const result = await deps.store.append(stream, [event], 'no_stream');
        return withPosition(reply, deps, result.position).send({ message: 'Added to the waiting list' });
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        return joined();
      }
    },
  );
};
