import { apiSchema, HttpError, perMinute } from '@nocturne/http-kit';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../../deps';
import { commandContext } from '../../shared/context';
import { registerFormBody } from '../../shared/form-body';
import { checkAlreadyAnswered, checkExpired, checkNotFound } from '../age-check-decider';
import { checkReturnUrl } from '../age-check-provider';
import { type RefusalReason, refusalDetails, verifyAgePresentation } from '../age-verifier';
import { checkNonceOf } from '../check-secrets';
import { answerAgeCheck, loadAgeCheck } from '../record-answer';
import { bindingFor } from './authorization-request';
import { responseUriOf } from './wallet-provider';

/** The direct_post body: a vp_token (DCQL: a JSON object) and state, or the wallet's error. */
const ResponseBody = z.object({
  vp_token: z.union([z.string().max(64_000), z.record(z.string(), z.unknown())]).optional(),
  state: z.string().max(100).optional(),
  error: z.string().max(100).optional(),
  error_description: z.string().max(500).optional(),
});

const responseDoc = apiSchema({
  summary: "A wallet's OpenID4VP answer to an age check (response_mode direct_post)",
  tags: ['age-assurance'],
  consumes: ['application/x-www-form-urlencoded'],
  body: ResponseBody,
  ok: {
    200: {
      description: 'Assured, or the holder declined: the wallet sends the browser to `redirect_uri`',
      schema: z.object({ redirect_uri: z.string() }),
    },
  },
  errors: {
    400: 'Not a presentation of the age attestation, one without age_over_18: true, or no such check',
    401: 'Forged, tampered, expired, from an untrusted issuer, made for another request, or a replay (X-Redirect-Uri: where the browser goes)',
    429: 'Too many answers from this client (Retry-After)',
  },
});

/**
 * A refusal's answer is the API's `{detail}`; where the wallet may still send the browser (the
 * result page, which then shows the refusal) rides in this header.
 */
export const RETURN_HEADER = 'x-redirect-uri';

/**
 * POST /api/age-assurance/responses: the wallet's direct_post. The check is the `state`; the
 * presentation is verified against the check's own request (client_id and response_uri of this
 * endpoint, the check's nonce) and the trust list. An assuring answer is recorded once (a replay,
 * in any process, is refused by the check's stream); a refused one is recorded as refused, so the
 * browser's result shows why, and appends nothing toward `AgeAssured`. Every refusal is counted.
 */
export const walletResponseRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  await registerFormBody(app);
  const wallet = deps.options.ageWallet;

  const refuse = (reply: FastifyReply, reason: RefusalReason, checkId: string | null, detail?: string) => {
    deps.onAgeCheckAnswered?.({ outcome: 'refused', reason });
    const { status, detail: reasonDetail } = refusalDetails[reason];
    if (checkId) reply.header(RETURN_HEADER, checkReturnUrl(deps.options.publicUrl, checkId));
    return reply.code(status).send({ detail: detail ?? reasonDetail });
  };

  app.post(
    '/api/age-assurance/responses',
    {
      preHandler: perMinute(deps.limiter, 'age-wallet-response', 30, (request) => request.ip),
      schema: responseDoc,
    },
    async (request, reply) => {
      if (!wallet) throw new HttpError(400, 'Age checks by wallet are not offered here.');
      const body = ResponseBody.safeParse(request.body ?? {});
      const checkId = body.success ? body.data.state : undefined;
      if (!body.success || !checkId || !z.uuid().safeParse(checkId).success) {
        return refuse(reply, 'malformed', null, `The answer's state names no age check. ${checkNotFound}`);
      }
      const check = await loadAgeCheck(deps, checkId);
      if (check.status === 'none')
        return refuse(reply, 'malformed', null, `The answer's state names no age check. ${checkNotFound}`);
      if (check.status === 'answered') return refuse(reply, 'replayed', checkId, checkAlreadyAnswered);
      const now = deps.clock();
      if (Date.parse(check.expiresAt) <= now.getTime())
        return refuse(reply, 'replayed', checkId, checkExpired);
      const context = commandContext(request, { kind: 'anonymous' });

      let reason: RefusalReason | 'declined' | null;
      if (body.data.error) {
        reason = 'declined';
      } else {
        const vpToken = parseVpToken(body.data.vp_token);
        const binding = bindingFor(
          responseUriOf(deps.options.publicUrl),
          checkNonceOf(deps.options.secret, checkId),
        );
        const verified = await verifyAgePresentation(vpToken, binding, wallet.trustedCertificates, now);
        reason = verified.assured ? null : verified.reason;
      }
      try {
        await answerAgeCheck(
          deps,
          checkId,
          reason === null ? { assured: true } : { assured: false, reason },
          context,
        );
      } catch (error) {
        // Another answer to this check was stored first (a replay racing this one).
        if (error instanceof HttpError && error.statusCode === 409)
          return refuse(reply, 'replayed', checkId, error.detail);
        throw error;
      }
      if (reason === null || reason === 'declined') {
        return { redirect_uri: checkReturnUrl(deps.options.publicUrl, checkId) };
      }
      const { status, detail } = refusalDetails[reason];
      return reply
        .code(status)
        .header(RETURN_HEADER, checkReturnUrl(deps.options.publicUrl, checkId))
        .send({ detail });
    },
  );
};

/** A DCQL vp_token arrives form-encoded as a JSON string; anything else is passed on to be refused. */
function parseVpToken(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
