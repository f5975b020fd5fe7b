import { randomUUID } from 'node:crypto';
import { streams } from '@nocturne/events';
import { apiSchema, HttpError, perMinute } from '@nocturne/http-kit';
import { issueAgeToken } from '@nocturne/http-kit/auth';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { requireUser } from '../users/authenticate';
import { type AgeCheckState, ageCheckDecider, checkExpired, checkNotFound } from './age-check-decider';
import { ProviderUnavailable } from './age-check-provider';
import { type RefusalReason, refusalDetails } from './age-verifier';
import { checkNonceOf, checkSecretOf, isCheckSecret } from './check-secrets';
import { settleHostedCheck } from './hosted/settle-hosted-check';
import { offeredProviders } from './offered-providers';
import { loadAgeCheck } from './record-answer';
import { HostedProviderUnavailable, type HostedRefusal, hostedRefusalDetails } from './yoti/yoti-provider';

/** How long a started check waits for its answer. */
export const CHECK_LIFETIME_MS = 15 * 60_000;

const StartBody = z.object({
  method: z.enum(['wallet', 'hosted'], { error: 'method must be "wallet" or "hosted"' }),
});
const CheckParams = z.object({ id: z.string() });

const startDoc = apiSchema({
  summary: 'Start an age check with a provider',
  tags: ['age-assurance'],
  body: StartBody,
  ok: {
    201: {
      description: 'Started: send the browser to `redirect`; read the result with `secret`',
      schema: z.object({ check: z.uuid(), secret: z.string(), redirect: z.string() }),
    },
  },
  errors: {
    400: 'Not a method, or one not offered here (the detail names those offered)',
    401: 'An Authorization header that is not a live session',
    429: 'Too many checks from this client (Retry-After)',
    503: 'The provider of that method did not answer (the detail names it): another method may be chosen',
  },
});

const resultDoc = apiSchema({
  summary: "An age check's result, for the browser that started it",
  tags: ['age-assurance'],
  params: CheckParams,
  headers: z.object({ 'x-age-check-secret': z.string() }),
  ok: {
    200: {
      description: 'Pending, assured (with a visitor token), or refused (with the reason)',
      schema: z.object({
        status: z.enum(['pending', 'assured', 'refused']),
        token: z.string().optional(),
        expiresAt: z.string().optional(),
        detail: z.string().optional(),
      }),
    },
  },
  errors: {
    403: 'Not the secret of this check',
    404: 'No such check',
    429: 'Too many requests from this client (Retry-After)',
  },
});

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** What the reader is told of a refused check: the wallet's reason or the hosted provider's. */
function refusalDetailOf(reason: string | null): string {
  if (reason && reason in refusalDetails) return refusalDetails[reason as RefusalReason].detail;
  if (reason && reason in hostedRefusalDetails) return hostedRefusalDetails[reason as HostedRefusal];
  return 'The age check did not assure.';
}

/**
 * The age check's two browser-facing steps. Starting one records `AgeCheckStarted` (method,
 * provider, the member if signed in) and answers where to send the browser; the provider is told
 * the check's id and nonce only, never the story the reader wants (that stays in the browser).
 * The result is read with the secret the start answered, by that browser alone.
 */
export const ageCheckRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const hosted = deps.ageHosted;

  /**
   * A hosted provider's pending check, settled by asking the provider for its result (its
   * notification may not have come yet); a provider that does not answer leaves it pending, and
   * the browser asks again.
   */
  const settledIfHosted = async (
    check: AgeCheckState,
    id: string,
    now: Date,
    request: Parameters<typeof commandContext>[0],
  ): Promise<AgeCheckState> => {
    if (!hosted || check.status !== 'pending' || Date.parse(check.expiresAt) <= now.getTime()) return check;
    try {
      return await settleHostedCheck(deps, hosted, id, check, commandContext(request, { kind: 'anonymous' }));
    } catch (error) {
      if (error instanceof HostedProviderUnavailable) return check;
      throw error;
    }
  };
  app.post(
    '/api/age-assurance/checks',
    { preHandler: perMinute(deps.limiter, 'age-check', 10, (request) => request.ip), schema: startDoc },
    async (request, reply) => {
      const parsed = StartBody.safeParse(request.body ?? {});
      const offered = offeredProviders(deps);
      const names = offered.map((p) => p.method).join(', ') || 'none';
      if (!parsed.success) throw new HttpError(400, `method must be one of those offered here: ${names}.`);
      const provider = offered.find((p) => p.method === parsed.data.method);
      if (!provider) {
        throw new HttpError(
          400,
          `Age checks by ${parsed.data.method} are not offered here; offered: ${names}.`,
        );
      }
      const member = request.headers.authorization ? (await requireUser(request, deps)).userKey : null;
      const checkId = randomUUID();
      const now = deps.clock();
      let started: Awaited<ReturnType<typeof provider.start>>;
      try {
        started = await provider.start({ checkId, nonce: checkNonceOf(deps.options.secret, checkId) });
      } catch (error) {
        if (error instanceof ProviderUnavailable) {
          throw new HttpError(
            503,
            `${provider.label} is not answering right now. Please try another method.`,
          );
        }
        throw error;
      }
      await handleCommand(
        deps.store,
        streams.ageCheck(checkId),
        ageCheckDecider,
        command(
          'StartAgeCheck',
          {
            method: provider.method,
            provider: provider.provider,
            member,
            reference: started.reference,
            expiresAt: new Date(now.getTime() + CHECK_LIFETIME_MS).toISOString(),
          },
          now,
        ),
        commandContext(request, member ? { kind: 'user', userKey: member } : { kind: 'anonymous' }),
      );
      return reply.code(201).send({
        check: checkId,
        secret: checkSecretOf(deps.options.secret, checkId),
        redirect: started.redirect,
      });
    },
  );

  app.post(
    '/api/age-assurance/checks/:id/result',
    {
      preHandler: perMinute(deps.limiter, 'age-check-result', 120, (request) => request.ip),
      schema: resultDoc,
    },
    async (request) => {
      const { id } = CheckParams.parse(request.params);
      const found: AgeCheckState = isUuid(id) ? await loadAgeCheck(deps, id) : { status: 'none' };
      if (found.status === 'none') throw new HttpError(404, checkNotFound);
      if (!isCheckSecret(deps.options.secret, id, request.headers['x-age-check-secret'])) {
        throw new HttpError(403, 'That is not the secret of this age check.');
      }
      const now = deps.clock();
      const check = await settledIfHosted(found, id, now, request);
      if (check.status === 'none') throw new HttpError(404, checkNotFound);
      if (check.status === 'pending') {
        return Date.parse(check.expiresAt) <= now.getTime()
          ? { status: 'refused', detail: checkExpired }
          : { status: 'pending' };
      }
      if (
        check.outcome === 'refused' ||
        !check.assuranceExpiresAt ||
        Date.parse(check.assuranceExpiresAt) <= now.getTime()
      ) {
        return { status: 'refused', detail: refusalDetailOf(check.reason) };
      }
      const expiresAt = check.assuranceExpiresAt;
      return {
        status: 'assured',
        token: issueAgeToken(deps.options.secret, { method: check.method, expiresAt }, now),
        expiresAt,
      };
    },
  );
};
