import { apiSchema, HttpError, perMinute } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../../deps';
import { commandContext } from '../../shared/context';
import { loadAgeCheck } from '../record-answer';
import { HostedProviderUnavailable } from '../yoti/yoti-provider';
import { settleHostedCheck } from './settle-hosted-check';

/**
 * Per sending address: every notification comes from the provider's few servers, one or more per
 * check, so a busy hour passes; a flood of forgeries from one address does not.
 */
export const HOSTED_NOTIFICATIONS_PER_MINUTE = 3000;

/** What a notification did: the check it names is answered, still pending, or not one of ours. */
const NotificationAnswer = z.object({ check: z.enum(['answered', 'pending', 'unknown']) });

const notificationDoc = apiSchema({
  summary: "A hosted age-check provider's signed notification (Yoti's age verification)",
  tags: ['age-assurance'],
  body: z.record(z.string(), z.unknown()),
  ok: {
    200: {
      description:
        "Received: the check it names has been asked about (the provider's result is fetched; the notification only says when)",
      schema: NotificationAnswer,
    },
  },
  errors: {
    400: 'No hosted provider is configured here',
    401: "The notification's signature is not the provider's: nothing is done",
    429: 'Too many notifications from this client (Retry-After)',
    503: 'The provider did not answer when its result was asked for: it sends the notification again',
  },
});

/**
 * POST /api/age-assurance/notifications: the hosted provider's notification after each attempt,
 * sent again until answered 200. Believed only when its signature verifies with the provider's
 * published key, and even then only as a hint: the check it names (the `reference_id` we gave,
 * inside the signed payload, and the session the check was started with) is settled by fetching
 * the session's result. A forged one is refused, counted, and appends nothing.
 */
export const hostedNotificationRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const adapter = deps.ageHosted;
  app.post(
    '/api/age-assurance/notifications',
    {
      preHandler: perMinute(
        deps.limiter,
        'age-hosted-notification',
        HOSTED_NOTIFICATIONS_PER_MINUTE,
        (request) => request.ip,
      ),
      bodyLimit: 16 * 1024,
      schema: notificationDoc,
    },
    async (request) => {
      if (!adapter) throw new HttpError(400, 'Age checks by a hosted provider are not offered here.');
      const named = adapter.readNotification(request.body);
      if (!named) {
        deps.onAgeCheckAnswered?.({ outcome: 'refused', reason: 'forged_notification' });
        throw new HttpError(401, "The notification's signature is not the age check provider's.");
      }
      const checkId = named.checkId;
      // Genuine but about no check of ours: answered 200, or the provider would send it forever.
      if (!checkId || !z.uuid().safeParse(checkId).success) return { check: 'unknown' as const };
      const check = await loadAgeCheck(deps, checkId);
      if (check.status === 'none' || check.reference !== named.session) return { check: 'unknown' as const };
      if (check.status === 'answered') return { check: 'answered' as const };
      try {
        const settled = await settleHostedCheck(
          deps,
          adapter,
          checkId,
          check,
          commandContext(request, { kind: 'system' }),
        );
        return { check: settled.status === 'answered' ? ('answered' as const) : ('pending' as const) };
      } catch (error) {
        if (error instanceof HostedProviderUnavailable) {
          throw new HttpError(503, 'The age check provider did not answer; send the notification again.');
        }
        throw error;
      }
    },
  );
};
