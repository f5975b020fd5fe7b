import { randomUUID } from 'node:crypto';
import { isLive, reportMessages } from '@nocturne/domain';
import { normaliseEmail, streams } from '@nocturne/events';
import { apiSchema, HttpError, perMinute, StoryIdParams, storyIdFrom } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { storyStateOf } from '../stories/live-story';
import { authenticateUser } from '../users/authenticate';
import { rateLimitsOf } from '../users/rate-limits';
import { reportDecider, reportProblem } from './report-decider';

const ReportBody = z.object({
  reason: z
    .string()
    .describe('illegal_content, involves_minor, non_consensual, copyright, spam_or_scam or other'),
  text: z.string().optional().describe('What the reporter saw (up to 1,000 characters)'),
  email: z.string().optional().describe("A visitor's address for the outcome (members: their account's)"),
});
const EmailSchema = z.email().max(320);

const reportDoc = apiSchema({
  summary: 'Report a story (anyone: a member, or a visitor with an e-mail address)',
  tags: ['stories', 'moderation'],
  params: StoryIdParams,
  body: ReportBody,
  ok: { 201: { description: 'Reported', schema: z.object({ message: z.string() }) } },
  errors: {
    400: 'An unknown reason, a text over 1,000 characters, or a visitor without a valid e-mail address',
    404: 'Story not found',
    409: 'This reporter has an open report on this story already',
    429: 'Too many reports from this client (Retry-After)',
  },
});

/**
 * The PII subject of a visitor's address and text: the report's own, so it can be shredded alone
 * (a visitor has no account whose erasure would reach it).
 */
export const reportSubject = (reportId: string) => `report-${reportId}`;

/**
 * POST /api/stories/{id}/reports {reason, text?, email?}: StoryReported on the story's
 * `story_reports-{id}` stream. A member (a live session) reports under their account and is
 * answered at its address; anyone else must give an address. One open report per reporter and
 * story; a report changes nothing about the story itself (only a moderator's decision does).
 */
export const reportStoryRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const limits = rateLimitsOf(deps.options);
  const perClient = perMinute(deps.limiter, 'report', limits.reportsPerMinute, (request) => request.ip);

  app.post(
    '/api/stories/:id/reports',
    { preHandler: perClient, schema: reportDoc },
    async (request, reply) => {
      const storyId = storyIdFrom(request.params);
      const parsed = ReportBody.safeParse(request.body ?? {});
      if (!parsed.success) throw new HttpError(400, reportMessages.unknownReason);
      const body = parsed.data;
      const text = body.text ?? '';
      // Checked before anything else (the decider asks again), so that bad input seals nothing.
      const problem = reportProblem(body.reason, text);
      if (problem) throw new HttpError(400, problem);
      const user = await authenticateUser(request, deps);
      let reporterKey: string;
      let email: string | null = null;
      if (user) {
        reporterKey = `user:${user.userKey}`;
      } else {
        const address = EmailSchema.safeParse(normaliseEmail(body.email ?? ''));
        if (!address.success) throw new HttpError(400, reportMessages.emailRequired);
        email = address.data;
        reporterKey = `visitor:${deps.vault.addressDigest(email)}`;
      }
      const reportId = randomUUID();
      const storyLive = isLive(await storyStateOf(deps.store, storyId));
      const result = await handleCommand(
        deps.store,
        streams.storyReports(storyId),
        reportDecider,
        // Sealed only when the command may be accepted: a refused report leaves no key behind.
        // A member's text is sealed under their account's key (their erasure shreds it); a
        // visitor's address and text under the report's own subject.
        async (state) => {
          const accepted = storyLive && !state.open.has(reporterKey);
          const subject = user ? user.state.accountId! : reportSubject(reportId);
          const contact =
            user?.state.encryptedEmail ??
            (email !== null && accepted ? await deps.vault.encrypt(subject, email) : null);
          const written = text.trim();
          const sealedText = written !== '' && accepted ? await deps.vault.encrypt(subject, written) : null;
          return command(
            'FileReport',
            { storyId, reportId, reason: body.reason, text, sealedText, reporterKey, contact, storyLive },
            deps.clock(),
          );
        },
        commandContext(request, user ? { kind: 'user', userKey: user.userKey } : { kind: 'anonymous' }),
      );
      return withPosition(reply.status(201), deps, result.position).send({ message: reportMessages.thanks });
    },
  );
};
