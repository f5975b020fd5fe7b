import { accountMessages } from '@nocturne/domain';
import { encodeEvent, streams } from '@nocturne/events';
import { apiSchema, HttpError, perMinute } from '@nocturne/http-kit';
import { userKeyOfAddress } from '@nocturne/vault';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { chosenId, commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { announceAppended, withPosition } from '../shared/reply';
import { accountDecider } from './account-decider';
import { PasswordResetRequestBody, parseBody, ResetPasswordBody } from './account-input';
import { loadUserState } from './load-user';
import { locateToken, oneTimeToken } from './one-time-token';
import { hashPassword } from './password';
import { rateLimitsOf } from './rate-limits';

export const resetRequestAnswer =
  'If an account exists for this email address, we have sent a link to reset the password.';

const requestResetDoc = apiSchema({
  summary: 'Ask for a password-reset link by mail',
  tags: ['accounts'],
  body: PasswordResetRequestBody,
  ok: {
    200: { description: 'The same answer for every address', schema: z.object({ message: z.string() }) },
  },
  errors: {
    400: 'No valid e-mail address',
    429: 'Too many requests from this client (Retry-After)',
  },
});

const resetPasswordDoc = apiSchema({
  summary: "Choose a new password with the mail's link token (logs out everywhere)",
  tags: ['accounts'],
  body: ResetPasswordBody,
  ok: { 200: { description: 'The password was changed', schema: z.object({ message: z.string() }) } },
  errors: {
    400: 'A token that is unknown, used or expired, or a password that breaks the rules',
    429: 'Too many resets from this client (Retry-After)',
  },
});

/**
 * POST /api/auth/request-password-reset {email}: always the same answer, given before the
 * address is looked up; for an account, a PasswordResetRequested whose link (derived from the
 * event id) the mail reactor sends.
 * POST /api/auth/reset-password {token, password}: once, within an hour; sets the new hash and
 * revokes every session (PasswordReset; user-state clears them).
 */
export const passwordResetRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const { passwordResetPerMinute } = rateLimitsOf(deps.options);
  const requestsPerIp = perMinute(deps.limiter, 'reset-request', passwordResetPerMinute, (r) => r.ip);
  const resetsPerIp = perMinute(deps.limiter, 'reset', passwordResetPerMinute, (r) => r.ip);

  /**
   * Whether an address has an account must not show in the answer: its headers, its body or its
   * time, nor in the log's head that any later answer tells. So every request is answered
   * before anything is looked up, with the log's head as its position, and the lookup and one
   * append run after it: the account's PasswordResetRequested, or for any other address (no
   * account, or one that takes no reset) a PasswordResetUnmatched that names nobody. A closing
   * server waits for the ones in flight.
   */
  const recording = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...recording]);
  });
  async function recordResetRequest(email: string, request: FastifyRequest): Promise<void> {
    const { userKey } = await userKeyOfAddress(deps.vault, email);
    const context = commandContext(request, { kind: 'anonymous' });
    const grantEventId = chosenId(context, streams.user(userKey));
    const reset = oneTimeToken(deps.options.secret, 'reset', userKey, grantEventId);
    const result = await handleCommand(
      deps.store,
      streams.user(userKey),
      accountDecider,
      command('RequestPasswordReset', { tokenDigest: reset.digest }, deps.clock()),
      context,
      { eventIds: () => grantEventId },
    );
    if (result.events.length > 0) {
      announceAppended(deps, result.position);
      return;
    }
    // The same one step forward of the head as an account's request; the event id is chosen as
    // the account's is, so a retry of the same action (its Idempotency-Key) stores nothing twice.
    const unmatched = streams.unmatchedResetRequests();
    const recorded = await deps.store.append(
      unmatched,
      [encodeEvent({ type: 'PasswordResetUnmatched', data: {} }, context, chosenId(context, unmatched))],
      'any',
    );
    announceAppended(deps, recorded.position);
  }

  const askOptions = { preHandler: requestsPerIp, schema: requestResetDoc };
  app.post('/api/auth/request-password-reset', askOptions, async (request, reply) => {
    const { email } = parseBody(PasswordResetRequestBody, request.body);
    const head = await deps.store.headPosition();
    const work = recordResetRequest(email, request).catch((error: unknown) => {
      request.log.error({ err: error }, 'a password reset request was not recorded');
    });
    recording.add(work);
    void work.finally(() => recording.delete(work));
    return reply.header('X-Event-Position', String(head)).send({ message: resetRequestAnswer });
  });

  const resetOptions = { preHandler: resetsPerIp, schema: resetPasswordDoc };
  app.post('/api/auth/reset-password', resetOptions, async (request, reply) => {
    const { token, password } = parseBody(ResetPasswordBody, request.body);
    const located = locateToken(token);
    if (!located) throw new HttpError(400, accountMessages.resetUnknown);
    const before = await loadUserState(deps.store, located.userKey);
    if (!before.accountId) throw new HttpError(400, accountMessages.resetUnknown);
    const encryptedPasswordHash = await deps.vault.encrypt(before.accountId, await hashPassword(password));
    const result = await handleCommand(
      deps.store,
      streams.user(located.userKey),
      accountDecider,
      command(
        'ResetPassword',
        { tokenDigest: located.digest, accountId: before.accountId, encryptedPasswordHash },
        deps.clock(),
      ),
      commandContext(request, { kind: 'user', userKey: located.userKey }),
    );
    return withPosition(reply, deps, result.position).send({
      message: 'Your password has been reset. You can now log in with your new password.',
    });
  });
};
