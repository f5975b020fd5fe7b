import { type AccountSummary, accountMessages } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { apiSchema, HttpError, perMinute } from '@nocturne/http-kit';
import { userKeyOfAddress } from '@nocturne/vault';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { accountDecider } from './account-decider';
import { LoginBody, parseBody } from './account-input';
import { loadUserState } from './load-user';
import { loginThrottle } from './login-throttle';
import { newSessionToken } from './one-time-token';
import { verifyPassword } from './password';
import { rateLimitsOf } from './rate-limits';

const loginDoc = apiSchema({
  summary: 'Log in: a session token (Bearer) and the account',
  tags: ['accounts'],
  body: LoginBody,
  ok: {
    200: {
      description: 'Logged in',
      schema: z.object({
        token: z.string(),
        user: z.object({
          email: z.string(),
          is_subscribed: z.boolean(),
          premium_stories_remaining: z.number().int(),
        }),
      }),
    },
  },
  errors: {
    400: 'The body is not a valid login (no e-mail, no password)',
    401: 'Invalid email or password',
    403: 'The e-mail address is not verified yet',
    429: 'Too many logins from this client, or too many failures on this account (Retry-After)',
  },
});

/**
 * POST /api/auth/login {email, password} -> {token, user}. The password is checked (argon2id)
 * before deciding; for an unknown address a dummy hash is checked instead, so both take the same
 * time and give the same 401. The decider then refuses if the hash changed meanwhile, and
 * refuses an unverified account with 403. Only the session token's digest is recorded.
 */
export const loginRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const limits = rateLimitsOf(deps.options);
  const perIp = perMinute(deps.limiter, 'login', limits.loginPerMinute, (request) => request.ip);
  // Keyed by the digest of whatever address is tried: guessing one account's password from
  // many addresses is slowed too, without locking its owner out (login-throttle.ts).
  const chargeFailure = loginThrottle(deps.limiter, limits);

  app.post('/api/auth/login', { preHandler: perIp, schema: loginDoc }, async (request, reply) => {
    const input = parseBody(LoginBody, request.body);
    const { addressDigest, userKey } = await userKeyOfAddress(deps.vault, input.email);
    const refund = await chargeFailure(addressDigest, request.ip);
    const state = await loadUserState(deps.store, userKey);
    const storedHash =
      state.status === 'registered' && state.encryptedPasswordHash
        ? await deps.vault.decrypt(state.encryptedPasswordHash)
        : null;
    if (!(await verifyPassword(storedHash, input.password))) {
      throw new HttpError(401, accountMessages.invalidCredentials);
    }
    await refund();
    const session = newSessionToken(userKey);
    const result = await handleCommand(
      deps.store,
      streams.user(userKey),
      accountDecider,
      command(
        'LogIn',
        { checkedPasswordHash: state.encryptedPasswordHash!, sessionDigest: session.digest },
        deps.clock(),
      ),
      commandContext(request, { kind: 'user', userKey }),
    );
    return withPosition(reply, deps, result.position).send({
      token: session.token,
      user: {
        email: input.email,
        is_subscribed: result.state.isPremiumMember,
        premium_stories_remaining: result.state.premiumRemaining,
      } satisfies AccountSummary,
    });
  });
};
