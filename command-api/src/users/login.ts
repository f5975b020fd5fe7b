import { streams, userKeyOf } from '@nocturne/events';
import { accountMessages } from '@nocturne/events/domain';
import { HttpError } from '@nocturne/events/http';
import type { FastifyPluginAsync } from 'fastify';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { accountDecider } from './account-decider';
import { LoginBody, parseBody } from './account-input';
import { loadUserState } from './load-user';
import { newSessionToken } from './one-time-token';
import { verifyPassword } from './password';
import { defaultAccountRateLimits, perMinuteLimit } from './rate-limits';

/**
 * POST /api/auth/login {email, password} -> {token, user}. The password is checked (argon2id)
 * before deciding; for an unknown address a dummy hash is checked instead, so both take the same
 * time and give the same 401. The decider then refuses if the hash changed meanwhile, and
 * refuses an unverified account with 403. Only the session token's digest is recorded.
 */
export const loginRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const { loginPerMinute } = { ...defaultAccountRateLimits, ...deps.options.accountRateLimits };
  const perIp = perMinuteLimit(app, loginPerMinute, (request) => `login-ip:${request.ip}`);
  // Keyed by the user key of whatever address is tried: guessing one account's password from
  // many addresses is limited too. An unparsable body gets a constant key (and a 400 anyway).
  const perAccount = perMinuteLimit(app, loginPerMinute, (request) => {
    const body = LoginBody.safeParse(request.body);
    return `login-account:${body.success ? userKeyOf(body.data.email, deps.options.secret) : '-'}`;
  });

  app.post('/api/auth/login', { preHandler: [perIp, perAccount] }, async (request, reply) => {
    const input = parseBody(LoginBody, request.body);
    const userKey = userKeyOf(input.email, deps.options.secret);
    const state = await loadUserState(deps.store, userKey);
    const storedHash =
      state.status === 'registered' && state.encryptedPasswordHash
        ? await deps.vault.decrypt(state.encryptedPasswordHash)
        : null;
    if (!(await verifyPassword(storedHash, input.password))) {
      throw new HttpError(401, accountMessages.invalidCredentials);
    }
    const session = newSessionToken(userKey);
    const result = await handleCommand(
      deps.store,
      streams.user(userKey),
      accountDecider,
      {
        kind: 'LogIn',
        checkedPasswordHash: state.encryptedPasswordHash!,
        sessionDigest: session.digest,
        now: deps.clock(),
      },
      commandContext(request, { kind: 'user', userKey }),
    );
    return withPosition(reply, deps, result.position).send({
      token: session.token,
      user: {
        email: input.email,
        is_subscribed: result.state.isSubscribed,
        premium_stories_remaining: result.state.premiumRemaining,
      },
    });
  });
};
